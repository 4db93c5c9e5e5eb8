/**
 * The circumstances of special vulnerability of the 2012 code (RDL 6/2012, art. 3.1.b, as
 * worded by Ley 1/2013 and RDL 19/2022). The list is closed: the Banco de España's guide says it
 * cannot be extended. Identifiers are the API's; labels are what people read.
 */
export const VULNERABILITY_CIRCUMSTANCES = [
  'familia-numerosa',
  'monoparental',
  'menor',
  'discapacidad-miembro',
  'familiar-dependiente',
  'violencia',
  'mayor-60',
] as const;
export type VulnerabilityCircumstance = (typeof VULNERABILITY_CIRCUMSTANCES)[number];

/**
 * When a circumstance that applies arose: in the four years before the application
 * ('reciente'), which can replace the rise in effort, or before them ('anterior'), which still
 * gives the long package. A circumstance that does not apply is absent.
 */
export const CIRCUMSTANCE_TIMINGS = ['reciente', 'anterior'] as const;
export type CircumstanceTiming = (typeof CIRCUMSTANCE_TIMINGS)[number];

export const CIRCUMSTANCE_TIMING_LABELS: Readonly<Record<CircumstanceTiming, string>> = {
  reciente: 'Sí, en los últimos cuatro años',
  anterior: 'Sí, desde antes',
};

export interface CircumstanceText {
  /** The circumstance as a question's option. */
  readonly label: string;
  /** The circumstance in a sentence about the household ("…es familia numerosa"). */
  readonly statement: string;
}

export const CIRCUMSTANCE_TEXTS: Readonly<Record<VulnerabilityCircumstance, CircumstanceText>> = {
  'familia-numerosa': {
    label: 'Familia numerosa',
    statement: 'la unidad familiar es familia numerosa',
  },
  monoparental: {
    label: 'Familia monoparental con hijos a cargo',
    statement: 'la unidad familiar es monoparental, con hijos a su cargo',
  },
  menor: {
    label: 'Un menor de edad vive en la unidad familiar',
    statement: 'en la unidad familiar vive un menor de edad',
  },
  'discapacidad-miembro': {
    label:
      'Un miembro con discapacidad superior al 33 %, dependencia o enfermedad que le incapacita de forma permanente para trabajar',
    statement:
      'un miembro tiene una discapacidad superior al 33 %, dependencia o una enfermedad que le incapacita de forma permanente para trabajar',
  },
  'familiar-dependiente': {
    label:
      'Convive un familiar hasta el tercer grado con discapacidad, dependencia o enfermedad grave',
    statement:
      'convive en la vivienda un familiar hasta el tercer grado con discapacidad, dependencia o enfermedad grave',
  },
  violencia: {
    label: 'Víctima de violencia de género, trata o explotación sexual',
    statement: 'un miembro es víctima de violencia de género, de trata o de explotación sexual',
  },
  'mayor-60': {
    label: 'El deudor es mayor de 60 años',
    statement: 'el deudor es mayor de 60 años',
  },
};

/** The household's answers: only the circumstances that apply, with when each arose. */
export type HouseholdCircumstances = Partial<Record<VulnerabilityCircumstance, CircumstanceTiming>>;

/** The circumstances that apply, in the law's order. */
export function circumstancesThatApply(
  circumstances: HouseholdCircumstances | undefined,
): VulnerabilityCircumstance[] {
  return VULNERABILITY_CIRCUMSTANCES.filter((id) => circumstances?.[id] !== undefined);
}

/** The circumstances that arose in the last four years: these can replace the rise in effort. */
export function recentCircumstances(
  circumstances: HouseholdCircumstances | undefined,
): VulnerabilityCircumstance[] {
  return VULNERABILITY_CIRCUMSTANCES.filter((id) => circumstances?.[id] === 'reciente');
}

/** Each circumstance in a few words, for lists inside a sentence ("…familia numerosa, …"). */
export const CIRCUMSTANCE_SHORT_NAMES: Readonly<Record<VulnerabilityCircumstance, string>> = {
  'familia-numerosa': 'familia numerosa',
  monoparental: 'familia monoparental con hijos a cargo',
  menor: 'un menor de edad en la unidad familiar',
  'discapacidad-miembro':
    'un miembro con discapacidad superior al 33\u00a0%, dependencia o enfermedad que le impide trabajar',
  'familiar-dependiente':
    'un familiar hasta el tercer grado con discapacidad, dependencia o enfermedad grave que vive en casa',
  violencia: 'víctima de violencia de género, trata o explotación sexual',
  'mayor-60': 'deudor mayor de 60 años',
};

/** Spanish list: "a", "a y b", "a, b y c" (or "o" with `joiner: 'o'`). */
export function joinSpanish(items: readonly string[], joiner: 'y' | 'o' = 'y'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1] ?? ''}`;
}

/**
 * The seven circumstances in a few words, as one Spanish list; semicolons, because some of them
 * hold commas: "familia numerosa; …; o deudor mayor de 60 años".
 */
export function circumstancesInWords(): string {
  const names = VULNERABILITY_CIRCUMSTANCES.map((id) => CIRCUMSTANCE_SHORT_NAMES[id]);
  return `${names.slice(0, -1).join('; ')}; o ${names[names.length - 1] ?? ''}`;
}
