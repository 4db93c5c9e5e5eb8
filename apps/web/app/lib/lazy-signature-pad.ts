import type { SignaturePadProps } from '@cbp/ui';

import { onDemandPart } from './on-demand-part';

const signaturePad = onDemandPart<SignaturePadProps>({
  load: () => import('./signature-pad-loaded').then((module) => module.SignaturePad),
  loading: 'Cargando el recuadro de firma...',
  unreachable:
    'No hemos podido cargar el recuadro de firma. Comprueba tu conexión y pulsa «Intentar de nuevo».',
});

/**
 * @cbp/ui's SignaturePad, downloaded with the step that asks for a signature: its canvas handling
 * and the typed signature's drawing are not part of the screens that show it.
 */
export const LazySignaturePad = signaturePad.Part;

/** Called by the step before the signature (the terms), so the pad is there when it shows. */
export const preloadSignaturePad = signaturePad.preload;
