import {
  formatDate,
  SUBMISSION_MISSING_KINDS,
  type DocumentState,
  type ReviewDraft,
  type ReviewFieldName,
  type SubmissionDocument,
  type SubmissionMissing,
  type SubmissionView,
} from '@cbp/core';

import type { Loaded } from '../../lib/client-loader';
import { formatAnswer } from '../review/summary';
import { FIELD_LABELS, NOT_GIVEN } from '../review/strings';
import {
  BUILD_FAILED_FALLBACK,
  CODE_UNDECIDED,
  DOWNLOAD,
  FULL_NAME_LABEL,
  MISSING_KIND_TITLES,
  NO_CODE_REJECTED,
  NO_MEASURES,
  NO_MEASURES_REJECTED,
  partLabel,
  PAYMENT_STATES,
} from './strings';

// ---------------------------------------------------------------------------------------------
// What the page shows

export interface MissingGroup {
  readonly kind: SubmissionMissing['tipo'];
  readonly title: string;
  readonly items: readonly { readonly message: string; readonly href: string }[];
}

/** The declaration is signed on this screen: its item leads to its section. */
export const DECLARATION_HREF = '#declaracion-responsable';

/**
 * What is still missing, grouped as the person fixes it: the review, the declaration, the
 * documents, the payment, each item linking to where it is done. Items keep the server's order
 * within a group.
 */
export function missingGroups(faltan: readonly SubmissionMissing[]): MissingGroup[] {
  return SUBMISSION_MISSING_KINDS.flatMap((kind) => {
    const items = faltan
      .filter((item) => item.tipo === kind)
      .map((item) => ({
        message: item.mensaje,
        href: kind === 'declaracion' ? DECLARATION_HREF : item.enlace,
      }));
    return items.length === 0 ? [] : [{ kind, title: MISSING_KIND_TITLES[kind], items }];
  });
}

/**
 * What the letter's code and measures read while the server gives none: to be decided by the
 * review, or none at all when the person's latest calculation says they cannot apply.
 */
export function letterPlaceholders(view: SubmissionView): { code: string; measures: string } {
  const rejected = view.faltan.some((item) => item.tipo === 'calculo');
  return rejected
    ? { code: NO_CODE_REJECTED, measures: NO_MEASURES_REJECTED }
    : { code: CODE_UNDECIDED, measures: NO_MEASURES };
}

/** How a document's state reads: core's word for it (decision 0671), 'Falta' in red. */
export interface DocumentBadge {
  readonly status: DocumentState;
  readonly tone?: 'danger';
}

export function documentBadge(situacion: SubmissionDocument['situacion']): DocumentBadge {
  return situacion === 'falta' ? { status: situacion, tone: 'danger' } : { status: situacion };
}

export interface DocumentGroup {
  readonly persona: string;
  readonly documents: readonly {
    readonly id: string;
    readonly nombre: string;
    readonly badge: DocumentBadge;
  }[];
}

/** The documents by whose they are ('Titular 1', 'Hipoteca'...), in the order the server lists them. */
export function documentGroups(documentos: readonly SubmissionDocument[]): DocumentGroup[] {
  const groups = new Map<string, DocumentGroup['documents'][number][]>();
  for (const document of documentos) {
    const list = groups.get(document.persona) ?? [];
    list.push({
      id: document.id,
      nombre: document.nombre,
      badge: documentBadge(document.situacion),
    });
    groups.set(document.persona, list);
  }
  return [...groups].map(([persona, documents]) => ({ persona, documents }));
}

export function planText(plan: SubmissionView['plan']): { plan: string; pago: string } {
  if (plan === null) return { plan: NOT_GIVEN, pago: PAYMENT_STATES.none };
  return { plan: plan.nombre, pago: plan.pagado ? PAYMENT_STATES.paid : PAYMENT_STATES.unpaid };
}

