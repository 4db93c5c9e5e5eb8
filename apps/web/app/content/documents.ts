import {
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_DEFINITIONS,
  RULES,
  type DocumentCategory,
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

/** What the page adds to each document the upload screen asks for, keyed by its slug. */
const DETAILS: Readonly<Record<string, string>> = {
  'dni-nie':
    'De cada titular de la hipoteca y de cada persona mayor de edad de la unidad familiar, en vigor y por las dos caras.',
  'libro-de-familia':
    'Todas las páginas con inscripciones. Si sois pareja de hecho, el certificado de inscripción en el registro correspondiente.',
  'certificado-de-empadronamiento':
    'Certificado colectivo de las personas empadronadas en la vivienda. Lo emite tu ayuntamiento, muchas veces por internet.',
  nominas:
    'Las últimas nóminas de cada persona que trabaja por cuenta ajena; si eres autónomo, tus últimas declaraciones trimestrales.',
  'vida-laboral':
    'Informe de vida laboral de la Seguridad Social, actualizado, de cada persona mayor de edad de la unidad familiar.',
  'contrato-de-trabajo':
    'El contrato en vigor. Si no trabajas, el certificado de la prestación o del subsidio que cobres, o el de que no cobras ninguna.',
  'escritura-hipoteca':
    'La escritura de préstamo hipotecario completa, y sus novaciones si las hubo. Si no la tienes, tu notaría o tu banco pueden darte una copia.',
  'recibos-hipoteca':
    'Los últimos recibos o un certificado del banco con la cuota actual y el capital pendiente.',
  'nota-simple':
    'Nota simple actualizada del Registro de la Propiedad de la vivienda y, si los tenéis, de los demás inmuebles de la unidad familiar.',
};

const INTROS: Readonly<Record<DocumentCategory, { id: string; intro: string }>> = {
  personal: {
    id: 'personal',
    intro: 'Acreditan quiénes sois y quiénes vivís en la vivienda.',
  },
  laboral: {
    id: 'laboral',
    intro: 'Acreditan los ingresos de la unidad familiar.',
  },
  hipoteca: {
    id: 'hipoteca',
    intro: 'Acreditan las condiciones de la hipoteca y la titularidad de la vivienda.',
  },
};

function taxYearsText(): string {
  const years = RULES.retrieval.taxYears.map(String);
  return years.length > 1
    ? `${years.slice(0, -1).join(', ')} y ${years.at(-1) ?? ''}`
    : (years[0] ?? '');
}

/** Documents the page lists beyond the upload screen's: obtained for you with your PIN key. */
const OBTAINED: Readonly<Partial<Record<DocumentCategory, readonly RequiredDocument[]>>> = {
  laboral: [
    {
      name: 'Declaraciones de la renta',
      detail: `Las de ${taxYearsText()}, o el certificado de imputaciones de Hacienda si no declaraste. Las obtienes con tu clave PIN desde tu área de clientes.`,
    },
  ],
};

const categoryGroups: DocumentGroup[] = (['personal', 'laboral', 'hipoteca'] as const).map(
  (category) => ({
    id: INTROS[category].id,
    title: DOCUMENT_CATEGORY_LABELS[category],
    intro: INTROS[category].intro,
    documents: [
      ...DOCUMENT_DEFINITIONS[category].map((definition) => ({
        name: definition.nombre,
        detail: DETAILS[definition.slug] ?? '',
      })),
      ...(OBTAINED[category] ?? []),
    ],
  }),
);

/**
 * The four groups of the documentation page: the three of the upload screen, with the names it
 * uses, and the declaration and certificates of special circumstances.
 */
export const DOCUMENT_GROUPS: readonly DocumentGroup[] = [
  ...categoryGroups,
  {
    id: 'situaciones-especiales',
    title: 'Declaración y situaciones especiales',
    intro: 'La declaración la firmáis todos; los certificados, solo si la situación os afecta.',
    documents: [
      {
        name: 'Declaración responsable',
        detail:
          'Declaración de que cumplís los requisitos del Código. La preparamos nosotros y la firmas en tu área de clientes.',
      },
      {
        name: 'Certificado de discapacidad o de dependencia',
        detail: 'De cualquier miembro de la unidad familiar que la tenga reconocida.',
      },
      {
        name: 'Título de familia numerosa',
        detail: 'En vigor, si lo sois.',
      },
      {
        name: 'Acreditación de víctima de violencia de género',
        detail:
          'Sentencia, orden de protección, informe del Ministerio Fiscal o de los servicios sociales.',
      },
      {
        name: 'Certificado médico',
        detail:
          'Si alguien de la unidad familiar tiene una enfermedad que le incapacita para trabajar.',
      },
    ],
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
