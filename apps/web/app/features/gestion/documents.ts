import {
  checklistEntryState,
  type CaseChecklistDocument,
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_STATE_LABELS,
  type DocumentEstado,
  type DocumentState,
  type DocumentReview,
  type DocumentsOverview,
  holderKeys,
  holderLabel,
  reviewedFileState,
  type StoredFile,
} from '@cbp/core';

/** The section of the documents asked once for the whole household. */
export const HOUSEHOLD_SECTION_TITLE = 'Unidad familiar';

/** One document as the firm reviews it: a checklist entry or a retrieved file. */
export interface ReviewEntry {
  /** Unique in the page: the checklist id, or the retrieved file's id. */
  key: string;
  /** As listed under its heading: 'DNI/NIE', 'Declaración de la Renta 2025'. */
  nombre: string;
  /** Whose it is too, for buttons and the dialog: 'DNI/NIE (Titular 1)'. */
  nombreCompleto: string;
  archivo: StoredFile | null;
  estado: DocumentEstado;
  /** The state as every screen names it, client's and firm's alike (decision 0671). */
  state: DocumentState;
  motivoRechazo: string | null;
  /**
   * What the firm reads beside the state: 'No es necesario' for a file the household's situation
   * no longer needs (kept, never deleted: decision 0634), who produces the declaración, or the
   * retrieved files that fill the entry. Null when there is nothing to add.
   */
  aviso: string | null;
}

/** The notice of a checklist entry beside its state, as the firm reads it. */
export function entryNotice(document: CaseChecklistDocument): string | null {
  // The state ('No es necesario', 'Obtenido con Cl@ve') is the badge's; this adds the rest.
  if (!document.necesario) return null;
  if (document.origen === 'producto') return 'La genera el producto y la firman los deudores';
  if (document.archivo === null && document.obtenidoCon !== null) {
    return `Archivos: ${document.obtenidoCon}`;
  }
  return null;
}

export interface ReviewGroup {
  /** Null when the section's title already says what the list is. */
  title: string | null;
  entries: ReviewEntry[];
}

export interface ReviewSection {
  key: string;
  title: string;
  groups: ReviewGroup[];
}

function checklistEntry(document: CaseChecklistDocument, owner: string | null): ReviewEntry {
  return {
    key: document.id,
    nombre: document.nombre,
    nombreCompleto: owner === null ? document.nombre : `${document.nombre} (${owner})`,
    archivo: document.archivo,
    estado: document.estado,
    state: checklistEntryState(document),
    motivoRechazo: document.motivoRechazo,
    aviso: entryNotice(document),
  };
}

/**
 * The page's sections in the order the client fills them: the household's own documents, each
 * holder, then each other member of the household (personal, then income documents), the
 * mortgage, and the retrieved files.
 */
export function reviewSections(overview: DocumentsOverview): ReviewSection[] {
  const { holders, hogar, hipoteca } = overview.checklist;
  const ordered = holderKeys(overview.numeroTitulares, overview.miembrosUnidadFamiliar);
  const keys = [
    ...ordered.filter((key) => key in holders),
    ...Object.keys(holders).filter((key) => !ordered.includes(key)),
  ];
  const sections: ReviewSection[] = [
    {
      key: 'hogar',
      title: HOUSEHOLD_SECTION_TITLE,
      groups: [{ title: null, entries: hogar.map((document) => checklistEntry(document, null)) }],
    },
  ];
  sections.push(
    ...keys.flatMap((key) => {
      const holder = holders[key];
      if (holder === undefined) return [];
      const owner = holderLabel(key);
      return [
        {
          key,
          title: owner,
          groups: [
            {
              title: DOCUMENT_CATEGORY_LABELS.personal,
              entries: holder.personal.map((document) => checklistEntry(document, owner)),
            },
            {
              title: DOCUMENT_CATEGORY_LABELS.laboral,
              entries: holder.laboral.map((document) => checklistEntry(document, owner)),
            },
          ],
        },
      ];
    }),
  );
  sections.push({
    key: 'hipoteca',
    title: DOCUMENT_CATEGORY_LABELS.hipoteca,
    groups: [{ title: null, entries: hipoteca.map((document) => checklistEntry(document, null)) }],
  });
  if (overview.obtenidos.length > 0) {
    sections.push({
      key: 'obtenidos',
      title: 'Documentos obtenidos con Cl@ve',
      groups: [
        {
          title: null,
          entries: overview.obtenidos.map((file) => ({
            key: file.archivo.id,
            nombre: file.nombre,
            nombreCompleto: file.nombre,
            archivo: file.archivo,
            estado: file.estado,
            state: reviewedFileState(file.estado),
            motivoRechazo: file.motivoRechazo,
            aviso: null,
          })),
        },
      ],
    });
  }
  return sections;
}

/** What the page says once a review is saved. */
export function reviewOutcomeText(documentName: string, review: DocumentReview): string {
  return review.estado === 'rechazado'
    ? `«${documentName}» rechazado. Hemos enviado un correo al cliente con el motivo.`
    : `«${documentName}» aprobado.`;
}

/**
 * Why a review button is off, or null when it is on: a file already approved cannot be approved
 * again, nor a rejected one rejected again (the server refuses both too). The state's word is the
 * one every screen uses for it.
 */
export function reviewLockedReason(
  estado: DocumentEstado,
  decision: 'aprobado' | 'rechazado',
): string | null {
  if (estado !== decision) return null;
  const state = DOCUMENT_STATE_LABELS[reviewedFileState(estado)].toLocaleLowerCase('es-ES');
  return decision === 'aprobado'
    ? `Ya está ${state}: para cambiarlo, recházalo con un motivo.`
    : `Ya está ${state}: el cliente tiene el motivo. Puedes aprobarlo si lo das por bueno.`;
}
