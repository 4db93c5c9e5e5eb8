import { RULES, type Rules } from './table';

/**
 * A source for every value of RULES. Each node is either one citation covering everything
 * beneath it, or an object with exactly the same keys as the matching node of RULES. Arrays
 * (lists of types, lifetimes, years) are cited as a whole.
 */
export type SourceTree<T> =
  | string
  | (T extends readonly unknown[]
      ? never
      : T extends object
        ? { readonly [K in keyof T]: SourceTree<T[K]> }
        : never);

type PathOf<T> = {
  [K in keyof T & (string | number)]: T[K] extends readonly unknown[]
    ? `${K}`
    : T[K] extends object
      ? `${K}.${PathOf<T[K]>}`
      : `${K}`;
}[keyof T & (string | number)];

/** A dot path to one value of RULES, e.g. 'timings.submitTimeoutMs' or 'iprem.2024.annual14'. */
export type RulePath = PathOf<Rules>;

const SPEC_PUBLIC = 'Especificación del área pública, §9';
const SPEC_PRIVATE = 'Especificación del área privada, §9';
const RDL_19_2022 =
  'Real Decreto-ley 19/2022, de 22 de noviembre, art. 3 y anexo (BOE-A-2022-19403)';
const THRESHOLDS_2023 =
  'Acuerdo del Consejo de Ministros de 27 de diciembre de 2023, que eleva los umbrales de renta del anexo del Real Decreto-ley 19/2022 (BOE-A-2023-26711)';
const RDL_6_2012 =
  'Real Decreto-ley 6/2012, de 9 de marzo, anexo (BOE-A-2012-3394), en la redacción del Real Decreto-ley 19/2022 (BOE-A-2022-19403)';
const RDL_7_2024 =
  'Real Decreto-ley 7/2024, de 11 de noviembre, que modifica el art. 2 del Real Decreto-ley 19/2022, publicado en el BOE el 12-11-2024';
const PGE_2023_EXTENDED =
  'Ley 31/2022, de 23 de diciembre, de Presupuestos Generales del Estado para 2023, prorrogada en tanto no se aprueben nuevos presupuestos (art. 134.4 de la Constitución)';

