/*
 * The catalogue of documents the checklist can ask for: their names, reasons and categories, and
 * the former slots (docs/decisions/0633-checklist-from-the-law.md, 0634). checklist.ts builds a
 * case's list from it.
 */
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

export const NOT_NEEDED_REASON =
  'Ya no hace falta para tu situación; lo guardamos en tu expediente.';

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
