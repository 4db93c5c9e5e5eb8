import {
  countUploadedDocuments,
  formatNumber,
  holderKeys,
  holderLabel,
  HOLDER_CATEGORIES,
  type CaseChecklist,
  type CaseChecklistDocument,
  type DocumentCategory,
  type DocumentsOverview,
} from '@cbp/core';

/**
 * The holder tabs in display order: holders, then the other household members, as core orders
 * them; any key the server sends that the counts do not explain goes last rather than vanishing.
 */
export function holdersOf(overview: DocumentsOverview): string[] {
  const present = Object.keys(overview.checklist.holders);
  const ordered = holderKeys(overview.numeroTitulares, overview.miembrosUnidadFamiliar).filter(
    (key) => present.includes(key),
  );
  return [...ordered, ...present.filter((key) => !ordered.includes(key))];
}

/** The documents of one category; the mortgage's are shared, so `holder` is ignored there. */
export function documentsIn(
  checklist: CaseChecklist,
  category: DocumentCategory,
  holder: string,
): readonly CaseChecklistDocument[] {
  if (category === 'hipoteca') return checklist.hipoteca;
  return checklist.holders[holder]?.[category] ?? [];
}

export interface ChecklistProgress {
  readonly uploaded: number;
  readonly expected: number;
  /** 'N de M documentos subidos': M is what this household needs, not a fixed 9. */
  readonly text: string;
}

export function checklistProgress(checklist: CaseChecklist): ChecklistProgress {
  const { uploaded, expected } = countUploadedDocuments(checklist);
  return {
    uploaded,
    expected,
    text: `${formatNumber(uploaded, 0)} de ${formatNumber(expected, 0)} documentos subidos`,
  };
}

/** The overview with one checklist entry replaced by the server's new version of it. */
export function withDocument(
  overview: DocumentsOverview,
  document: CaseChecklistDocument,
): DocumentsOverview {
  const swap = (list: readonly CaseChecklistDocument[]) =>
    list.map((entry) => (entry.id === document.id ? document : entry));
  const { holders, hipoteca } = overview.checklist;
  return {
    ...overview,
    checklist: {
      holders: Object.fromEntries(
        Object.entries(holders).map(([key, holder]) => [
          key,
          { personal: swap(holder.personal), laboral: swap(holder.laboral) },
        ]),
      ),
      hipoteca: swap(hipoteca),
    },
  };
}

/** Finds an entry anywhere in the checklist. */
export function findDocument(
  checklist: CaseChecklist,
  id: string,
): CaseChecklistDocument | undefined {
  for (const holder of Object.values(checklist.holders)) {
    for (const category of HOLDER_CATEGORIES) {
      const found = holder[category].find((entry) => entry.id === id);
      if (found !== undefined) return found;
    }
  }
  return checklist.hipoteca.find((entry) => entry.id === id);
}

/**
 * The entries still without a file, named as a person reads them: 'DNI/NIE (Titular 2)', and
 * the mortgage's without a holder ('Nota Simple (Hipoteca)').
 */
export function missingDocuments(overview: DocumentsOverview): string[] {
  const { checklist } = overview;
  const perHolder = holdersOf(overview).flatMap((key) => {
    const holder = checklist.holders[key];
    if (holder === undefined) return [];
    return HOLDER_CATEGORIES.flatMap((category) => holder[category])
      .filter((entry) => entry.archivo === null)
      .map((entry) => `${entry.nombre} (${holderLabel(key)})`);
  });
  const shared = checklist.hipoteca
    .filter((entry) => entry.archivo === null)
    .map((entry) => `${entry.nombre} (Hipoteca)`);
  return [...perHolder, ...shared];
}
