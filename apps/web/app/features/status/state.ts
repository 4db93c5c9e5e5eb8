import {
  formatDate,
  madridDay,
  type BankAnswerDeadline,
  type CaseHistoryItem,
  type CaseStatus,
  type CaseStatusView,
  type CaseSubmissionState,
  DECLARATION_DOCUMENT_ID,
  requiredDocumentId,
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
  groupedAction,
  latestText,
  NEXT_STEP_PRESENT,
  pendingNoteText,
  pendingTermText,
  presentedText,
  SIGN_DECLARATION,
  SIGN_DECLARATION_HREF,
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
  /** The legal source of the estimate when the law sets it (the bank's month); else null. */
  readonly fuenteEstimacion: string | null;
  readonly prioritario: boolean;
}

export function phaseView(estado: CaseStatus): PhaseView {
  return {
    fase: estado.fase,
    progreso: estado.progreso,
    actualizado: formatDate(estado.ultimaActualizacion),
    siguientePaso: estado.siguientePaso,
    estimacion: estado.estimacionTiempo,
    fuenteEstimacion: estado.fuenteEstimacion ?? null,
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
const DECLARATION_STATUS_ID = requiredDocumentId(DECLARATION_DOCUMENT_ID);

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
      ? (declaration ? signedText : deliveredText)(formatDate(entrega))
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

export interface HistoryEntryView {
  readonly fecha: string;
  readonly accion: string;
  readonly descripcion: string;
  readonly estado: string;
}

/** The full history for the kit's Timeline, newest first as the server sends it, saying who did it. */
export function historyEntries(historial: readonly CaseHistoryItem[]): HistoryEntryView[] {
  return historial.map((entry) => ({
    fecha: entry.fecha,
    accion: `${WHO[entry.origen]}: ${entry.accion}`,
    descripcion: entry.descripcion,
    estado: entry.estado,
  }));
}

/** How many grouped entries the status screen shows; the full history is one tap away. */
export const HISTORY_SUMMARY_SIZE = 8;

function sameKind(a: CaseHistoryItem, b: CaseHistoryItem): boolean {
  return (
    a.origen === b.origen &&
    a.accion === b.accion &&
    a.estado === b.estado &&
    madridDay(new Date(a.fecha)) === madridDay(new Date(b.fecha))
  );
}

/**
 * The history in short, newest first (decision 0682): what the same side did of the same kind
 * on the same day in Spain, one after another (a day's uploads, repeated calculations), is one
 * entry with how many times and the most recent description (the last figure calculated); the
 * step under way never merges with done ones. At most `HISTORY_SUMMARY_SIZE` entries.
 */
export function historySummary(
  historial: readonly CaseHistoryItem[],
  size: number = HISTORY_SUMMARY_SIZE,
): HistoryEntryView[] {
  const groups: CaseHistoryItem[][] = [];
  for (const item of historial) {
    const group = groups.at(-1);
    const first = group?.[0];
    if (group !== undefined && first !== undefined && sameKind(first, item)) group.push(item);
    else groups.push([item]);
  }
  return groups.slice(0, size).flatMap((group) => {
    const [newest] = group;
    if (newest === undefined) return [];
    const count = group.length;
    const repeated = group.every((item) => item.descripcion === newest.descripcion);
    return [
      {
        fecha: newest.fecha,
        accion: `${WHO[newest.origen]}: ${count === 1 ? newest.accion : groupedAction(newest.accion, count)}`,
        descripcion: count === 1 || repeated ? newest.descripcion : latestText(newest.descripcion),
        estado: newest.estado,
      },
    ];
  });
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
