import { formatLongDate, formatPercent, formatWholeEuros } from '../format';
import { above, atLeast, sharePercent } from '../rules/compare';
import type { RulePath } from '../rules/sources';
import { RULES } from '../rules/table';

export const CODE_IDS = ['cbp2012', 'cbp2022'] as const;
export type CodeId = (typeof CODE_IDS)[number];

export const CODE_NAMES: Readonly<Record<CodeId, string>> = {
  cbp2012: 'Código de Buenas Prácticas de 2012',
  cbp2022: 'Código de Buenas Prácticas de 2022',
};

export type Tier2012 = keyof typeof RULES.code2012.incomeCeilings;
export type Tier2022 = keyof typeof RULES.code2022.incomeCeilings;

/**
 * What is known about a household. `undefined` means "not asked yet": the public simulator
 * knows five answers, the calculator knows more; a condition that depends on an unknown fact
 * is left open (`met: null`) rather than guessed.
 */
export interface EligibilityFacts {
  mainResidence: boolean | undefined;
  priceUpTo300k: boolean | undefined;
  signedBefore2023: boolean | undefined;
  /** Current monthly mortgage instalment, euros. */
  monthlyInstalment: number;
  /** Net monthly income of the household, euros (> 0). */
  monthlyNetIncome: number;
  /** Gross yearly income of the household, euros. */
  annualGrossIncome?: number | undefined;
  /** Which income ceiling of the 2012 code applies (disability, dependency, illness). */
  tier2012?: Tier2012 | undefined;
  /** Which income ceiling of the 2022 code applies. */
  tier2022?: Tier2022 | undefined;
  /** Effort now ÷ effort four years ago (both as instalment over net income). */
  effortRise?: number | undefined;
  /** Large or single-parent family, minor at home, disability, dependency, gender violence, over 60. */
  specialVulnerability?: boolean | undefined;
  /** Lives in a municipality hit by the DANA of October 2024 (longer 2022 window). */
  danaArea?: boolean | undefined;
}

export interface Condition {
  id: string;
  /** The condition in plain Spanish, with the person's own figure where there is one. */
  text: string;
  /** true met, false not met, null not known yet (checked later with documents). */
  met: boolean | null;
  /** The rule table values it applies, for their sources. */
  rules: readonly RulePath[];
}

export type CodeStatus = 'meets' | 'may-meet' | 'fails';

export interface CodeAssessment {
  code: CodeId;
  name: string;
  /** Whether applications are taken on the evaluation date. */
  open: boolean;
  /** Last day applications were taken, for a closed code. */
  closedAfter: string | null;
  conditions: Condition[];
  status: CodeStatus;
}

/** The measures of the 2012 code: 5-year grace, or 2-year grace without the x1.5 rise or a special vulnerability. */
export type Package2012 = 'long' | 'short';

