import {
  countUploadedDocuments,
  formatDate,
  formatNumber,
  holderKeys,
  holderLabel,
  HOLDER_CATEGORIES,
  type CaseChecklist,
  type CaseChecklistDocument,
  type DeclarationView,
  type DocumentCategory,
  type DocumentsOverview,
} from '@cbp/core';

import { DECLARATION_CARD } from './strings';

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
  /**
   * 'N de M documentos aportados': M is what this household needs, not a fixed 9; N counts what
   * the person uploaded and what the Cl@ve retrieval filled (decision 0673).
   */
  readonly text: string;
}

export function checklistProgress(checklist: CaseChecklist): ChecklistProgress {
  const { uploaded, expected } = countUploadedDocuments(checklist);
  return {
    uploaded,
    expected,
    text: `${formatNumber(uploaded, 0)} de ${formatNumber(expected, 0)} documentos aportados`,
  };
}

/** The overview with one checklist entry replaced by the server's new version of it. */
export function withDocument(
  overview: DocumentsOverview,
  document: CaseChecklistDocument,
): DocumentsOverview {
  const swap = (list: readonly CaseChecklistDocument[]) =>
    list.map((entry) => (entry.id === document.id ? document : entry));
  const { holders, hogar, hipoteca } = overview.checklist;
  return {
    ...overview,
    checklist: {
      holders: Object.fromEntries(
        Object.entries(holders).map(([key, holder]) => [
          key,
          { personal: swap(holder.personal), laboral: swap(holder.laboral) },
        ]),
      ),
      hogar: swap(hogar),
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
  return [...checklist.hogar, ...checklist.hipoteca].find((entry) => entry.id === id);
}

/** Whether the person has to provide this entry: needed by the situation and not the product's. */
export function isAsked(entry: CaseChecklistDocument): boolean {
  return entry.necesario && entry.origen === 'subida';
}

/** What the row says beside the state: a retrieval that filled it, or that it is no longer needed. */
export function entryNote(entry: CaseChecklistDocument): string | null {
  if (!entry.necesario) return NOT_NEEDED_NOTE;
  if (entry.archivo === null && entry.obtenidoCon !== null) {
    return `Obtenido con tu Cl@ve PIN: ${entry.obtenidoCon}. No hace falta que lo subas.`;
  }
  return null;
}

/**
 * What the declaración responsable's card on the documents screen says: it is signed on the send
 * screen (with a link there), and once signed, on which day (decision 0731). Before the server
 * answers (or if it cannot), only where it is signed.
 */
export function declarationCard(view: Pick<DeclarationView, 'estado' | 'firmadaEn'> | null): {
  readonly text: string;
  readonly link: string;
  readonly href: string;
} {
  const link = DECLARATION_CARD.link;
  const href = DECLARATION_CARD.href;
  if (view?.estado === 'firmada' && view.firmadaEn !== null) {
    return { text: DECLARATION_CARD.signed(formatDate(view.firmadaEn)), link, href };
  }
  if (view?.estado === 'desactualizada') return { text: DECLARATION_CARD.outdated, link, href };
  return { text: DECLARATION_CARD.toSign, link, href };
}

/** What the row of an entry the situation no longer needs says; its file stays on the case. */
export const NOT_NEEDED_NOTE =
  'Tu situación ya no lo necesita. Guardamos el archivo en tu expediente; no tienes que hacer nada.';

const missing = (entry: CaseChecklistDocument) =>
  isAsked(entry) && entry.archivo === null && entry.obtenidoCon === null;

/**
 * The entries the person still has to provide, named as a person reads them: the household's
 * ('Libro de familia (Unidad familiar)'), 'DNI/NIE (Titular 2)', and the mortgage's
 * ('Escritura de la hipoteca (Hipoteca)').
 */
export function missingDocuments(overview: DocumentsOverview): string[] {
  const { checklist } = overview;
  const household = checklist.hogar
    .filter(missing)
    .map((entry) => `${entry.nombre} (Unidad familiar)`);
  const perHolder = holdersOf(overview).flatMap((key) => {
    const holder = checklist.holders[key];
    if (holder === undefined) return [];
    return HOLDER_CATEGORIES.flatMap((category) => holder[category])
      .filter(missing)
      .map((entry) => `${entry.nombre} (${holderLabel(key)})`);
  });
  const shared = checklist.hipoteca.filter(missing).map((entry) => `${entry.nombre} (Hipoteca)`);
  return [...household, ...perHolder, ...shared];
}

/** Where an entry sits on the screen: its category tab and, for a person's, that person's tab. */
export interface EntryLocation {
  readonly category: DocumentCategory;
  /** Null for the household's and the mortgage's entries, which no person's tab holds. */
  readonly holder: string | null;
}

/**
 * The tabs that show an entry ('miembro-1/dni-nie' → Documentación Personal, Miembro 1), so a
 * link to it opens them (decision 0674); null for an entry the checklist does not have.
 */
export function entryLocation(checklist: CaseChecklist, id: string): EntryLocation | null {
  if (checklist.hogar.some((entry) => entry.id === id)) {
    return { category: 'personal', holder: null };
  }
  if (checklist.hipoteca.some((entry) => entry.id === id)) {
    return { category: 'hipoteca', holder: null };
  }
  for (const [key, holder] of Object.entries(checklist.holders)) {
    for (const category of HOLDER_CATEGORIES) {
      if (holder[category].some((entry) => entry.id === id)) return { category, holder: key };
    }
  }
  return null;
}

/** The id of an entry's row in the page: 'documento-miembro-1-dni-nie'. */
export function entryElementId(id: string): string {
  return `documento-${id.replace(/[^a-z0-9-]/gi, '-')}`;
}
