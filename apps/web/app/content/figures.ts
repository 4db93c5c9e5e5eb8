import { formatNumber, RULES } from '@cbp/core';

/** The latest IPREM year of the rule table, whose figures the pages quote. */
export const IPREM_YEAR = Math.max(
  ...Object.keys(RULES.iprem).map(Number),
) as keyof typeof RULES.iprem;
export const IPREM = RULES.iprem[IPREM_YEAR];

/** The grace-period rate of the 2012 code: "Euríbor − 0,10 puntos". */
export function euriborPlus(spreadPoints: number): string {
  const sign = spreadPoints < 0 ? '−' : '+';
  return `Euríbor ${sign} ${formatNumber(Math.abs(spreadPoints), 2)} puntos`;
}

export const EURIBOR_GRACE_RATE = euriborPlus(RULES.code2012.graceRateEuriborSpreadPoints);

/** Yearly income ceiling of the 2012 code: 3 × IPREM in 14 payments. */
export const CODE_2012_INCOME_CEILING = RULES.code2012.incomeIpremMultipliers.base * IPREM.annual14;

/** "5 preguntas": how many questions the simulator asks before the contact step. */
export const SIMULATOR_QUESTIONS = `${String(RULES.steps.simulatorQuestions)} preguntas`;
