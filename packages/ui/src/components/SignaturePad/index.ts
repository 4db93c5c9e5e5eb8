export { SignaturePad } from './SignaturePad';
export type {
  SignaturePadMode,
  SignaturePadProps,
  SignaturePadState,
  SignaturePadValue,
} from './SignaturePad';
export { renderTypedSignature } from './typed-signature';
export type { TypedSignatureStyle } from './typed-signature';
