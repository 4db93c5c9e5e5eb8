import { formatNumber, NBSP, RULES, type SimulatorAnswers } from '@cbp/core';

/** "31 de diciembre de 2022" from an ISO calendar day, whatever the time zone of the device. */
function longSpanishDate(isoDay: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T00:00:00Z`));
}

export const PRICE_CAP_TEXT = `${formatNumber(RULES.simulator.priceCap, 0)}${NBSP}€`;
export const SIGNING_DEADLINE_TEXT = longSpanishDate(RULES.simulator.signingDeadline);
export const SHARE_THRESHOLD_TEXT = `${formatNumber(RULES.simulator.shareAbovePercent, 0)}${NBSP}%`;

export type YesNoKey = 'precioHasta300k' | 'viviendaHabitual' | 'firmadaAntes2023';
export type AmountKey = 'cuotaMensual' | 'ingresosMensuales';

export interface YesNoQuestionDefinition {
  readonly kind: 'yes-no';
  readonly key: YesNoKey;
  readonly question: string;
  readonly hint: string;
}

export interface AmountQuestionDefinition {
  readonly kind: 'amount';
  readonly key: AmountKey;
  readonly question: string;
  readonly hint: string;
}

export type QuestionDefinition = YesNoQuestionDefinition | AmountQuestionDefinition;

/**
 * The five questions in the order the spec asks them. The texts are also the keys of
 * `preguntasRespuestas` in the result pages' navigation state (spec 01, section 3).
 */
export const QUESTIONS = [
  {
    kind: 'yes-no',
    key: 'precioHasta300k',
    question: `¿El precio de compra de tu vivienda fue de hasta ${PRICE_CAP_TEXT}?`,
    hint: 'Es el precio que pagaste al comprarla, el que aparece en la escritura.',
  },
  {
    kind: 'yes-no',
    key: 'viviendaHabitual',
    question: '¿La vivienda hipotecada es tu vivienda habitual?',
    hint: 'Es la casa en la que vives, no una segunda residencia ni una vivienda que alquilas a otras personas.',
  },
  {
    kind: 'yes-no',
    key: 'firmadaAntes2023',
    question: `¿Firmaste la hipoteca antes del ${SIGNING_DEADLINE_TEXT}?`,
    hint: `Si la firmaste el mismo ${SIGNING_DEADLINE_TEXT}, responde «Sí».`,
  },
  {
    kind: 'amount',
    key: 'cuotaMensual',
    question: '¿Cuál es la cuota mensual de tu hipoteca?',
    hint: 'Lo que te cobra el banco cada mes por la hipoteca. Por ejemplo: 650,50',
  },
  {
    kind: 'amount',
    key: 'ingresosMensuales',
    question: '¿Cuáles son los ingresos mensuales de tu unidad familiar?',
    hint: 'Suma lo que cobran cada mes, en neto, todas las personas que viven contigo: nóminas, pensiones, prestaciones… Por ejemplo: 1.800',
  },
] as const satisfies readonly QuestionDefinition[];

/** Steps 1 to 5 are the questions; the last one is the contact step. */
export const STEP_COUNT: number = RULES.steps.simulator;
export const CONTACT_STEP = STEP_COUNT;

export function questionFor(key: keyof SimulatorAnswers): QuestionDefinition {
  const question = QUESTIONS.find((candidate) => candidate.key === key);
  if (question === undefined) throw new Error(`Pregunta desconocida: ${key}`);
  return question;
}

export const YES_TEXT = 'Sí';
export const NO_TEXT = 'No';
