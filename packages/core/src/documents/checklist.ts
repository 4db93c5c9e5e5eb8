import type { VulnerabilityCircumstance } from '../eligibility/circumstances';
import type { IncomeType, Relationship } from '../schemas/review';
import {
  HOLDER_CATEGORIES,
  HOUSEHOLD_DOCUMENTS,
  LEGACY_DOCUMENTS,
  MORTGAGE_DOCUMENTS,
  NOT_NEEDED_REASON,
  PERSON_DOCUMENTS,
  personCategoryOf,
  type DocumentDefinition,
  type DocumentSource,
  type HolderCategory,
} from './catalogue';

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