/** Whether the bank file is being prepared: accepted or in progress, not yet sent. */
export function isBuilding(view: SubmissionView): boolean {
  const estado = view.preparacion?.estado;
  return view.estado === 'borrador' && (estado === 'aceptado' || estado === 'en-preparacion');
}

/** Whether 'Enviar expediente' can work: a draft with nothing missing and nothing in progress. */
export function canSend(view: SubmissionView): boolean {
  return view.estado === 'borrador' && view.faltan.length === 0 && !isBuilding(view);
}

/** The preparation as the screen shows it: in progress with how far it got, or failed and why. */
export type BuildStatus =
  | { readonly kind: 'building'; readonly done: number; readonly total: number }
  | { readonly kind: 'failed'; readonly reason: string }
  | null;

export function buildStatus(view: SubmissionView): BuildStatus {
  const build = view.preparacion;
  if (view.estado !== 'borrador' || build === null) return null;
  if (build.estado === 'fallido') {
    return { kind: 'failed', reason: build.motivo ?? BUILD_FAILED_FALLBACK };
  }
  if (build.estado === 'listo') return null;
  return {
    kind: 'building',
    done: Math.min(build.anexosHechos, build.anexosTotal),
    total: build.anexosTotal,
  };
}

/** One part of the sent file to download: its number, its label and what it carries. */
export interface PartDownload {
  readonly numero: number;
  readonly label: string;
  readonly contenido: string;
}

/** The sent file's downloads: one button when it is one file, one per part otherwise. */
export function partDownloads(view: SubmissionView): PartDownload[] {
  const total = view.partes.length;
  if (total <= 1) return [{ numero: 1, label: DOWNLOAD, contenido: '' }];
  return view.partes.map((part) => ({
    numero: part.numero,
    label: partLabel(part.numero, total, part.bytes),
    contenido: part.contenido,
  }));
}

export interface SentSummary {
  /** '26/11/2026'. */
  readonly fecha: string;
  readonly banco: string;
  /** Once the firm presented it to the bank: that day and the bank's deadline ('26/12/2026'). */
  readonly presentacion: {
    readonly presentadoEl: string;
    readonly respuestaAntesDe: string;
  } | null;
}

/** The sent file's facts, for the heading and the text under it; null while it is a draft. */
export function sentSummary(view: SubmissionView): SentSummary | null {
  if (view.estado !== 'enviado' || view.enviadoEl === null) return null;
  return {
    fecha: formatDate(view.enviadoEl),
    banco: view.banco ?? NOT_GIVEN,
    presentacion:
      view.presentadoAlBancoEl === null || view.respuestaBancoAntesDe === null
        ? null
        : {
            presentadoEl: formatDate(view.presentadoAlBancoEl),
            respuestaAntesDe: formatDate(view.respuestaBancoAntesDe),
          },
  };
}

// ---------------------------------------------------------------------------------------------
// The review's key answers

/** The answers the summary shows, in this order, labelled and formatted as the review's summary. */
const KEY_ANSWERS: readonly ReviewFieldName[] = [
  'numeroTitulares',
  'miembrosUnidadFamiliar',
  'domicilio',
  'pagoMensualHipoteca',
  'cantidadPorPagar',
  'ingresosBrutosAnuales',
];

export interface AnswerRow {
  readonly key: string;
  readonly value: string;
}

