import {
  type AuditEntry,
  DOCUMENT_STATE_LABELS,
  normalizeDocumentEstado,
  reviewedFileState,
} from '@cbp/core';

/** What an entry is about, in words: 'Caso', 'Documento'... */
const OBJECT_KINDS: Record<string, string> = {
  lead: 'Caso',
  document: 'Documento',
  user: 'Cuenta del cliente',
  staff: 'Persona del equipo',
  phase: 'Fase',
  session: 'Sesión',
  euribor: 'Euríbor',
  iprem: 'IPREM',
};

export function auditObjectKind(kind: string | null): string | null {
  if (kind === null) return null;
  return OBJECT_KINDS[kind] ?? kind;
}

function fields(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** 'fase_comercial' → 'Fase comercial'; 'fechaValor' → 'Fecha valor'. */
function keyLabel(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLocaleLowerCase('es-ES');
  return words.charAt(0).toLocaleUpperCase('es-ES') + words.slice(1);
}

function documentState(value: unknown): string {
  return DOCUMENT_STATE_LABELS[reviewedFileState(normalizeDocumentEstado(value))];
}

/**
 * What changed, read in the row without opening "Ver antes y después": the case's phase
 * ('Nuevo → Revisión de documentación'), the commercial phase, a document's review, or each
 * plain value that differs between before and after. Null when there is no before to compare.
 */
export function auditChange(
  entry: Pick<AuditEntry, 'accion' | 'antes' | 'despues'>,
): string | null {
  const before = fields(entry.antes);
  const after = fields(entry.despues);
  if (Object.keys(before).length === 0) return null;
  if (entry.accion === 'case.moved') {
    return `Fase del caso: ${text(before.estado)} → ${text(after.estado)}`;
  }
  if (entry.accion === 'document.approved' || entry.accion === 'document.rejected') {
    const change = `${documentState(before.estado)} → ${documentState(after.estado)}`;
    return typeof after.motivo === 'string' && after.motivo !== ''
      ? `${change}. Motivo: ${after.motivo}`
      : change;
  }
  const changes = Object.keys(before)
    .filter((key) => key in after)
    .filter((key) => typeof after[key] !== 'object' || after[key] === null)
    .filter((key) => before[key] !== after[key])
    .map((key) => `${keyLabel(key)}: ${text(before[key])} → ${text(after[key])}`);
  return changes.length === 0 ? null : changes.join('; ');
}
