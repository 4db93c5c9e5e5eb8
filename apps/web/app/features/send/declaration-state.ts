import {
  formatDate,
  type ContractSignature,
  type DeclarationSignRequest,
  type DeclarationView,
} from '@cbp/core';
import type { SignaturePadValue } from '@cbp/ui';

import type { Loaded } from '../../lib/client-loader';

/**
 * The declaración responsable on the send screen (decision 0640): read it, sign it with the pad
 * or the typed name, download it once signed; signed again when the review changed after it.
 */
export type DeclarationState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string }
  | {
      readonly kind: 'loaded';
      readonly view: DeclarationView;
      readonly signature: ContractSignature | null;
      readonly signing: boolean;
      /** The last refusal or failure, in the server's Spanish or ours. */
      readonly error: string | null;
      /** Signed during this visit: focus goes to the result and the pad is gone. */
      readonly justSigned: boolean;
    };

export type DeclarationAction =
  | { readonly type: 'reload' }
  | { readonly type: 'loaded'; readonly view: DeclarationView }
  | { readonly type: 'load-failed'; readonly message: string }
  | { readonly type: 'set-signature'; readonly signature: ContractSignature | null }
  | { readonly type: 'sign' }
  | { readonly type: 'signed'; readonly view: DeclarationView }
  /** Refused because the declaration changed meanwhile: the new text is shown to sign. */
  | { readonly type: 'changed'; readonly view: DeclarationView; readonly message: string }
  | { readonly type: 'sign-failed'; readonly message: string };

export const INITIAL_DECLARATION: DeclarationState = { kind: 'loading' };

/** What the send screen's loader read, as the action that puts it on screen. */
export function loadedDeclaration(loaded: Loaded<DeclarationView>): DeclarationAction {
  return loaded.kind === 'loaded'
    ? { type: 'loaded', view: loaded.data }
    : { type: 'load-failed', message: loaded.message };
}

/** The section's state on arrival. */
export function declarationStateFrom(loaded: Loaded<DeclarationView>): DeclarationState {
  return declarationReducer(INITIAL_DECLARATION, loadedDeclaration(loaded));
}

/** The pad's value as the API takes it: the drawing, or the typed name itself. */
export function toSignature(value: SignaturePadValue | null): ContractSignature | null {
  if (value === null) return null;
  return value.mode === 'type'
    ? { tipo: 'escrita', nombre: value.name }
    : { tipo: 'dibujada', imagen: value.image };
}

/** Whether the declaration waits for a signature: never signed, or signed before a change. */
export function needsSignature(view: DeclarationView): boolean {
  return view.estado === 'sin-firmar' || view.estado === 'desactualizada';
}

/** Whether 'Firmar la declaración' can work now. */
export function canSign(state: DeclarationState): boolean {
  return (
    state.kind === 'loaded' &&
    needsSignature(state.view) &&
    state.view.huella !== null &&
    state.signature !== null &&
    !state.signing
  );
}

/** The request for what the screen shows: the signature and the text's fingerprint. */
export function signRequest(state: DeclarationState): DeclarationSignRequest | null {
  if (!canSign(state) || state.kind !== 'loaded') return null;
  const { signature } = state;
  const huella = state.view.huella;
  if (signature === null || huella === null) return null;
  return { firma: signature, huella };
}

/** '28/11/2026' once signed; null before. */
export function signedOn(view: DeclarationView): string | null {
  return view.firmadaEn === null ? null : formatDate(view.firmadaEn);
}

export function declarationReducer(
  state: DeclarationState,
  action: DeclarationAction,
): DeclarationState {
  switch (action.type) {
    case 'reload':
      return { kind: 'loading' };
    case 'load-failed':
      return { kind: 'failed', message: action.message };
    case 'loaded':
      return {
        kind: 'loaded',
        view: action.view,
        signature: state.kind === 'loaded' ? state.signature : null,
        signing: false,
        error: null,
        justSigned: false,
      };
    default:
      return state.kind === 'loaded' ? loadedAction(state, action) : state;
  }
}

type LoadedState = Extract<DeclarationState, { kind: 'loaded' }>;

function loadedAction(state: LoadedState, action: DeclarationAction): LoadedState {
  switch (action.type) {
    case 'set-signature':
      return { ...state, signature: action.signature, error: null };
    case 'sign':
      return canSign(state) ? { ...state, signing: true, error: null } : state;
    case 'signed':
      return {
        ...state,
        view: action.view,
        signature: null,
        signing: false,
        error: null,
        justSigned: true,
      };
    case 'changed':
      // The signature stays: the person reads the new text and signs it with the same stroke.
      return { ...state, view: action.view, signing: false, error: action.message };
    case 'sign-failed':
      return { ...state, signing: false, error: action.message };
    default:
      return state;
  }
}
