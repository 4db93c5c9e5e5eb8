import {
  formatDate,
  type BankAnswerDeadline,
  type CaseHistoryItem,
  type CaseStatus,
  type CaseSubmissionState,
  DECLARATION_DOCUMENT_ID,
  requiredDocumentLink,
  requiredDocumentState,
  type DocumentState,
  type RequiredDocument,
} from '@cbp/core';

import {
  bankDeadlineText,
  bankTermText,
  deadlineText,
  deliveredText,
  pendingNoteText,
  pendingTermText,
  presentedText,
  SIGN_DECLARATION,
  SIGN_DECLARATION_HREF,
  UPLOAD,
  WHO,
} from './strings';

export interface PhaseView {
  readonly fase: string;
  readonly progreso: number;
  /** '26/11/2026'. */
  readonly actualizado: string;
  readonly siguientePaso: string;
  readonly estimacion: string;
  readonly prioritario: boolean;
}

export function phaseView(estado: CaseStatus): PhaseView {
  return {
    fase: estado.fase,
    progreso: estado.progreso,
    actualizado: formatDate(estado.ultimaActualizacion),
    siguientePaso: estado.siguientePaso,
    estimacion: estado.estimacionTiempo,
    prioritario: estado.prioridad === 'alta',
  };
}

export interface RequiredDocumentView {
  readonly id: string;
  readonly nombre: string;
  readonly descripcion: string;
  /** In the words of every screen (decision 0671): 'Falta', 'En revisión', 'Aprobado', 'Rechazado'. */
  readonly state: DocumentState;
  /** Spec 02, 4.3: a missing document is red (it has a deadline); the others keep their colour. */
  readonly tone: 'danger' | undefined;
  /** 'Fecha límite: …' while something is to be provided, 'Entregado el …' once approved. */
  readonly detail: string | null;
  /**
   * Where a missing or rejected document is provided: the documents screen on that entry
   * (decision 0674), or the send screen where the declaración is signed; null when there is
   * nothing to do.
   */
  readonly upload: { readonly href: string; readonly label: string } | null;
}

/** The declaración is signed, not uploaded: its state and its action say so (decision 0671). */
const DECLARATION_STATUS_ID = DECLARATION_DOCUMENT_ID.replace('/', '_');

export function requiredDocumentView(document: RequiredDocument): RequiredDocumentView {
  const limite = document.fechaLimite ?? null;
  const entrega = document.fechaEntrega ?? null;
  const toProvide = document.estado === 'pendiente' || document.estado === 'rechazado';
  const declaration = document.id === DECLARATION_STATUS_ID;
  const detail = toProvide
    ? limite === null
      ? null
      : deadlineText(formatDate(limite))
    : document.estado === 'completado' && entrega !== null
      ? deliveredText(formatDate(entrega))
      : null;
  return {
    id: document.id,
    nombre: document.nombre,
    descripcion: document.descripcion,
    state: declaration
      ? toProvide
        ? 'sin-firmar'
        : 'firmada'
      : requiredDocumentState(document.estado),
    tone: document.estado === 'pendiente' ? 'danger' : undefined,
    detail,
    upload: !toProvide
      ? null
      : declaration
        ? { href: SIGN_DECLARATION_HREF, label: SIGN_DECLARATION }
        : { href: requiredDocumentLink(document.id), label: UPLOAD },
  };
}

/** The history for the kit's Timeline, newest first as the server sends it, saying who did it. */
export function historyEntries(historial: readonly CaseHistoryItem[]) {
  return historial.map((entry) => ({
    fecha: entry.fecha,
    accion: `${WHO[entry.origen]}: ${entry.accion}`,
    descripcion: entry.descripcion,
    estado: entry.estado,
  }));
}

export interface BankAnswerView {
  /** The sentence in bold: the day by which the bank must answer, or its term while unknown. */
  readonly headline: string;
  /** What follows it: the day it was presented and the term, or that the date will be told. */
  readonly lines: readonly string[];
  readonly fuente: string;
}

/**
 * The bank's deadline with the rule's source: counted from the day the firm presented the
 * application, so before that only the term and the promise to tell the date; null before sending.
 */
export function bankAnswerView(
  envio: CaseSubmissionState | null,
  respuesta: BankAnswerDeadline | null,
): BankAnswerView | null {
  if (respuesta !== null) {
    return {
      headline: bankDeadlineText(formatDate(respuesta.fechaLimite)),
      lines: [
        presentedText(formatDate(respuesta.presentadoEl)),
        bankTermText(respuesta.plazoMeses),
      ],
      fuente: respuesta.fuente,
    };
  }
  if (envio === null) return null;
  return {
    headline: pendingTermText(envio.plazoBanco.plazoMeses),
    lines: [pendingNoteText(formatDate(envio.enviadoEl))],
    fuente: envio.plazoBanco.fuente,
  };
}
