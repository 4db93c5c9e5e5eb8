import { formatLongDate, formatNumber, formatPercent, formatWholeEuros } from '../format';
import { above, atLeast, sharePercent } from '../rules/compare';
import type { RulePath } from '../rules/sources';
import { RULES } from '../rules/table';
import { CIRCUMSTANCE_TEXTS, circumstancesInWords } from './circumstance-texts';
import {
  circumstancesThatApply,
  type HouseholdCircumstances,
  joinSpanish,
  recentCircumstances,
  type VulnerabilityCircumstance,
} from './circumstances';
import { CODE_NAMES, type CodeId } from './codes';

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
  /**
   * The circumstances of special vulnerability that apply, with when each arose; `{}` when the
   * household was asked and none applies, undefined when it was not asked (the simulator).
   */
  circumstances?: HouseholdCircumstances | undefined;
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

/**
 * The measures of the 2012 code: 5-year grace with the ×1,5 rise or any circumstance of special
 * vulnerability (recent or older); otherwise the 2-year grace.
 */
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

const NUMBER_WORDS: Readonly<Record<number, string>> = {
  2: 'dos',
  3: 'tres',
  4: 'cuatro',
  5: 'cinco',
};

/** The look-back of the rule table in words: { period: "los últimos cuatro años", ago: "hace cuatro años" }. */
function lookBack(): { period: string; ago: string } {
  const years = RULES.code2012.effortLookBackYears;
  const words = NUMBER_WORDS[years] ?? String(years);
  return { period: `los últimos ${words} años`, ago: `hace ${words} años` };
}

/** Whether the rise in effort alone meets the test on `day`: any rise since RDL 19/2022, ×1,5 before. */
function riseMeets(rise: number, day: string): boolean {
  const rules = RULES.code2012;
  return day >= rules.anyEffortRiseFrom ? above(rise, 1) : atLeast(rise, rules.effortIncreaseRatio);
}

/** "en los últimos cuatro años ha surgido una circunstancia de especial vulnerabilidad: …". */
function aroseSentence(recent: readonly VulnerabilityCircumstance[], period: string): string {
  const statements = joinSpanish(recent.map((id) => CIRCUMSTANCE_TEXTS[id].statement));
  return recent.length === 1
    ? `en ${period} ha surgido una circunstancia de especial vulnerabilidad: ${statements}`
    : `en ${period} han surgido circunstancias de especial vulnerabilidad: ${statements}`;
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * The effort test of the 2012 code (RDL 6/2012, art. 3.1.b): in the look-back years the effort of
 * paying for the home rose (any rise since RDL 19/2022, ×1,5 before), or a circumstance of special
 * vulnerability arose. The text names the path that is met, with the person's figure or the
 * circumstance, or says what would meet it.
 */
function effortCondition(facts: EligibilityFacts, day: string): Condition {
  const rules = RULES.code2012;
  const { period, ago } = lookBack();
  const anyRise = day >= rules.anyEffortRiseFrom;
  const ratio = formatNumber(rules.effortIncreaseRatio, 1);
  const rise = facts.effortRise;
  const asked = facts.circumstances !== undefined;
  const recent = recentCircumstances(facts.circumstances);
  const subject = 'El esfuerzo que supone la cuota sobre los ingresos';
  const risen = anyRise ? 'ha aumentado' : `se ha multiplicado al menos por ${ratio}`;
  const notRisen = anyRise ? 'no ha aumentado' : `no se ha multiplicado al menos por ${ratio}`;
  const wouldRise = anyRise ? 'hubiera aumentado' : `se hubiera multiplicado al menos por ${ratio}`;
  const anyCircumstance = `en ${period} ha surgido alguna circunstancia de especial vulnerabilidad (${circumstancesInWords()})`;
  const rules2012: RulePath[] = [
    'code2012.effortLookBackYears',
    'code2012.anyEffortRiseFrom',
    'code2012.effortIncreaseRatio',
  ];
  const condition = (text: string, met: boolean | null): Condition => ({
    id: 'esfuerzo',
    text,
    met,
    rules: rules2012,
  });

  if (rise === undefined) {
    if (recent.length > 0) return condition(`${capitalised(aroseSentence(recent, period))}.`, true);
    return condition(
      asked
        ? `${subject} ${risen} en ${period}.`
        : `${subject} ${risen} en ${period}, o ${anyCircumstance}.`,
      null,
    );
  }
  const figure = `ahora es ${formatNumber(rise, 2)} veces el de ${ago}`;
  if (riseMeets(rise, day)) {
    const also = recent.length > 0 ? ` Además, ${aroseSentence(recent, period)}.` : '';
    return condition(`${subject} ${risen} en ${period}: ${figure}.${also}`, true);
  }
  if (recent.length > 0) return condition(`${capitalised(aroseSentence(recent, period))}.`, true);
  if (!asked) {
    return condition(
      `${subject} ${notRisen} en ${period} (${figure}). También se cumple si ${anyCircumstance}.`,
      null,
    );
  }
  const older = circumstancesThatApply(facts.circumstances).length;
  const olderNote =
    older === 0
      ? ''
      : older === 1
        ? ' (la que indicas ya se daba antes)'
        : ' (las que indicas ya se daban antes)';
  return condition(
    `${subject} ${notRisen} en ${period} (${figure}) y en ese tiempo no ha surgido ninguna circunstancia de especial vulnerabilidad${olderNote}. Se cumpliría si el esfuerzo ${wouldRise} o si en ese tiempo hubiera surgido alguna de ellas: ${circumstancesInWords()}.`,
    false,
  );
}

function assess2012(facts: EligibilityFacts, share: number, day: string): Condition[] {
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
    effortCondition(facts, day),
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

/**
 * Any circumstance that applies, recent or older, or the ×1,5 rise gives the long package; a
 * smaller rise without circumstances the short one; null while either fact is unknown.
 */
function package2012(facts: EligibilityFacts): Package2012 | null {
  const rise = facts.effortRise;
  if (circumstancesThatApply(facts.circumstances).length > 0) return 'long';
  if (rise !== undefined && atLeast(rise, RULES.code2012.effortIncreaseRatio)) return 'long';
  if (facts.circumstances !== undefined && rise !== undefined) return 'short';
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
    const conditions =
      code === 'cbp2012' ? assess2012(facts, share, evaluationDate) : assess2022(facts, share);
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
