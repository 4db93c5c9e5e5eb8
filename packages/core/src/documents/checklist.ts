import type { VulnerabilityCircumstance } from '../eligibility/circumstances';
import type { IncomeType, Relationship } from '../schemas/review';

export const DOCUMENT_ESTADOS = ['pendiente', 'aprobado', 'rechazado'] as const;
export type DocumentEstado = (typeof DOCUMENT_ESTADOS)[number];

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
  laboral: 'Documentación de Ingresos',
  hipoteca: 'Documentación Hipoteca',
};

/** The tab selected when the upload screen opens. */
export const DEFAULT_DOCUMENT_CATEGORY: DocumentCategory = 'personal';

/**
 * Who provides an entry: the person uploads it, or the product produces it from the review
 * (the declaración responsable, signed in the product) and nothing is uploaded there.
 */
export const DOCUMENT_SOURCES = ['subida', 'producto'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

export interface DocumentDefinition {
  readonly slug: string;
  readonly nombre: string;
  /** One line: why the law asks for it and where to get it. */
  readonly motivo: string;
  /** The article a sentence puts before the name ('Falta el Libro de familia…'). */
  readonly articulo: 'el' | 'la' | 'los' | 'las';
  readonly origen: DocumentSource;
}

function definition(
  slug: string,
  nombre: string,
  articulo: DocumentDefinition['articulo'],
  motivo: string,
  origen: DocumentSource = 'subida',
): DocumentDefinition {
  return { slug, nombre, articulo, motivo, origen };
}

/**
 * Every document the checklist can ask for, from RDL 6/2012, art. 3.3 (as worded by Ley 1/2013),
 * by whose it is: each person's, the household's once, and the mortgage's
 * (docs/decisions/0633-checklist-from-the-law.md). Slugs are stable: a file keeps its slot.
 */
export const PERSON_DOCUMENTS = {
  dni: definition(
    'dni-nie',
    'DNI/NIE',
    'el',
    'Identifica a cada persona mayor de edad: tu DNI o NIE en vigor, por las dos caras.',
  ),
  discapacidad: definition(
    'reconocimiento-discapacidad',
    'Reconocimiento de discapacidad, dependencia o incapacidad',
    'el',
    'Acredita la discapacidad, dependencia o incapacidad indicada: lo emite tu comunidad autónoma o, la incapacidad, la Seguridad Social.',
  ),
  titularidades: definition(
    'certificado-titularidades',
    'Certificado de titularidades del Registro de la Propiedad',
    'el',
    'La ley pide los bienes inmuebles de cada miembro: se solicita en registradores.org o en cualquier Registro de la Propiedad.',
  ),
  renta: definition(
    'certificado-renta-aeat',
    'Certificado de rentas de la AEAT (últimos cuatro ejercicios)',
    'el',
    'Acredita los ingresos de los últimos cuatro ejercicios: lo emite la Agencia Tributaria en su sede electrónica, con Cl@ve o certificado.',
  ),
  nominas: definition(
    'nominas',
    'Tres últimas nóminas',
    'las',
    'Acreditan los ingresos actuales por trabajo: te las da tu empresa o su gestoría.',
  ),
  desempleo: definition(
    'certificado-desempleo',
    'Certificado de prestación por desempleo',
    'el',
    'Acredita la cuantía mensual de la prestación o el subsidio: lo emite el SEPE en su sede electrónica.',
  ),
  ayuda: definition(
    'certificado-ayuda',
    'Certificado de salario social, renta mínima o ayuda',
    'el',
    'Acredita la cuantía de la ayuda que recibes: lo emite el organismo que la paga (servicios sociales o Seguridad Social).',
  ),
  pension: definition(
    'certificado-pension',
    'Certificado de la pensión',
    'el',
    'Acredita la cuantía mensual de la pensión: lo emite la Seguridad Social en su sede electrónica o el organismo que la paga.',
  ),
  ceseActividad: definition(
    'certificado-cese-actividad',
    'Certificado de prestación por cese de actividad o de ingresos mensuales',
    'el',
    'Para autónomos: el de tu mutua con la cuantía mensual de la prestación o, si no la cobras, el de lo que ingresas al mes.',
  ),
} as const;

export const HOUSEHOLD_DOCUMENTS = {
  declaracion: definition(
    'declaracion-responsable',
    'Declaración responsable',
    'la',
    'Los deudores declaran que cumplen los requisitos del Código: la preparamos con tu revisión y la firmas en Enviar Expediente.',
    'producto',
  ),
  libroFamilia: definition(
    'libro-de-familia',
    'Libro de familia',
    'el',
    'Acredita quiénes forman la unidad familiar: todas las páginas con inscripciones; el Registro Civil da un certificado si no lo tienes.',
  ),
  parejaDeHecho: definition(
    'registro-pareja-de-hecho',
    'Certificado de inscripción de la pareja de hecho',
    'el',
    'Acredita la pareja de hecho como parte de la unidad familiar: lo emite el registro de parejas de hecho de tu comunidad o ayuntamiento.',
  ),
  padron: definition(
    'certificado-de-empadronamiento',
    'Certificado de empadronamiento colectivo (actual y seis meses anteriores)',
    'el',
    'Acredita quiénes viven en la vivienda hoy y en los seis meses anteriores: lo emite tu ayuntamiento, a menudo por internet.',
  ),
  familiaNumerosa: definition(
    'titulo-familia-numerosa',
    'Título de familia numerosa',
    'el',
    'Acredita la familia numerosa indicada: lo emite tu comunidad autónoma y tiene que estar en vigor.',
  ),
  monoparental: definition(
    'acreditacion-monoparental',
    'Acreditación de familia monoparental',
    'la',
    'Acredita que tienes a tus hijos a cargo en solitario: el título de tu comunidad o la sentencia, convenio o certificado de defunción que lo muestre.',
  ),
  violencia: definition(
    'acreditacion-violencia',
    'Acreditación de víctima de violencia de género, trata o explotación sexual',
    'la',
    'Sentencia, orden de protección, informe del Ministerio Fiscal o de los servicios sociales o especializados.',
  ),
  discapacidad: definition(
    'reconocimiento-discapacidad',
    'Reconocimiento de discapacidad, dependencia o incapacidad',
    'el',
    'Acredita la discapacidad, dependencia o enfermedad indicada: lo emite tu comunidad autónoma o, la incapacidad, la Seguridad Social.',
  ),
} as const;

export const MORTGAGE_DOCUMENTS = {
  compraventa: definition(
    'escritura-compraventa',
    'Escritura de compraventa de la vivienda',
    'la',
    'La ley la pide para acreditar la vivienda: la notaría que la firmó o el Registro te dan una copia.',
  ),
  hipoteca: definition(
    'escritura-hipoteca',
    'Escritura de la hipoteca',
    'la',
    'La ley la pide para acreditar el préstamo y su garantía, con sus novaciones: la notaría o tu banco te dan una copia.',
  ),
} as const;

const NOT_NEEDED_REASON = 'Ya no hace falta para tu situación; lo guardamos en tu expediente.';

/**
 * Slots of the former fixed list that the law's list does not have (decision 0634). Their files
 * stay on the case and are shown as not needed; those of `movedTo` fill that entry instead.
 */
export const LEGACY_DOCUMENTS: readonly (DocumentDefinition & {
  readonly owner: 'persona' | 'hipoteca';
  readonly movedTo: string | null;
})[] = [
  {
    ...definition('libro-de-familia', 'Libro de Familia', 'el', NOT_NEEDED_REASON),
    owner: 'persona',
    movedTo: 'hogar/libro-de-familia',
  },
  {
    ...definition(
      'certificado-de-empadronamiento',
      'Certificado de Empadronamiento',
      'el',
      NOT_NEEDED_REASON,
    ),
    owner: 'persona',
    movedTo: 'hogar/certificado-de-empadronamiento',
  },
  {
    ...definition('vida-laboral', 'Vida Laboral', 'la', NOT_NEEDED_REASON),
    owner: 'persona',
    movedTo: null,
  },
  {
    ...definition('contrato-de-trabajo', 'Contrato de Trabajo', 'el', NOT_NEEDED_REASON),
    owner: 'persona',
    movedTo: null,
  },
  {
    ...definition('recibos-hipoteca', 'Recibos Hipoteca', 'los', NOT_NEEDED_REASON),
    owner: 'hipoteca',
    movedTo: null,
  },
  {
    ...definition('nota-simple', 'Nota Simple', 'la', NOT_NEEDED_REASON),
    owner: 'hipoteca',
    movedTo: null,
  },
];

/** Each person entry's category on the upload screen. */
const PERSON_CATEGORY: Readonly<Record<string, HolderCategory>> = {
  'dni-nie': 'personal',
  'reconocimiento-discapacidad': 'personal',
  'certificado-titularidades': 'personal',
  'libro-de-familia': 'personal',
  'certificado-de-empadronamiento': 'personal',
};

/** The category of a person entry's slug: identity and property are personal, income laboral. */
export function personCategoryOf(slug: string): HolderCategory {
  return PERSON_CATEGORY[slug] ?? 'laboral';
}

/**
 * Sanity caps on the household counts: a mortgage with more holders, or a household larger
 * than this, is not a case the firm handles online.
 */
export const HOUSEHOLD_LIMITS = { maxTitulares: 10, maxMiembros: 20 } as const;

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

/** What the review says of one person of the household; null where it has no answer yet. */
export interface MemberFacts {
  /** The checklist's key: '1', '2' for holders, 'miembro-1' for the other members. */
  readonly key: string;
  readonly titular: boolean;
  readonly ingresos: IncomeType | null;
  /** Non-holders only: how they relate to the holder. */
  readonly relacion: Relationship | null;
  /** Non-holders only; holders sign the mortgage and are adults. */
  readonly menor: boolean | null;
  readonly discapacidad: boolean | null;
}

/** The facts the checklist is built from: the review's people and the circumstances that apply. */
export interface HouseholdFacts {
  readonly members: readonly MemberFacts[];
  readonly circunstancias: readonly VulnerabilityCircumstance[];
}

/** Whether some person's answer the checklist depends on is still missing from the review. */
export function factsPending(facts: HouseholdFacts): boolean {
  return facts.members.some(
    (member) =>
      member.ingresos === null ||
      member.discapacidad === null ||
      (!member.titular && (member.relacion === null || member.menor === null)),
  );
}

export interface PlannedDocument {
  /** Unique in the whole checklist: `{holderKey}/{slug}`, `hogar/{slug}` or `hipoteca/{slug}`. */
  readonly id: string;
  readonly nombre: string;
  readonly motivo: string;
  readonly origen: DocumentSource;
  /** False for an entry kept only because a file is there that the situation no longer needs. */
  readonly necesario: boolean;
  /** The slot whose current file fills this entry: its id, or a former slot moved here. */
  readonly slot: string;
}

export type PlannedPersonDocuments = Readonly<Record<HolderCategory, readonly PlannedDocument[]>>;

export interface ChecklistPlan {
  /** Keyed '1', '2', ... for holders, then 'miembro-1', ... for the other household members. */
  readonly holders: Readonly<Record<string, PlannedPersonDocuments>>;
  /** Asked once for the whole household. */
  readonly hogar: readonly PlannedDocument[];
  /** Shared by the whole case: the deeds. */
  readonly hipoteca: readonly PlannedDocument[];
}

/** The income document each source needs beyond the AEAT certificate (decision 0633). */
const INCOME_DOCUMENT: Readonly<Record<IncomeType, DocumentDefinition | null>> = {
  Nomina: PERSON_DOCUMENTS.nominas,
  'Prestacion Desempleo': PERSON_DOCUMENTS.desempleo,
  Ayuda: PERSON_DOCUMENTS.ayuda,
  Pension: PERSON_DOCUMENTS.pension,
  Facturas: PERSON_DOCUMENTS.ceseActividad,
  'No tiene ingresos': null,
};

function planned(owner: string, document: DocumentDefinition): PlannedDocument {
  const id = `${owner}/${document.slug}`;
  return {
    id,
    nombre: document.nombre,
    motivo: document.motivo,
    origen: document.origen,
    necesario: true,
    slot: id,
  };
}

/**
 * What the law asks of one person (RDL 6/2012, art. 3.3): identity of adults, income by its
 * source, recognised disability where claimed, and the Land Registry certificate of everyone.
 * A minor gets no income documents unless the review gives them an income (decision 0635).
 */
function personDocuments(member: MemberFacts): DocumentDefinition[] {
  const adult = member.titular || member.menor !== true;
  const hasIncome = member.ingresos !== null && member.ingresos !== 'No tiene ingresos';
  const income = member.ingresos === null ? null : INCOME_DOCUMENT[member.ingresos];
  return [
    ...(adult ? [PERSON_DOCUMENTS.dni] : []),
    ...(member.discapacidad === true ? [PERSON_DOCUMENTS.discapacidad] : []),
    PERSON_DOCUMENTS.titularidades,
    ...(adult || hasIncome ? [PERSON_DOCUMENTS.renta] : []),
    ...(income === null ? [] : [income]),
  ];
}

/** What the law asks once for the household: declaration, who lives there, circumstances. */
function householdDocuments(facts: HouseholdFacts): DocumentDefinition[] {
  const relations = facts.members.flatMap((member) =>
    member.relacion === null ? [] : [member.relacion],
  );
  const several = facts.members.length > 1;
  const onlyPartners = relations.length > 0 && relations.every((r) => r === 'pareja-de-hecho');
  const applies = (id: VulnerabilityCircumstance) => facts.circunstancias.includes(id);
  const disabilityShown = facts.members.some((member) => member.discapacidad === true);
  return [
    HOUSEHOLD_DOCUMENTS.declaracion,
    ...(several && !onlyPartners ? [HOUSEHOLD_DOCUMENTS.libroFamilia] : []),
    ...(relations.includes('pareja-de-hecho') ? [HOUSEHOLD_DOCUMENTS.parejaDeHecho] : []),
    HOUSEHOLD_DOCUMENTS.padron,
    ...(applies('familia-numerosa') ? [HOUSEHOLD_DOCUMENTS.familiaNumerosa] : []),
    ...(applies('monoparental') ? [HOUSEHOLD_DOCUMENTS.monoparental] : []),
    ...(applies('violencia') ? [HOUSEHOLD_DOCUMENTS.violencia] : []),
    // Claimed as a circumstance but no person marked: the household proves it once.
    ...((applies('discapacidad-miembro') || applies('familiar-dependiente')) && !disabilityShown
      ? [HOUSEHOLD_DOCUMENTS.discapacidad]
      : []),
  ];
}

function ownerOf(slot: string): { owner: string; slug: string } | null {
  const slash = slot.indexOf('/');
  if (slash <= 0) return null;
  return { owner: slot.slice(0, slash), slug: slot.slice(slash + 1) };
}

/** Every definition an owner's slot may have had, newest first, for its name. */
function definitionFor(owner: string, slug: string): DocumentDefinition | undefined {
  const lists: readonly DocumentDefinition[] =
    owner === 'hogar'
      ? Object.values(HOUSEHOLD_DOCUMENTS)
      : owner === 'hipoteca'
        ? [
            ...Object.values(MORTGAGE_DOCUMENTS),
            ...LEGACY_DOCUMENTS.filter((d) => d.owner === 'hipoteca'),
          ]
        : [
            ...Object.values(PERSON_DOCUMENTS),
            ...LEGACY_DOCUMENTS.filter((d) => d.owner === 'persona'),
          ];
  return lists.find((document) => document.slug === slug);
}

function keyOrder(key: string): number {
  return key.startsWith('miembro-') ? 1000 + Number(key.slice('miembro-'.length)) : Number(key);
}

/**
 * The document checklist of a household, from the review's facts (decision 0633). `filed` are
 * the slots that have a current file: a former slot whose entry moved fills the new entry when
 * that has no file of its own; any other filed slot the facts no longer ask for stays listed as
 * not needed, under whose it was (decision 0634), so no file is ever lost from view.
 */
export function buildDocumentChecklist(
  facts: HouseholdFacts,
  filed: readonly string[] = [],
): ChecklistPlan {
  const holders: Record<string, Record<HolderCategory, PlannedDocument[]>> = {};
  const blankPerson = (): Record<HolderCategory, PlannedDocument[]> => ({
    personal: [],
    laboral: [],
  });
  for (const member of facts.members) {
    const lists = blankPerson();
    for (const document of personDocuments(member)) {
      lists[personCategoryOf(document.slug)].push(planned(member.key, document));
    }
    holders[member.key] = lists;
  }
  const hogar = householdDocuments(facts).map((document) => planned('hogar', document));
  const hipoteca = Object.values(MORTGAGE_DOCUMENTS).map((document) =>
    planned('hipoteca', document),
  );

  const filedSet = new Set(filed);
  const byId = new Map<string, PlannedDocument>();
  for (const document of [
    ...Object.values(holders).flatMap((lists) => [...lists.personal, ...lists.laboral]),
    ...hogar,
    ...hipoteca,
  ]) {
    byId.set(document.id, document);
  }
  const used = new Set<string>([...byId.keys()].filter((id) => filedSet.has(id)));
  // Former slots moved to a new entry fill it, in the household's order, when it has no file.
  const moved = [...filedSet].sort((a, b) => {
    const first = ownerOf(a)?.owner ?? '';
    const second = ownerOf(b)?.owner ?? '';
    return keyOrder(first) - keyOrder(second);
  });
  const slotOf = new Map<string, string>();
  for (const slot of moved) {
    const parts = ownerOf(slot);
    if (parts === null || !HOLDER_KEY.test(parts.owner)) continue;
    const legacy = LEGACY_DOCUMENTS.find((d) => d.owner === 'persona' && d.slug === parts.slug);
    if (legacy?.movedTo == null || !byId.has(legacy.movedTo)) continue;
    if (used.has(legacy.movedTo)) continue;
    used.add(legacy.movedTo);
    used.add(slot);
    slotOf.set(legacy.movedTo, slot);
  }
  const withSlot = (document: PlannedDocument): PlannedDocument => {
    const slot = slotOf.get(document.id);
    return slot === undefined ? document : { ...document, slot };
  };
  for (const key of Object.keys(holders)) {
    const lists = holders[key];
    if (lists === undefined) continue;
    holders[key] = { personal: lists.personal.map(withSlot), laboral: lists.laboral.map(withSlot) };
  }
  const hogarWithSlots = hogar.map(withSlot);

  // Files in slots the facts no longer ask for: listed as not needed, never dropped.
  const extraHogar: PlannedDocument[] = [];
  const extraHipoteca: PlannedDocument[] = [];
  const extraPersons = new Map<string, Record<HolderCategory, PlannedDocument[]>>();
  for (const slot of filed) {
    if (used.has(slot) || byId.has(slot)) continue;
    const parts = ownerOf(slot);
    if (parts === null) continue;
    const known = definitionFor(parts.owner, parts.slug);
    const entry: PlannedDocument = {
      id: slot,
      nombre: known?.nombre ?? 'Documento',
      motivo: NOT_NEEDED_REASON,
      origen: 'subida',
      necesario: false,
      slot,
    };
    used.add(slot);
    if (parts.owner === 'hogar') extraHogar.push(entry);
    else if (parts.owner === 'hipoteca') extraHipoteca.push(entry);
    else if (HOLDER_KEY.test(parts.owner)) {
      const lists = holders[parts.owner] ?? extraPersons.get(parts.owner) ?? blankPerson();
      lists[personCategoryOf(parts.slug)].push(entry);
      if (holders[parts.owner] === undefined) extraPersons.set(parts.owner, lists);
    }
  }
  for (const key of [...extraPersons.keys()].sort((a, b) => keyOrder(a) - keyOrder(b))) {
    const lists = extraPersons.get(key);
    if (lists !== undefined) holders[key] = lists;
  }
  return {
    holders,
    hogar: [...hogarWithSlots, ...extraHogar],
    hipoteca: [...hipoteca, ...extraHipoteca],
  };
}

/** Every entry of a checklist in display order: the household's, each person's, the mortgage's. */
export function listChecklistDocuments<T>(checklist: {
  readonly holders: Readonly<Record<string, Readonly<Record<HolderCategory, readonly T[]>>>>;
  readonly hogar: readonly T[];
  readonly hipoteca: readonly T[];
}): T[] {
  return [
    ...checklist.hogar,
    ...Object.values(checklist.holders).flatMap((holder) =>
      HOLDER_CATEGORIES.flatMap((category) => holder[category]),
    ),
    ...checklist.hipoteca,
  ];
}

/**
 * The name a person reads for a checklist entry: '2/dni-nie' → 'DNI/NIE (Titular 2)',
 * 'miembro-1/nominas' → 'Tres últimas nóminas (Miembro 1)', 'hogar/libro-de-familia' →
 * 'Libro de familia', former slots by their former name. Undefined for an id no list has.
 */
export function checklistDocumentName(documentId: string): string | undefined {
  const parts = ownerOf(documentId);
  if (parts === null) return undefined;
  const { owner, slug } = parts;
  if (owner !== 'hogar' && owner !== 'hipoteca' && !HOLDER_KEY.test(owner)) return undefined;
  const name = definitionFor(owner, slug)?.nombre;
  if (name === undefined) return undefined;
  return owner === 'hogar' || owner === 'hipoteca' ? name : `${name} (${holderLabel(owner)})`;
}

/** The article a sentence puts before an entry's name: 'el', 'la', 'los' or 'las'. */
export function checklistDocumentArticle(documentId: string): DocumentDefinition['articulo'] {
  const parts = ownerOf(documentId);
  return parts === null ? 'el' : (definitionFor(parts.owner, parts.slug)?.articulo ?? 'el');
}

/** Every slug an entry id may have, by owner: for the API's id pattern. */
export const CHECKLIST_SLUGS = {
  persona: [
    ...new Set([
      ...Object.values(PERSON_DOCUMENTS).map((d) => d.slug),
      ...LEGACY_DOCUMENTS.filter((d) => d.owner === 'persona').map((d) => d.slug),
    ]),
  ],
  hogar: [...new Set(Object.values(HOUSEHOLD_DOCUMENTS).map((d) => d.slug))],
  hipoteca: [
    ...Object.values(MORTGAGE_DOCUMENTS).map((d) => d.slug),
    ...LEGACY_DOCUMENTS.filter((d) => d.owner === 'hipoteca').map((d) => d.slug),
  ],
} as const;

export interface UploadProgress {
  readonly uploaded: number;
  readonly expected: number;
  /** Whole percent, rounded down so 100 means every document is there. */
  readonly percent: number;
}

interface CountableEntry {
  readonly archivo: unknown;
  readonly necesario: boolean;
  readonly origen: DocumentSource;
  readonly obtenidoCon?: string | null;
}

/**
 * Entries the person has to provide (needed, uploaded rather than produced by the product)
 * against those that have a file or were filled by the Cl@ve retrieval.
 */
export function countUploadedDocuments(checklist: {
  readonly holders: Readonly<
    Record<string, Readonly<Record<HolderCategory, readonly CountableEntry[]>>>
  >;
  readonly hogar: readonly CountableEntry[];
  readonly hipoteca: readonly CountableEntry[];
}): UploadProgress {
  const documents = listChecklistDocuments(checklist).filter(
    (document) => document.necesario && document.origen === 'subida',
  );
  const uploaded = documents.filter(
    (document) =>
      document.archivo !== null ||
      (document.obtenidoCon !== undefined && document.obtenidoCon !== null),
  ).length;
  const expected = documents.length;
  return {
    uploaded,
    expected,
    percent: expected === 0 ? 0 : Math.floor((uploaded * 100) / expected),
  };
}

/**
 * Checklist entries the Cl@ve retrieval fills, by the models that prove them (decision 0636).
 * The retrieval runs with the PIN of the person who holds the case's account: holder 1.
 */
export const RETRIEVAL_FILLS: Readonly<Record<string, readonly string[]>> = {
  'certificado-renta-aeat': ['AEAT_CERT_IRPF', 'HACIENDA_RENTA'],
  'certificado-pension': ['SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES'],
  'certificado-desempleo': ['SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES'],
};
export const RETRIEVAL_PERSON_KEY = '1';

/** The retrieval models that fill an entry of the checklist; none for any other entry. */
export function retrievalModelsFor(documentId: string): readonly string[] {
  const parts = ownerOf(documentId);
  if (parts?.owner !== RETRIEVAL_PERSON_KEY) return [];
  return RETRIEVAL_FILLS[parts.slug] ?? [];
}
