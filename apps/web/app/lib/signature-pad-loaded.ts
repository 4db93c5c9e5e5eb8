// The signature pad (its canvas handling and the typed signature's drawing), loaded on demand:
// see lazy-signature-pad.tsx.
export { SignaturePad } from '@cbp/ui';