export const RULE_SOURCES: SourceTree<Rules> = {
  version: 'Fecha de la última revisión de esta tabla frente al BOE y la especificación',
  code2022: {
    priceCap: `${RDL_19_2022}; ${SPEC_PUBLIC}`,
    signingDeadline: `${RDL_19_2022}; ${SPEC_PUBLIC}`,
    incomeIpremMultipliers: THRESHOLDS_2023,
    incomeCeilings: `${THRESHOLDS_2023}: 4,5 / 5,5 / 6,5 × IPREM anual en 14 pagas (8.400 €); ${SPEC_PRIVATE}`,
    effortAbovePercent: `${RDL_19_2022}; ${SPEC_PUBLIC}`,
    fixedInstalmentMonths: `${RDL_19_2022}; ${SPEC_PUBLIC}`,
    fixedInstalmentReferenceDate: `${RDL_19_2022}: cuota a 1 de junio de 2022`,
    maxExtensionYears: RDL_19_2022,
    maxTotalTermYears: RDL_19_2022,
    requestsPerMortgage: `${SPEC_PRIVATE} (las medidas pueden solicitarse una sola vez por hipoteca)`,
    window: {
      opens: `${RDL_19_2022}: entrada en vigor el día siguiente a su publicación en el BOE (23-11-2022)`,
      lastDay: `${RDL_7_2024}: 36 meses desde la entrada en vigor del Real Decreto-ley 19/2022; texto consolidado del BOE sin cambios posteriores al 12-11-2024 (revisado el 25-11-2026)`,
      lastDayDanaAreas: `${RDL_7_2024}: 42 meses para quienes residen en los municipios afectados por la DANA de octubre de 2024`,
    },
  },
  code2012: {
    window: {
      opens:
        'Real Decreto-ley 6/2012, de 9 de marzo, disposición final: entrada en vigor el día siguiente a su publicación en el BOE (10-03-2012)',
      lastDay: `${RDL_6_2012}: la adhesión al Código no tiene plazo de solicitud`,
    },
    priceCapRestructuring: `${RDL_6_2012}, art. 5 y anexo (reestructuración: precio de adquisición hasta 300.000 €)`,
    incomeIpremMultipliers: `${RDL_6_2012}, art. 3.1.a`,
    incomeCeilings: `${RDL_6_2012}, art. 3.1.a: 3 / 4 / 5 × IPREM anual en 14 pagas; IPREM 2026: ${PGE_2023_EXTENDED}`,
    disabilityDegreePercent: `${RDL_6_2012}, art. 3.1.a: «discapacidad superior al 33 por ciento» de un miembro de la unidad familiar (4 × IPREM); discapacidad intelectual o enfermedad mental «igual o superior al 33 por ciento» o física o sensorial «igual o superior al 65 por ciento» (5 × IPREM)`,
    effortAbovePercent: RDL_6_2012,
    effortAbovePercentSpecialCases: RDL_6_2012,
    effortLookBackYears:
      'Real Decreto-ley 6/2012, de 9 de marzo (BOE-A-2012-3394), art. 3.1.b, en la redacción de la Ley 1/2013 y del Real Decreto-ley 19/2022: «en los cuatro años anteriores al momento de la solicitud», tanto para la alteración del esfuerzo como para las circunstancias de especial vulnerabilidad sobrevenidas; guía del Banco de España (Portal del Cliente Bancario, umbral de exclusión)',
    anyEffortRiseFrom:
      'Real Decreto-ley 19/2022, de 22 de noviembre (BOE-A-2022-19403), que da nueva redacción al art. 3.1.b del Real Decreto-ley 6/2012: basta que el esfuerzo haya aumentado; en vigor desde el 24-11-2022, día siguiente a su publicación en el BOE. Hasta entonces el esfuerzo debía multiplicarse al menos por 1,5',
    effortIncreaseRatio: `${RDL_6_2012}: el esfuerzo multiplicado al menos por 1,5 da la carencia de cinco años (y, antes del 24-11-2022, era el requisito de esfuerzo del art. 3.1.b); ${SPEC_PRIVATE}`,
    graceYears: `${RDL_6_2012}; ${SPEC_PUBLIC}`,
    graceRateEuriborSpreadPoints: `${RDL_6_2012}; ${SPEC_PUBLIC}`,
    graceRateEuriborSpreadBefore2022Points:
      'Real Decreto-ley 6/2012, anexo, redacción anterior al Real Decreto-ley 19/2022',
    shortGraceYears: `${RDL_6_2012}; ${SPEC_PUBLIC}`,
    maxExtensionYears: `${RDL_6_2012}; ${SPEC_PUBLIC}`,
    maxTotalTermYears: RDL_6_2012,
    floorClausesRemoved: `${RDL_6_2012}; ${SPEC_PUBLIC}`,
    noEarlyRepaymentFeeYears: `${RDL_6_2012}; ${SPEC_PUBLIC}`,
    secondRestructuringWithinMonths: SPEC_PUBLIC,
    exampleGrossMonthlyIncome: `Especificación del área pública, §5 (ejemplo de las preguntas frecuentes): 3 × 8.400 € / 12`,
  },
  euribor: {
    '2025-12':
      'Banco de España, tipos de interés oficiales de referencia del mercado hipotecario: Euríbor a un año, media de diciembre de 2025, 2,267 % (publicado en el BOE en enero de 2026)',
    '2026-01':
      'Banco de España, tipos de interés oficiales de referencia del mercado hipotecario: Euríbor a un año, media de enero de 2026, 2,245 % (publicado en el BOE en febrero de 2026)',
    '2026-02':
      'Resolución de 2 de marzo de 2026, del Banco de España, por la que se publican determinados tipos de interés oficiales de referencia del mercado hipotecario (BOE-A-2026-5059): Euríbor a un año, febrero de 2026, 2,221 %',
  },
  series: {
    euriborStaleAfterDays:
      'Decisión del despacho (docs/decisions/0620-euribor-and-iprem-series.md): el Banco de España publica cada media mensual en el BOE en los primeros días del mes siguiente; 60 días sin un mes nuevo significan que falta al menos uno',
  },
  iprem: {
    2004: 'Real Decreto-ley 3/2004, de 25 de junio, art. 2; especificación del área pública, §9',
    2005: 'Ley 2/2004, de 27 de diciembre, de Presupuestos Generales del Estado para 2005; especificación del área pública, §9',
    2022: 'Ley 22/2021, de 28 de diciembre, de Presupuestos Generales del Estado para 2022',
    2023: `Ley 31/2022, de 23 de diciembre, de Presupuestos Generales del Estado para 2023; ${SPEC_PUBLIC}`,
    2024: `${PGE_2023_EXTENDED}; ${SPEC_PUBLIC}`,
    2025: PGE_2023_EXTENDED,
    2026: PGE_2023_EXTENDED,
  },
  applicationDeadline: {
    spec: `${SPEC_PUBLIC} y ${SPEC_PRIVATE} (31 de diciembre de 2024)`,
    extended:
      'Real Decreto-ley 7/2024, de 11 de noviembre: amplía el plazo de solicitud del Código de 2022 en 12 meses, hasta el 24 de noviembre de 2025',
    extendedDanaAreas:
      'Real Decreto-ley 7/2024, de 11 de noviembre: 18 meses para personas residentes en los municipios afectados por la DANA, hasta el 24 de mayo de 2026',
    code2012HasDeadline: `${RDL_6_2012}: código de adhesión permanente`,
    publicWording: 'Redacción de la empresa a partir de los plazos anteriores',
  },
  simulator: {
    priceCap: 'Especificación del área pública, §5 y §9',
    signingDeadline: 'Especificación del área pública, §5 y §9',
    shareAbovePercent: 'Especificación del área pública, §5 y §9',
    carencia1FromPercent: 'Especificación del área pública, §4 y §9',
    carencia2o5FromPercent: 'Especificación del área pública, §4 y §9',
    durationMinutes: SPEC_PUBLIC,
  },
  calculator: {
    shareAbovePercent: SPEC_PRIVATE,
    longGraceFromPercent: 'Especificación del área privada, §4.1 y §9',
    effortIncreaseRatio: 'Especificación del área privada, §4.1 y §9',
    incomeCeilings: `${SPEC_PRIVATE}; ${THRESHOLDS_2023}`,
    ceilingTierByDiscapacidad: 'Especificación del área privada, §3 y §4.1',
    grace: 'Especificación del área privada, §4.1',
    minRatePercent: 'Especificación del área privada, §4.1 (mínimo 0)',
    extensionMaxYears: `${RDL_6_2012}; ${RDL_19_2022}`,
    maxTotalTermYears: `${RDL_6_2012}; ${RDL_19_2022}`,
    sliderMaxExtraYears: 'Especificación del área privada, §2.2 y §9',
    displayedGraceRatePercent: SPEC_PRIVATE,
  },
  bank: {
    answerMonths: `${RDL_6_2012}, apartado 1 del Código de Buenas Prácticas: la entidad notifica y ofrece el plan de reestructuración en el plazo de un mes desde la presentación de la solicitud con su documentación`,
    adheringBanksMoreThan: `${SPEC_PUBLIC}; ${SPEC_PRIVATE}`,
    portfolioCoveragePercent: `${SPEC_PUBLIC}; ${SPEC_PRIVATE}`,
  },
  plans: {
    unico: `${SPEC_PRIVATE}; textos de la empresa`,
    fraccionado: `${SPEC_PRIVATE}; textos de la empresa`,
    singlePaymentSaving: `${SPEC_PRIVATE}: 1.489 € − 999 €`,
    currency: `${SPEC_PRIVATE} (importes en euros)`,
    checkoutLocale:
      'Especificación del área privada, §4.5 y §7 (pago con tarjeta y enlaces de pago con locale es)',
    moneyBackIfBankRejects: `${SPEC_PUBLIC}; ${SPEC_PRIVATE}`,
    transferProcessingHours: 'Especificación del área privada, §4.5',
  },
  caseFile: {
    documentsDueDays:
      'Política del despacho: plazo interno para entregar cada documento pendiente, contado desde el inicio del contrato',
    phaseAfterSending:
      'Fases del caso del despacho (tabla case_phases): tras el envío del expediente, «Envío al banco»',
    bankAnswerPhases:
      'Fases del caso del despacho (tabla case_phases): en «Envío al banco» el siguiente paso es la respuesta del banco, cuyo plazo fija el Real Decreto-ley 6/2012',
  },
  contract: {
    maxServiceMonths: `${SPEC_PUBLIC}; ${SPEC_PRIVATE}`,
    withdrawalCalendarDays: `Real Decreto Legislativo 1/2007 (texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios), arts. 102 y 104; ${SPEC_PUBLIC}`,
    refundCalendarDays:
      'Real Decreto Legislativo 1/2007 (texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios), art. 107.1: el reembolso, sin demoras indebidas y antes de 14 días naturales desde que el empresario es informado del desistimiento',
    cureDays: `${SPEC_PUBLIC}; ${SPEC_PRIVATE}`,
  },
  vat: {
    ratePercent:
      'Ley 37/1992, de 28 de diciembre, del Impuesto sobre el Valor Añadido, art. 90.Uno: tipo general del 21 %, que se aplica a los servicios de la abogacía (ninguno de los tipos reducidos del art. 91 los incluye)',
    pricesIncludeVat:
      'Real Decreto Legislativo 1/2007 (texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios), arts. 20 y 60: al consumidor se le informa del precio final completo, impuestos incluidos; decisiones 0425 y 0482',
  },
  documents: {
    acceptedTypes: 'Especificación del área privada, §5; tipos MIME de IANA',
    acceptAttribute: 'Especificación del área privada, §5',
    maxFileBytes: 'Especificación del área privada, §5 y §9 (50 MB); decisión 0102',
    maxFileMegabytes: 'Especificación del área privada, §5 y §9; decisión 0102',
    expectedCount: SPEC_PRIVATE,
    simulatedUploadSteps: 'Especificación del área privada, §4.2 y §9',
    simulatedUploadStepPercent: 'Especificación del área privada, §4.2 y §9',
  },
  timings: {
    submitTimeoutMs: SPEC_PUBLIC,
    passwordRedirectMs: SPEC_PUBLIC,
    wizardStepDelayMs: SPEC_PRIVATE,
    savedNoticeMs: SPEC_PRIVATE,
    tooltipMs: SPEC_PRIVATE,
    toastSuccessMs: SPEC_PRIVATE,
    progressClearMs: SPEC_PRIVATE,
    simulatedUploadStepMs: SPEC_PRIVATE,
  },
  cookies: `${SPEC_PUBLIC}; un mes se cuenta como 30 días y un año como 365`,
  consent: {
    minimumAge: `Ley Orgánica 3/2018, de Protección de Datos Personales y garantía de los derechos digitales, art. 7; ${SPEC_PUBLIC}`,
  },
  publicClaims: {
    estimatedExpensesRefund: 'Especificación del área pública, §2 y §9',
    recentChecksMoreThan: 'Especificación del área pública, §2 (página de inicio)',
    recentChecksWindowMinutes: 'Especificación del área pública, §2 (página de inicio)',
    recentChecksText: 'Especificación del área pública, §2 (página de inicio)',
  },
  retrieval: {
    taxYears: 'Especificación del área privada, §2.3, §7 y §9',
    taxYearsCount: 'Especificación del área privada, §2.3 y §7 (cuatro ejercicios)',
    irpfCampaignEnd:
      'Orden anual del Ministerio de Hacienda que aprueba el modelo 100 del IRPF, plazo de presentación: la campaña del ejercicio N termina el 30 de junio de N+1 (Renta 2024: del 2 de abril al 30 de junio de 2025, Agencia Tributaria)',
    frameMinHeightPx: SPEC_PRIVATE,
    providerOriginsAllowed: SPEC_PRIVATE,
  },
  steps: {
    simulator: 'Especificación del área pública, §2',
    simulatorQuestions: 'Especificación del área pública, §2',
    calculator: SPEC_PRIVATE,
    review: SPEC_PRIVATE,
    payment: SPEC_PRIVATE,
  },
};

/**
 * The citation of one value of RULES: the nearest source on the way from the root to it.
 * Throws if the path does not lead to a value of RULES.
 */
export function ruleSource(path: RulePath): string {
  let node: unknown = RULE_SOURCES;
  let value: unknown = RULES;
  for (const key of path.split('.')) {
    if (!isRecord(value) || !(key in value)) {
      throw new RangeError(`La regla «${path}» no existe`);
    }
    value = value[key];
    if (typeof node === 'string') continue;
    node = isRecord(node) ? node[key] : undefined;
  }
  if (isRecord(value) && !Array.isArray(value)) {
    throw new RangeError(`«${path}» es un grupo de reglas, no una regla`);
  }
  if (typeof node !== 'string' || node.trim() === '') {
    throw new RangeError(`La regla «${path}» no tiene fuente`);
  }
  return node;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