export interface EligibilityVerdict {
  /** ISO day the verdict was computed for. */
  evaluationDate: string;
  rulesVersion: string;
  codes: CodeAssessment[];
  /** From the codes open on the evaluation date only. */
  outcome: CodeStatus;
  /** The open code the outcome comes from (the one that fits best), or null. */
  code: CodeId | null;
  /** When no open code fits: a closed one the household would have fitted, and when it closed. */
  closedCodeWouldApply: { code: CodeId; name: string; closedAfter: string } | null;
  /** Which package of the 2012 code applies, when that code is the one and it can be told. */
  package2012: Package2012 | null;
  /** Instalment over net monthly income, percent, unrounded. */
  sharePercent: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The ISO calendar day of a date in Spain's peninsular time, the day the law counts. */
export function madridDay(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

function statusOf(conditions: readonly Condition[]): CodeStatus {
  if (conditions.some((condition) => condition.met === false)) return 'fails';
  return conditions.every((condition) => condition.met === true) ? 'meets' : 'may-meet';
}

function yesNo(value: boolean | undefined): boolean | null {
  return value ?? null;
}

/**
 * The income test. `ceiling` is the one for the known case, or the base one when the case is
 * not known yet, and `highest` the ceiling of the most favourable case. Without the gross
 * yearly income, twelve months of net income are a lower bound of it: above the ceiling that
 * could apply the test fails for certain, otherwise it waits for the tax return.
 */
function incomeWithin(
  facts: EligibilityFacts,
  caseKnown: boolean,
  ceiling: number,
  highest: number,
): boolean | null {
  const couldApply = caseKnown ? ceiling : highest;
  const gross = facts.annualGrossIncome;
  if (gross === undefined) return above(facts.monthlyNetIncome * 12, couldApply) ? false : null;
  if (!above(gross, ceiling)) return true;
  return above(gross, couldApply) ? false : null;
}

function window(
  code: CodeId,
  place: { danaArea?: boolean | undefined },
): { opens: string; lastDay: string | null } {
  if (code === 'cbp2012') return RULES.code2012.window;
  const { opens, lastDay, lastDayDanaAreas } = RULES.code2022.window;
  return { opens, lastDay: place.danaArea === true ? lastDayDanaAreas : lastDay };
}

/**
 * Whether `code` takes applications on `day` (an ISO day, Spain's calendar); the 2022 code's
 * window is longer for residents of the DANA areas.
 */
export function codeOpenOn(
  code: CodeId,
  day: string,
  place: { danaArea?: boolean | undefined } = {},
): boolean {
  const { opens, lastDay } = window(code, place);
  return day >= opens && (lastDay === null || day <= lastDay);
}

function assess2012(facts: EligibilityFacts, share: number): Condition[] {
  const rules = RULES.code2012;
  const ceilings = rules.incomeCeilings;
  const tier = facts.tier2012;
  const ceiling = ceilings[tier ?? 'base'];
  const specialCase = tier !== undefined && tier !== 'base';
  const threshold = specialCase ? rules.effortAbovePercentSpecialCases : rules.effortAbovePercent;
  let shareMet: boolean | null = above(share, threshold);
  // Without knowing the case, a share between 40 % and 50 % may still qualify.
  if (tier === undefined && !shareMet && above(share, rules.effortAbovePercentSpecialCases)) {
    shareMet = null;
  }
  return [
    {
      id: 'vivienda-habitual',
      text: 'La hipoteca es sobre tu vivienda habitual.',
      met: yesNo(facts.mainResidence),
      rules: [],
    },
    {
      id: 'precio',
      text: `El precio de compra de la vivienda no superó ${formatWholeEuros(rules.priceCapRestructuring)}.`,
      met: yesNo(facts.priceUpTo300k),
      rules: ['code2012.priceCapRestructuring'],
    },
    {
      id: 'ingresos',
      text: `Los ingresos de la unidad familiar no superan ${formatWholeEuros(ceiling)} al año (${String(rules.incomeIpremMultipliers[tier ?? 'base'])} veces el IPREM anual en 14 pagas${specialCase ? '' : `; hasta ${formatWholeEuros(ceilings.severeDisability)} en casos de discapacidad, dependencia o enfermedad`}).`,
      met: incomeWithin(facts, tier !== undefined, ceiling, ceilings.severeDisability),
      rules: ['code2012.incomeCeilings.base'],
    },
    {
      id: 'cuota',
      text: `La cuota supera el ${formatPercent(threshold, 0)} de los ingresos netos de la unidad familiar${tier === undefined ? ` (el ${formatPercent(rules.effortAbovePercentSpecialCases, 0)} en casos de discapacidad o dependencia)` : ''}: ahora es el ${formatPercent(share)}.`,
      met: shareMet,
      rules: ['code2012.effortAbovePercent', 'code2012.effortAbovePercentSpecialCases'],
    },
    {
      id: 'esfuerzo',
      text: 'El esfuerzo que supone la cuota sobre los ingresos ha aumentado en los últimos cuatro años.',
      met: facts.effortRise === undefined ? null : above(facts.effortRise, 1),
      rules: ['code2012.effortIncreaseRatio'],
    },
  ];
}

function assess2022(facts: EligibilityFacts, share: number): Condition[] {
  const rules = RULES.code2022;
  const tier = facts.tier2022;
  const ceiling = rules.incomeCeilings[tier ?? 'base'];
  return [
    {
      id: 'vivienda-habitual',
      text: 'La hipoteca es sobre tu vivienda habitual.',
      met: yesNo(facts.mainResidence),
      rules: [],
    },
    {
      id: 'precio',
      text: `El precio de compra de la vivienda no superó ${formatWholeEuros(rules.priceCap)}.`,
      met: yesNo(facts.priceUpTo300k),
      rules: ['code2022.priceCap'],
    },
    {
      id: 'firma',
      text: `La hipoteca se firmó como muy tarde el ${formatLongDate(rules.signingDeadline)}.`,
      met: yesNo(facts.signedBefore2023),
      rules: ['code2022.signingDeadline'],
    },
    {
      id: 'ingresos',
      text: `Los ingresos brutos de la unidad familiar no superan ${formatWholeEuros(ceiling)} al año.`,
      met: incomeWithin(facts, tier !== undefined, ceiling, rules.incomeCeilings.disability65),
      rules: ['code2022.incomeCeilings.base'],
    },
    {
      id: 'cuota',
      text: `La cuota supera el ${formatPercent(rules.effortAbovePercent, 0)} de los ingresos netos de la unidad familiar: ahora es el ${formatPercent(share)}.`,
      met: above(share, rules.effortAbovePercent),
      rules: ['code2022.effortAbovePercent'],
    },
  ];
}

function package2012(facts: EligibilityFacts): Package2012 | null {
  const rise = facts.effortRise;
  if (facts.specialVulnerability === true) return 'long';
  if (rise !== undefined && atLeast(rise, RULES.code2012.effortIncreaseRatio)) return 'long';
  if (facts.specialVulnerability === false && rise !== undefined) return 'short';
  return null;
}

const PREFERENCE: Record<CodeStatus, number> = { meets: 0, 'may-meet': 1, fails: 2 };

/**
 * Both codes on `evaluationDate` (an ISO day, Spain's calendar). The outcome comes only from
 * the codes that take applications that day; a closed code is reported, never applied. See
 * docs/decisions/0113-codes-by-date.md.
 */
export function evaluateEligibility(
  facts: EligibilityFacts,
  evaluationDate: string,
): EligibilityVerdict {
  if (!ISO_DAY.test(evaluationDate)) {
    throw new RangeError(`La fecha de evaluación «${evaluationDate}» no es un día ISO`);
  }
  if (!Number.isFinite(facts.monthlyNetIncome) || facts.monthlyNetIncome <= 0) {
    throw new RangeError('Los ingresos mensuales deben ser un número mayor que 0');
  }
  if (!Number.isFinite(facts.monthlyInstalment) || facts.monthlyInstalment < 0) {
    throw new RangeError('La cuota mensual debe ser un número igual o mayor que 0');
  }
  const share = sharePercent(facts.monthlyInstalment, facts.monthlyNetIncome);
  const codes: CodeAssessment[] = (['cbp2012', 'cbp2022'] as const).map((code) => {
    const { opens, lastDay } = window(code, facts);
    const open = codeOpenOn(code, evaluationDate, facts);
    const conditions = code === 'cbp2012' ? assess2012(facts, share) : assess2022(facts, share);
    return {
      code,
      name: CODE_NAMES[code],
      open,
      closedAfter: open || lastDay === null || evaluationDate < opens ? null : lastDay,
      conditions,
      status: statusOf(conditions),
    };
  });

  const best = (candidates: CodeAssessment[]) =>
    [...candidates].sort((a, b) => PREFERENCE[a.status] - PREFERENCE[b.status])[0];
  const openBest = best(
    codes.filter((assessment) => assessment.open && assessment.status !== 'fails'),
  );
  const closedBest =
    openBest === undefined
      ? best(
          codes.filter(
            (assessment) => assessment.closedAfter !== null && assessment.status !== 'fails',
          ),
        )
      : undefined;

  return {
    evaluationDate,
    rulesVersion: RULES.version,
    codes,
    outcome: openBest?.status ?? 'fails',
    code: openBest?.code ?? null,
    closedCodeWouldApply:
      closedBest?.closedAfter == null
        ? null
        : { code: closedBest.code, name: closedBest.name, closedAfter: closedBest.closedAfter },
    package2012: openBest?.code === 'cbp2012' ? package2012(facts) : null,
    sharePercent: share,
  };
}

/** The grace rate of the 2012 code's long package with the Euribor month in force. */
export function graceRate2012(euribor: { mes: string; porcentaje: number }): {
  euriborMonth: string;
  euriborPercent: number;
  ratePercent: number;
} {
  return {
    euriborMonth: euribor.mes,
    euriborPercent: euribor.porcentaje,
    ratePercent:
      Math.round((euribor.porcentaje + RULES.code2012.graceRateEuriborSpreadPoints) * 1000) / 1000,
  };
}
