/** The client's documents screen (spec 02, 2.3). */
export const DOCUMENTS_SCREEN = '/app/obtener-documentos';

const PARAM = 'documento';

/**
 * The documents screen opened on one checklist entry ('1/dni-nie', 'miembro-1/nominas'): the
 * screen opens that person's tab and category and moves focus to the entry (decision 0674).
 */
export function documentLink(checklistId: string): string {
  return `${DOCUMENTS_SCREEN}?${PARAM}=${encodeURIComponent(checklistId)}`;
}

/** The checklist entry a documents-screen address points at ('?documento=1%2Fdni-nie'), or null. */
export function documentLinkTarget(search: string): string | null {
  const value = new URLSearchParams(search).get(PARAM);
  return value === null || value.trim() === '' ? null : value;
}

/** A checklist entry's id as the case status lists it: '1/dni-nie' → '1_dni-nie'. */
export function requiredDocumentId(checklistId: string): string {
  return checklistId.replace('/', '_');
}

/**
 * Where a document of the case status leads: its checklist entry (the status lists it by
 * `requiredDocumentId`, the entry's id with '_' for its first '/'), or the screen itself for a file
 * obtained with Cl@ve ('obtenido-{file id}'), which has no entry of its own.
 */
export function requiredDocumentLink(id: string): string {
  if (id.startsWith('obtenido-') || !id.includes('_')) return DOCUMENTS_SCREEN;
  return documentLink(id.replace('_', '/'));
}
