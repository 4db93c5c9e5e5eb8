import {
  formatDate,
  type BankAnswerDeadline,
  type CaseHistoryItem,
  type CaseStatus,
  type RequiredDocument,
  type RequiredDocumentEstado,
} from '@cbp/core';

import { bankTermText, deadlineText, deliveredText, WHO } from './strings';

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
  readonly estado: RequiredDocumentEstado;
  /** Spec 02, 4.3: a pending document is red (it has a deadline); the others keep their colour. */
  readonly tone: 'danger' | undefined;
  /** 'Fecha límite: …' while pending, 'Entregado el …' once delivered. */
  readonly detail: string | null;
  /** A pending document links to the screen where it is uploaded. */
  readonly upload: boolean;
  readonly prioritario: boolean;
}

export function requiredDocumentView(document: RequiredDocument): RequiredDocumentView {
  const limite = document.fechaLimite ?? null;
  const entrega = document.fechaEntrega ?? null;
  const detail =
    document.estado === 'pendiente'
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
    estado: document.estado,
    tone: document.estado === 'pendiente' ? 'danger' : undefined,
    detail,
    upload: document.estado === 'pendiente',
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
  /** '26/12/2026'. */
  readonly fecha: string;
  readonly plazo: string;
  readonly fuente: string;
}

/** The day by which the bank must answer the sent file, with the rule's source; null before sending. */
export function bankAnswerView(respuesta: BankAnswerDeadline | null): BankAnswerView | null {
  if (respuesta === null) return null;
  return {
    fecha: formatDate(respuesta.fechaLimite),
    plazo: bankTermText(formatDate(respuesta.enviadoEl), respuesta.plazoMeses),
    fuente: respuesta.fuente,
  };
}
