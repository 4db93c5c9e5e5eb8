export const DOCUMENT_ESTADOS = ['pendiente', 'aprobado', 'rechazado'] as const;
export type DocumentEstado = (typeof DOCUMENT_ESTADOS)[number];

export const DOCUMENT_ESTADO_LABELS: Readonly<Record<DocumentEstado, string>> = {
  pendiente: 'Pendiente',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
};

/** The spec shows any status it does not know as pending. */
export function normalizeDocumentEstado(value: unknown): DocumentEstado {
  return typeof value === 'string' && (DOCUMENT_ESTADOS as readonly string[]).includes(value)
    ? (value as DocumentEstado)
    : 'pendiente';
}

export const HOLDER_CATEGORIES = ['personal', 'laboral'] as const;
export type HolderCategory = (typeof HOLDER_CATEGORIES)[number];
export const DOCUMENT_CATEGORIES = ['personal', 'laboral', 'hipoteca'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const DOCUMENT_CATEGORY_LABELS: Readonly<Record<DocumentCategory, string>> = {
  personal: 'Documentación Personal',
  laboral: 'Documentación Laboral',
  hipoteca: 'Documentación Hipoteca',
};

/** The tab selected when the upload screen opens. */
export const DEFAULT_DOCUMENT_CATEGORY: DocumentCategory = 'personal';

export interface DocumentDefinition {
  readonly slug: string;
  readonly nombre: string;
}

export const DOCUMENT_DEFINITIONS: Readonly<
  Record<DocumentCategory, readonly DocumentDefinition[]>
> = {
  personal: [
    { slug: 'dni-nie', nombre: 'DNI/NIE' },
    { slug: 'libro-de-familia', nombre: 'Libro de Familia' },
    { slug: 'certificado-de-empadronamiento', nombre: 'Certificado de Empadronamiento' },
  ],
  laboral: [
    { slug: 'nominas', nombre: 'Nóminas' },
    { slug: 'vida-laboral', nombre: 'Vida Laboral' },
    { slug: 'contrato-de-trabajo', nombre: 'Contrato de Trabajo' },
  ],
  hipoteca: [
    { slug: 'escritura-hipoteca', nombre: 'Escritura Hipoteca' },
    { slug: 'recibos-hipoteca', nombre: 'Recibos Hipoteca' },
    { slug: 'nota-simple', nombre: 'Nota Simple' },
  ],
};

/**
 * Sanity caps on the household counts: a mortgage with more holders, or a household larger
 * than this, is not a case the firm handles online.
 */
export const HOUSEHOLD_LIMITS = { maxTitulares: 10, maxMiembros: 20 } as const;

export interface ChecklistFile {
  readonly name: string;
  readonly size: number;
}

export interface ChecklistDocument {
  /** Unique in the whole checklist: `{holderKey}/{slug}` or `hipoteca/{slug}`. */
  readonly id: string;
  readonly nombre: string;
  readonly archivo: ChecklistFile | null;
  readonly estado: DocumentEstado;
}

export type HolderDocuments = Readonly<Record<HolderCategory, readonly ChecklistDocument[]>>;

export interface DocumentChecklist {
  /** Keyed '1', '2', ... for holders, then 'miembro-1', ... for the other household members. */
  readonly holders: Readonly<Record<string, HolderDocuments>>;
  /** Shared by the whole case, not per holder. */
  readonly hipoteca: readonly ChecklistDocument[];
}

function clampCount(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(max, Math.max(0, Math.trunc(value)));
}

/**
 * Members of the household who are not holders: the household count includes the holders
 * (docs/decisions/0150-household-members-in-document-checklist.md).
 */
export function otherMembersCount(numeroTitulares: number, miembrosUnidadFamiliar: number): number {
  const titulares = clampCount(numeroTitulares, HOUSEHOLD_LIMITS.maxTitulares);
  const miembros = clampCount(miembrosUnidadFamiliar, HOUSEHOLD_LIMITS.maxMiembros);
  return Math.max(0, miembros - titulares);
}

/** Tab keys in display order: holders first, then the other members. */
export function holderKeys(numeroTitulares: number, miembrosUnidadFamiliar: number): string[] {
  const titulares = clampCount(numeroTitulares, HOUSEHOLD_LIMITS.maxTitulares);
  const miembros = otherMembersCount(numeroTitulares, miembrosUnidadFamiliar);
  return [
    ...Array.from({ length: titulares }, (_, i) => String(i + 1)),
    ...Array.from({ length: miembros }, (_, i) => `miembro-${i + 1}`),
  ];
}

/** 'miembro-2' → 'Miembro 2'; any other key → 'Titular {key}', as the spec labels the tabs. */
export function holderLabel(key: string): string {
  if (key.startsWith('miembro')) {
    const n = key.slice('miembro'.length).replace(/^-/, '');
    return `Miembro ${n}`.trim();
  }
  return `Titular ${key}`;
}

const HOLDER_KEY = /^(?:[1-9]\d*|miembro-[1-9]\d*)$/;

/**
 * The name a person reads for a checklist entry: '2/dni-nie' → 'DNI/NIE (Titular 2)',
 * 'miembro-1/nominas' → 'Nóminas (Miembro 1)', 'hipoteca/nota-simple' → 'Nota Simple'.
 * Undefined for an id the checklist does not have.
 */
export function checklistDocumentName(documentId: string): string | undefined {
  const slash = documentId.indexOf('/');
  if (slash === -1) return undefined;
  const owner = documentId.slice(0, slash);
  const slug = documentId.slice(slash + 1);
  const bySlug = (definitions: readonly DocumentDefinition[]) =>
    definitions.find((definition) => definition.slug === slug)?.nombre;
  if (owner === 'hipoteca') return bySlug(DOCUMENT_DEFINITIONS.hipoteca);
  if (!HOLDER_KEY.test(owner)) return undefined;
  const name = bySlug([...DOCUMENT_DEFINITIONS.personal, ...DOCUMENT_DEFINITIONS.laboral]);
  return name === undefined ? undefined : `${name} (${holderLabel(owner)})`;
}

function blankDocument(owner: string, definition: DocumentDefinition): ChecklistDocument {
  return {
    id: `${owner}/${definition.slug}`,
    nombre: definition.nombre,
    archivo: null,
    estado: 'pendiente',
  };
}

function keepOrBlank(
  owner: string,
  definitions: readonly DocumentDefinition[],
  previous: readonly ChecklistDocument[] | undefined,
): ChecklistDocument[] {
  return definitions.map((definition) => {
    const blank = blankDocument(owner, definition);
    return previous?.find((document) => document.id === blank.id) ?? blank;
  });
}

/**
 * The upload checklist for the given household. Entries already in `previous` are kept as they
 * are (file and status); missing ones are added blank. Holders and members beyond the new counts
 * are left out (docs/decisions/0151-checklist-rebuild-and-progress.md).
 */
export function buildDocumentChecklist(
  numeroTitulares: number,
  miembrosUnidadFamiliar: number,
  previous?: DocumentChecklist,
): DocumentChecklist {
  const holders: Record<string, HolderDocuments> = {};
  for (const key of holderKeys(numeroTitulares, miembrosUnidadFamiliar)) {
    const before = previous?.holders[key];
    holders[key] = {
      personal: keepOrBlank(key, DOCUMENT_DEFINITIONS.personal, before?.personal),
      laboral: keepOrBlank(key, DOCUMENT_DEFINITIONS.laboral, before?.laboral),
    };
  }
  return {
    holders,
    hipoteca: keepOrBlank('hipoteca', DOCUMENT_DEFINITIONS.hipoteca, previous?.hipoteca),
  };
}

/** Every document of the checklist in display order: each holder's, then the shared ones. */
export function listChecklistDocuments(checklist: DocumentChecklist): ChecklistDocument[] {
  return [
    ...Object.values(checklist.holders).flatMap((holder) =>
      HOLDER_CATEGORIES.flatMap((category) => holder[category]),
    ),
    ...checklist.hipoteca,
  ];
}

export interface UploadProgress {
  readonly uploaded: number;
  readonly expected: number;
  /** Whole percent, rounded down so 100 means every document is there. */
  readonly percent: number;
}

/**
 * Documents with a file against the documents the checklist asks for. With one holder and no
 * other members this is the spec's 9.
 */
export function countUploadedDocuments(checklist: DocumentChecklist): UploadProgress {
  const documents = listChecklistDocuments(checklist);
  const uploaded = documents.filter((document) => document.archivo !== null).length;
  const expected = documents.length;
  return {
    uploaded,
    expected,
    percent: expected === 0 ? 0 : Math.floor((uploaded * 100) / expected),
  };
}

export type ChecklistDocumentUpdate = Partial<Pick<ChecklistDocument, 'archivo' | 'estado'>>;

/**
 * A copy of the checklist with one document changed. Choosing a new file or removing the one
 * there sets the entry back to pendiente unless the update says otherwise: an approval was of
 * the file that is gone. Unknown ids leave the checklist as it is.
 */
export function updateChecklistDocument(
  checklist: DocumentChecklist,
  documentId: string,
  update: ChecklistDocumentUpdate,
): DocumentChecklist {
  const apply = (document: ChecklistDocument): ChecklistDocument => {
    if (document.id !== documentId) return document;
    const archivo = update.archivo === undefined ? document.archivo : update.archivo;
    const estado = update.estado ?? (update.archivo !== undefined ? 'pendiente' : document.estado);
    return { ...document, archivo, estado };
  };
  const holders: Record<string, HolderDocuments> = {};
  for (const [key, holder] of Object.entries(checklist.holders)) {
    holders[key] = { personal: holder.personal.map(apply), laboral: holder.laboral.map(apply) };
  }
  return { holders, hipoteca: checklist.hipoteca.map(apply) };
}
