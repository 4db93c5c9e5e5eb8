import {
  DOCUMENT_CATEGORY_LABELS,
  type DocumentCategory,
  type DocumentDefinition,
  HOUSEHOLD_DOCUMENTS,
  MORTGAGE_DOCUMENTS,
  PERSON_DOCUMENTS,
  RULES,
} from '@cbp/core';

/** "PDF, JPG o PNG": one name per accepted file type (jpg and jpeg are the same type). */
export function acceptedFormatsText(): string {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const type of RULES.documents.acceptedTypes) {
    if (seen.has(type.mimeType)) continue;
    seen.add(type.mimeType);
    names.push(type.extension.toUpperCase());
  }
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} o ${names.at(-1) ?? ''}`
    : (names[0] ?? '');
}

/** The file rules as one sentence, the size limit read from the rule table. */
export function documentRulesText(): string {
  return `Todos los documentos deben ser válidos, legibles y completos; en ${acceptedFormatsText()}; máximo ${String(RULES.documents.maxFileMegabytes)} MB por archivo.`;
}

export interface RequiredDocument {
  name: string;
  detail: string;
}

export interface DocumentGroup {
  id: string;
  title: string;
  intro: string;
  documents: readonly RequiredDocument[];
}

/** The page's words for each group: the upload screen's tabs, then the declaration and situations. */
const INTROS: Readonly<Record<DocumentCategory, { id: string; intro: string }>> = {
  personal: {
    id: 'personal',
    intro:
      'Acreditan quiénes sois, quiénes vivís en la vivienda y qué inmuebles tiene cada uno. Solo pedimos los que tu situación necesita.',
  },
  laboral: {
    id: 'laboral',
    intro:
      'Acreditan los ingresos de cada miembro de la unidad familiar, según de dónde vengan: la ley pide a cada uno el certificado de la Agencia Tributaria y, además, el del tipo de ingreso que tenga.',
  },
  hipoteca: {
    id: 'hipoteca',
    intro: 'Acreditan la compra de la vivienda y la hipoteca.',
  },
};

const detailOf = (document: DocumentDefinition): RequiredDocument => ({
  name: document.nombre,
  detail: document.motivo,
});

/**
 * The law's list (RDL 6/2012, art. 3.3) grouped as the upload screen shows it. The upload
 * screen asks each household only what applies to it.
 */
const GROUP_DOCUMENTS: Readonly<Record<DocumentCategory, readonly DocumentDefinition[]>> = {
  personal: [
    PERSON_DOCUMENTS.dni,
    HOUSEHOLD_DOCUMENTS.libroFamilia,
    HOUSEHOLD_DOCUMENTS.parejaDeHecho,
    HOUSEHOLD_DOCUMENTS.padron,
    PERSON_DOCUMENTS.titularidades,
    PERSON_DOCUMENTS.discapacidad,
  ],
  laboral: [
    PERSON_DOCUMENTS.renta,
    PERSON_DOCUMENTS.nominas,
    PERSON_DOCUMENTS.desempleo,
    PERSON_DOCUMENTS.ayuda,
    PERSON_DOCUMENTS.pension,
    PERSON_DOCUMENTS.ceseActividad,
  ],
  hipoteca: Object.values(MORTGAGE_DOCUMENTS),
};

const categoryGroups: DocumentGroup[] = (['personal', 'laboral', 'hipoteca'] as const).map(
  (category) => ({
    id: INTROS[category].id,
    title: DOCUMENT_CATEGORY_LABELS[category],
    intro: INTROS[category].intro,
    documents: GROUP_DOCUMENTS[category].map(detailOf),
  }),
);

/**
 * The four groups of the documentation page: the three of the upload screen, with the names it
 * uses, and the declaration and the proof of special circumstances.
 */
export const DOCUMENT_GROUPS: readonly DocumentGroup[] = [
  ...categoryGroups,
  {
    id: 'situaciones-especiales',
    title: 'Declaración y situaciones especiales',
    intro: 'La declaración la firmáis los deudores; los demás, solo si la situación os afecta.',
    documents: [
      HOUSEHOLD_DOCUMENTS.declaracion,
      HOUSEHOLD_DOCUMENTS.familiaNumerosa,
      HOUSEHOLD_DOCUMENTS.monoparental,
      HOUSEHOLD_DOCUMENTS.violencia,
    ].map(detailOf),
  },
];

/** General requirements that apply to every document. */
export const GENERAL_REQUIREMENTS: readonly string[] = [
  documentRulesText(),
  'Una foto con el móvil sirve si se lee bien: el documento entero, sin reflejos, cortes ni dedos.',
  'Los documentos de identidad y los certificados tienen que estar en vigor.',
  'Necesitamos los documentos de todos los titulares de la hipoteca y de todas las personas de la unidad familiar.',
  'Si un documento tiene varias páginas, súbelas todas en un mismo archivo.',
];
