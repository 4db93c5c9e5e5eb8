import {
  buildDocumentChecklist,
  factsPending,
  type CaseChecklist,
  type CaseChecklistDocument,
  type DocumentsOverview,
  householdFacts,
  type PlannedDocument,
  type ReviewDraftValues,
  type StoredFile,
} from '@cbp/core';

/**
 * For unit tests: the server's overview of a household as the review describes it, with files
 * on the given slots (the checklist the API builds the same way, without the database).
 */
export function overviewForTests(
  counts: { numeroTitulares: number; miembrosUnidadFamiliar: number },
  valores: ReviewDraftValues,
  files: Readonly<Record<string, StoredFile>> = {},
  circunstancias?: unknown,
): DocumentsOverview {
  const facts = householdFacts(counts, valores, circunstancias);
  const plan = buildDocumentChecklist(facts, Object.keys(files));
  const entry = (document: PlannedDocument): CaseChecklistDocument => ({
    id: document.id,
    nombre: document.nombre,
    archivo: files[document.slot] ?? null,
    estado: 'pendiente',
    motivoRechazo: null,
    motivo: document.motivo,
    origen: document.origen,
    necesario: document.necesario,
    obtenidoCon: null,
  });
  const checklist: CaseChecklist = {
    holders: Object.fromEntries(
      Object.entries(plan.holders).map(([key, lists]) => [
        key,
        { personal: lists.personal.map(entry), laboral: lists.laboral.map(entry) },
      ]),
    ),
    hogar: plan.hogar.map(entry),
    hipoteca: plan.hipoteca.map(entry),
  };
  return {
    ...counts,
    checklist,
    datosPendientes: factsPending(facts),
    obtenidos: [],
    entregadoEn: null,
    enviadoEn: null,
  };
}