/** The key answers of the review, as typed or prefilled; 'No indicado' where empty. */
export function answerRows(draft: ReviewDraft): AnswerRow[] {
  const valor = (field: ReviewFieldName) => draft.valores[field]?.trim() ?? '';
  const name = `${valor('nombre')} ${valor('apellidos')}`.trim();
  return [
    { key: FULL_NAME_LABEL, value: name === '' ? NOT_GIVEN : name },
    ...KEY_ANSWERS.map((field) => {
      const typed = valor(field);
      return {
        key: FIELD_LABELS[field] ?? field,
        value: formatAnswer(field, typed),
      };
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// The page's state

export type SendPageState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string }
  | {
      readonly kind: 'loaded';
      readonly view: SubmissionView;
      /** The review, for the summary of answers; null when it could not be loaded. */
      readonly draft: ReviewDraft | null;
      readonly dialogOpen: boolean;
      readonly sending: boolean;
      /** A failure of the last attempt, shown in the dialog with a retry. */
      readonly failure: string | null;
      /** The server refused to send (something is missing): shown on the page. */
      readonly refusal: string | null;
      /** Sent during this visit: focus goes to the success heading. */
      readonly justSent: boolean;
    };

export type SendPageAction =
  | { readonly type: 'reload' }
  | { readonly type: 'loaded'; readonly view: SubmissionView; readonly draft: ReviewDraft | null }
  | { readonly type: 'load-failed'; readonly message: string }
  | { readonly type: 'open-dialog' }
  | { readonly type: 'close-dialog' }
  | { readonly type: 'send' }
  /** The server accepted the send (or already had it): the file is being built, or is sent. */
  | { readonly type: 'accepted'; readonly view: SubmissionView }
  | { readonly type: 'refused'; readonly message: string }
  | { readonly type: 'send-failed'; readonly message: string };

export const INITIAL_SEND_STATE: SendPageState = { kind: 'loading' };

/** What the route's loader read, as the action that puts it on screen. */
export function loadedAction(
  loaded: Loaded<{ readonly view: SubmissionView; readonly draft: ReviewDraft | null }>,
): SendPageAction {
  return loaded.kind === 'loaded'
    ? { type: 'loaded', view: loaded.data.view, draft: loaded.data.draft }
    : { type: 'load-failed', message: loaded.message };
}

/** The page's state on arrival, from what the loader read. */
export function sendStateFrom(
  loaded: Loaded<{ readonly view: SubmissionView; readonly draft: ReviewDraft | null }>,
): SendPageState {
  return sendPageReducer(INITIAL_SEND_STATE, loadedAction(loaded));
}

export function sendPageReducer(state: SendPageState, action: SendPageAction): SendPageState {
  switch (action.type) {
    case 'reload':
      return { kind: 'loading' };
    case 'load-failed':
      return { kind: 'failed', message: action.message };
    case 'loaded': {
      const previous = state.kind === 'loaded' ? state : null;
      return {
        kind: 'loaded',
        view: action.view,
        // A reload after a refusal keeps the answers already shown if they do not come again.
        draft: action.draft ?? previous?.draft ?? null,
        dialogOpen: false,
        sending: false,
        failure: null,
        // Once the file shows as sent, the refusal of an earlier attempt no longer applies.
        refusal: action.view.estado === 'enviado' ? null : (previous?.refusal ?? null),
        // A preparation seen during this visit that ends sent is a send of this visit.
        justSent:
          (previous?.justSent ?? false) ||
          (previous !== null && isBuilding(previous.view) && action.view.estado === 'enviado'),
      };
    }
    default:
      return state.kind === 'loaded' ? sendAction(state, action) : state;
  }
}

type LoadedState = Extract<SendPageState, { kind: 'loaded' }>;

function sendAction(state: LoadedState, action: SendPageAction): LoadedState {
  switch (action.type) {
    case 'open-dialog':
      return canSend(state.view)
        ? { ...state, dialogOpen: true, failure: null, refusal: null }
        : state;
    case 'close-dialog':
      return state.sending ? state : { ...state, dialogOpen: false, failure: null };
    case 'send':
      return state.sending || !canSend(state.view)
        ? state
        : { ...state, sending: true, failure: null, refusal: null };
    case 'accepted':
      return {
        ...state,
        view: action.view,
        dialogOpen: false,
        sending: false,
        failure: null,
        refusal: null,
        justSent: action.view.estado === 'enviado',
      };
    case 'refused':
      return { ...state, dialogOpen: false, sending: false, refusal: action.message };
    case 'send-failed':
      return { ...state, sending: false, failure: action.message };
    default:
      return state;
  }
}
