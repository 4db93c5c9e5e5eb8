/**
 * Every legal and business number the product applies, in one place. Values only: the source
 * of each one lives in RULE_SOURCES (sources.ts), which mirrors this shape key by key.
 * Money in euros, rates and shares in percent (36.12 means 36,12 %), durations in the unit
 * the key names. See docs/decisions/0100-rule-table-shape.md.
 */
export const RULES = {
  /** Date of the last legal review of this table (ISO 8601). */
  version: '2026-11-25',

  /** Código de Buenas Prácticas 2022, «riesgo de vulnerabilidad» (RDL 19/2022 and its annex). */
  code2022: {
    priceCap: 300_000,
    signingDeadline: '2022-12-31',
    incomeIpremMultipliers: { base: 4.5, disability33: 5.5, disability65: 6.5 },
    incomeCeilings: { base: 37_800, disability33: 46_200, disability65: 54_600 },
    effortAbovePercent: 30,
    fixedInstalmentMonths: 12,
    fixedInstalmentReferenceDate: '2022-06-01',
    maxExtensionYears: 7,
    maxTotalTermYears: 40,
    requestsPerMortgage: 1,
    /**
     * Applications were taken from `opens` to `lastDay` inclusive (`lastDayDanaAreas` for
     * residents of the municipalities hit by the DANA). See docs/decisions/0113-codes-by-date.md.
     */
    window: { opens: '2022-11-24', lastDay: '2025-11-24', lastDayDanaAreas: '2026-05-24' },
  },

  /** Código de Buenas Prácticas 2012 (RDL 6/2012 as amended by RDL 19/2022). Permanent. */
  code2012: {
    /** Permanent: `lastDay: null`. */
    window: { opens: '2012-03-11', lastDay: null },
    priceCapRestructuring: 300_000,
    incomeIpremMultipliers: { base: 3, disabilityOrDependency: 4, severeDisability: 5 },
    /** 3 / 4 / 5 × the annual IPREM in 14 payments of the evaluation year (8.400 € in 2026). */
    incomeCeilings: { base: 25_200, disabilityOrDependency: 33_600, severeDisability: 42_000 },
    /**
     * Degrees of disability, in percent, that raise the income limit: above `member` for any
     * member of the household (4 × IPREM, with dependency or an illness that stops them working),
     * and at least `severeIntellectualOrMental` or `severePhysicalOrSensory` for the debtor's
     * higher limit (5 × IPREM). The calculator's answers quote them as the spec spells them.
     */
    disabilityDegreePercent: {
      member: 33,
      severeIntellectualOrMental: 33,
      severePhysicalOrSensory: 65,
    },
    effortAbovePercent: 50,
    effortAbovePercentSpecialCases: 40,
    /**
     * The effort test looks back this many years: the effort rose in them, or a circumstance of
     * special vulnerability arose in them (art. 3.1.b).
     */
    effortLookBackYears: 4,
    /**
     * From this day (RDL 19/2022 in force) any rise of the effort meets the test; before it, the
     * effort had to be multiplied by at least `effortIncreaseRatio`. The ratio still selects the
     * 5-year grace.
     */
    anyEffortRiseFrom: '2022-11-24',
    effortIncreaseRatio: 1.5,
    graceYears: 5,
    graceRateEuriborSpreadPoints: -0.1,
    graceRateEuriborSpreadBefore2022Points: 0.25,
    shortGraceYears: 2,
    maxExtensionYears: 7,
    maxTotalTermYears: 40,
    floorClausesRemoved: true,
    noEarlyRepaymentFeeYears: 10,
    secondRestructuringWithinMonths: 1,
    /** The FAQ's example: 3 × IPREM (14 payments) / 12 = 3 × 8.400 / 12. */
    exampleGrossMonthlyIncome: 2_100,
  },

  /**
   * 12-month Euribor, official monthly averages (percent) by month (YYYY-MM): the seed of the
   * series the firm keeps in the database, where an administrator adds each new month from the
   * BOE. The grace rate of the 2012 code is the month in force plus
   * `code2012.graceRateEuriborSpreadPoints`; see rules/series.ts and
   * docs/decisions/0620-euribor-and-iprem-series.md.
   */
  euribor: { '2025-12': 2.267, '2026-01': 2.245, '2026-02': 2.221 },

  /** How the back-office watches the series. */
  series: {
    /** Days after the end of the newest Euribor month before the back-office warns. */
    euriborStaleAfterDays: 60,
  },

  /** Indicador Público de Renta de Efectos Múltiples, euros. */
  iprem: {
    2004: { monthly: 460.5, annual12: 5_526, annual14: 6_447 },
    2005: { monthly: 469.8, annual12: 5_637.6, annual14: 6_577.2 },
    2022: { monthly: 579.02, annual12: 6_948.24, annual14: 8_106.28 },
    2023: { monthly: 600, annual12: 7_200, annual14: 8_400 },
    2024: { monthly: 600, annual12: 7_200, annual14: 8_400 },
    2025: { monthly: 600, annual12: 7_200, annual14: 8_400 },
    2026: { monthly: 600, annual12: 7_200, annual14: 8_400 },
  },

  /** Deadline to apply under the 2022 code. See docs/decisions/0101-application-deadline.md. */
  applicationDeadline: {
    spec: '2024-12-31',
    extended: '2025-11-24',
    extendedDanaAreas: '2026-05-24',
    code2012HasDeadline: false,
    publicWording:
      'El Código de Buenas Prácticas de 2012 sigue vigente y no tiene fecha límite de solicitud. El plazo para pedir el Código de 2022 terminó el 24 de noviembre de 2025 (el 24 de mayo de 2026 en los municipios afectados por la DANA).',
  },

  /** Public simulator (spec 01, section 5) and the lead classification. */
  simulator: {
    priceCap: 300_000,
    signingDeadline: '2022-12-31',
    shareAbovePercent: 30,
    carencia1FromPercent: 30,
    carencia2o5FromPercent: 50,
    durationMinutes: 5,
  },

  /** Private calculator (spec 02, sections 4.1 and 9). */
  calculator: {
    shareAbovePercent: 30,
    longGraceFromPercent: 50,
    effortIncreaseRatio: 1.5,
    incomeCeilings: { base: 37_800, disability33: 46_200, disability65: 54_600 },
    ceilingTierByDiscapacidad: {
      No: 'base',
      'Sí, superior al 33%': 'disability33',
      'Sí, discapacidad intelectual o enfermedad mental igual o superior al 33%': 'disability33',
      'Sí, superior al 65%': 'disability65',
      'Sí, discapacidad física o sensorial igual o superior al 65%': 'disability65',
    },
    grace: {
      carencia5: { years: 5, ratePercent: 2.5 },
      carencia2: { years: 2, rateReductionPoints: 0.5 },
      carencia1: { years: 1, rateReductionPoints: 0.5 },
    },
    minRatePercent: 0,
    extensionMaxYears: 7,
    maxTotalTermYears: 40,
    sliderMaxExtraYears: 10,
    displayedGraceRatePercent: 2.5,
  },

  bank: {
    answerMonths: 1,
    adheringBanksMoreThan: 80,
    portfolioCoveragePercent: 95,
  },

  plans: {
    unico: {
      id: 'unico',
      nombre: 'Pago Único',
      precio: 999,
      pago_inicial: 999,
      pago_mensual: 0,
      cuotas: 0,
      descripcion: 'Un solo pago de 999 € y te ahorras 490 € frente al pago fraccionado.',
      caracteristicas: [
        'Un único pago de 999 €',
        'Ahorras 490 € respecto al pago fraccionado',
        'Gestionamos tu solicitud ante el banco hasta el acuerdo',
        'Te devolvemos el dinero si el banco rechaza la solicitud',
      ],
    },
    fraccionado: {
      id: 'fraccionado',
      nombre: 'Pago Fraccionado',
      precio: 1_489,
      pago_inicial: 499,
      pago_mensual: 99,
      cuotas: 10,
      descripcion: '499 € al empezar y 10 cuotas mensuales de 99 €: 1.489 € en total.',
      caracteristicas: [
        'Pago inicial de 499 €',
        '10 cuotas mensuales de 99 €',
        'Gestionamos tu solicitud ante el banco hasta el acuerdo',
        'Te devolvemos el dinero si el banco rechaza la solicitud',
      ],
    },
    singlePaymentSaving: 490,
    /** ISO 4217 code of every fee and card payment. */
    currency: 'EUR',
    /** Language of the card provider's checkout page. */
    checkoutLocale: 'es',
    moneyBackIfBankRejects: true,
    transferProcessingHours: { min: 24, max: 48 },
  },

  /** How the firm handles a client's file once it is under way (the status screen shows these). */
  caseFile: {
    /** Calendar days from the contract's start to deliver each document still pending. */
    documentsDueDays: 15,
    /** The phase (case_phases.id) a case moves to when the client sends the file. */
    phaseAfterSending: 'envio-banco',
    /**
     * Phases (case_phases.id) whose next step is the bank's answer: their time estimate is the
     * bank's legal term (`bank.answerMonths`), never a figure of the firm's
     * (docs/decisions/0683-phase-estimate-follows-the-legal-term.md).
     */
    bankAnswerPhases: ['envio-banco'],
  },

  contract: {
    maxServiceMonths: 5,
    withdrawalCalendarDays: 14,
    /** Calendar days the firm has to return what was paid, from the day it learns of a withdrawal. */
    refundCalendarDays: 14,
    cureDays: 5,
  },

  /**
   * VAT on the firm's fees. Plan prices are final prices with VAT included; receipts and the
   * contract show the base and the VAT in them. See docs/decisions/0482-prices-include-vat.md.
   */
  vat: {
    ratePercent: 21,
    pricesIncludeVat: true,
  },

  documents: {
    acceptedTypes: [
      { extension: 'pdf', mimeType: 'application/pdf' },
      { extension: 'jpg', mimeType: 'image/jpeg' },
      { extension: 'jpeg', mimeType: 'image/jpeg' },
      { extension: 'png', mimeType: 'image/png' },
    ],
    acceptAttribute: '.pdf,.jpg,.jpeg,.png',
    /** 50 MiB. See docs/decisions/0102-file-size-limit.md. */
    maxFileBytes: 52_428_800,
    maxFileMegabytes: 50,
    expectedCount: 9,
    simulatedUploadSteps: 10,
    simulatedUploadStepPercent: 10,
  },

  timings: {
    submitTimeoutMs: 10_000,
    passwordRedirectMs: 2_000,
    wizardStepDelayMs: 500,
    savedNoticeMs: 2_000,
    tooltipMs: 3_000,
    toastSuccessMs: 3_000,
    progressClearMs: 1_000,
    simulatedUploadStepMs: 100,
  },

  /** Lifetimes stated on the cookies policy; `seconds: null` is a session cookie. */
  cookies: {
    lifetimes: [
      { label: '1 mes', seconds: 2_592_000, thirdParty: false },
      { label: '1 día', seconds: 86_400, thirdParty: false },
      { label: '2 días', seconds: 172_800, thirdParty: false },
      { label: '13 días', seconds: 1_123_200, thirdParty: false },
      { label: '30 minutos', seconds: 1_800, thirdParty: false },
      { label: 'Sesión', seconds: null, thirdParty: false },
      { label: '2 años', seconds: 63_072_000, thirdParty: true },
    ],
  },

  consent: {
    minimumAge: 14,
  },

  /** Figures shown on the public pages. */
  publicClaims: {
    estimatedExpensesRefund: 3_000,
    recentChecksMoreThan: 100,
    recentChecksWindowMinutes: 30,
    recentChecksText: 'Más de 100 personas han comprobado sus requisitos en los últimos 30 minutos',
  },

  retrieval: {
    taxYears: [2020, 2021, 2022, 2023],
    /** How many tax years are asked for: the last ones whose income-tax return exists. */
    taxYearsCount: 4,
    /**
     * Last day (month-day) of the IRPF return campaign for year N, held in year N+1: the
     * return for N exists for everyone only once it is over. See `retrievalTaxYears`.
     */
    irpfCampaignEnd: '06-30',
    frameMinHeightPx: 600,
    providerOriginsAllowed: 2,
  },

  steps: {
    simulator: 6,
    simulatorQuestions: 5,
    calculator: 5,
    review: 4,
    payment: 3,
  },
} as const;

export type Rules = typeof RULES;
export type IpremYear = keyof Rules['iprem'];
export type IncomeCeilingTier = keyof Rules['calculator']['incomeCeilings'];
export type PlanId = Rules['plans']['unico' | 'fraccionado']['id'];
export type Plan = Rules['plans'][PlanId];

/** The two plans in the order the fees page shows them. */
export const PLANS: readonly Plan[] = [RULES.plans.unico, RULES.plans.fraccionado];
