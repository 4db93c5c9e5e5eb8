import type { RequiredDocumentEstado } from '../schemas/case';
import type { DocumentEstado, DocumentSource } from './catalogue';

/**
 * The state of one document as every screen names it: the documents screen, the case status,
 * the send screen and the firm's list (decision 0671). The review's `estado` (pendiente,
 * aprobado, rechazado) says nothing of whether a file is there; these do.
 */
export const DOCUMENT_STATES = [
  /** Asked, and nothing provided yet. */
  'falta',
  /** A file is there and the firm has not reviewed it yet. */
  'en-revision',
  'aprobado',
  /** The firm asks for another file. */
  'rechazado',
  /** Filled by the files obtained with Cl@ve PIN: nothing to upload. */
  'obtenido',
  /** The declaración responsable, which the product prepares and the person signs. */
  'firmada',
  'sin-firmar',
  /** The situation no longer asks for it; its file stays on the case (decision 0634). */
  'no-necesario',
] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** The one word of each state, the same on every screen. */
export const DOCUMENT_STATE_LABELS: Readonly<Record<DocumentState, string>> = {
  falta: 'Falta',
  'en-revision': 'En revisión',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
  obtenido: 'Obtenido con Cl@ve',
  firmada: 'Firmada',
  'sin-firmar': 'Sin firmar',
  'no-necesario': 'No es necesario',
};

export function isDocumentState(value: unknown): value is DocumentState {
  return typeof value === 'string' && (DOCUMENT_STATES as readonly string[]).includes(value);
}

/** A stored file's state from its review: not reviewed yet is 'en-revision'. */
export function reviewedFileState(estado: DocumentEstado): DocumentState {
  return estado === 'pendiente' ? 'en-revision' : estado;
}

/** What a checklist entry needs to tell its state. */
export interface StatefulEntry {
  readonly archivo: unknown;
  readonly estado: DocumentEstado;
  readonly necesario: boolean;
  readonly origen: DocumentSource;
  readonly obtenidoCon?: string | null;
}

/** The state of a checklist entry, from its file, its review and what fills it. */
export function checklistEntryState(entry: StatefulEntry): DocumentState {
  if (!entry.necesario) return 'no-necesario';
  const hasFile = entry.archivo !== null && entry.archivo !== undefined;
  if (entry.origen === 'producto') return hasFile ? 'firmada' : 'sin-firmar';
  if (hasFile) return reviewedFileState(entry.estado);
  return entry.obtenidoCon === undefined || entry.obtenidoCon === null ? 'falta' : 'obtenido';
}

/** The case status's required-document `estado` (spec 02, 4.3) in the same words. */
export function requiredDocumentState(estado: RequiredDocumentEstado): DocumentState {
  switch (estado) {
    case 'pendiente':
      return 'falta';
    case 'en-revision':
      return 'en-revision';
    case 'completado':
      return 'aprobado';
    case 'rechazado':
      return 'rechazado';
  }
}
