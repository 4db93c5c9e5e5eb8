import {
  DECLARATION_DOCUMENT_ID,
  formatDate,
  type BankAnswerDeadline,
  type CaseHistoryItem,
  type CaseStatus,
  type CaseStatusView,
  type CaseSubmissionState,
  type RequiredDocument,
  type RequiredDocumentEstado,
} from '@cbp/core';

import {
  bankDeadlineText,
  bankTermText,
  deadlineText,
  deliveredText,
  NEXT_STEP_PRESENT,
  pendingNoteText,
  pendingTermText,
  presentedText,
  SIGN_DECLARATION,
  signedText,
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

/**
 * The case's next step, the same on the status and the send screens (decision 0732): once the
 * file is sent and until the firm presents it, presenting it to the bank; otherwise the next step
 * of the case's phase.
 */
export function nextStepOf(
  status: Pick<CaseStatusView, 'estado' | 'envio' | 'respuestaBanco'>,
): string {
  if (status.envio !== null && status.respuestaBanco === null) return NEXT_STEP_PRESENT;
  return status.estado.siguientePaso;
}

export interface RequiredDocumentView {
  readonly id: string;
  readonly nombre: string;
  readonly descripcion: string;
  readonly estado: RequiredDocumentEstado;
  /** Spec 02, 4.3: a pending document is red (it has a deadline); the others keep their colour. */
  readonly tone: 'danger' | undefined;
  /** 'Fecha límite: …' while pending, 'Entregado el …' once delivered. */
  readonly detail: string | null;
  /** A pending document links to the screen where it is uploaded. */
  readonly upload: boolean;
  /** Where a pending document is dealt with: uploaded, or (the declaration) signed. */
  readonly action: { readonly label: string; readonly href: string } | null;
  readonly prioritario: boolean;
}

/** The declaración responsable's row: signed on the send screen, never uploaded. */
const DECLARATION_ROW_ID = DECLARATION_DOCUMENT_ID.replace('/', '_');
export const DECLARATION_SIGN_HREF = '/app/enviar-expediente#declaracion-responsable';
const UPLOAD_HREF = '/app/obtener-documentos';

export function requiredDocumentView(document: RequiredDocument): RequiredDocumentView {
  const limite = document.fechaLimite ?? null;
  const entrega = document.fechaEntrega ?? null;
  const declaration = document.id === DECLARATION_ROW_ID;
  const detail =
    document.estado === 'pendiente'
      ? limite === null
        ? null
        : deadlineText(formatDate(limite))
      : document.estado === 'completado' && entrega !== null
        ? (declaration ? signedText : deliveredText)(formatDate(entrega))
        : null;
  const pending = document.estado === 'pendiente';
  return {
    id: document.id,
    nombre: document.nombre,
    descripcion: document.descripcion,
    estado: document.estado,
    tone: document.estado === 'pendiente' ? 'danger' : undefined,
    detail,
    upload: pending,
    action: pending
      ? declaration
        ? { label: SIGN_DECLARATION, href: DECLARATION_SIGN_HREF }
        : { label: UPLOAD, href: UPLOAD_HREF }
      : null,
    prioritario: document.prioridad === 'alta',
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
