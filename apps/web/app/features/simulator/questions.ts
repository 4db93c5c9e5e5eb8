import { RULES } from '@cbp/core';

import { longDate, wholeEuros } from '../../content/format';

export const PRICE_CAP_TEXT = wholeEuros(RULES.simulator.priceCap);
export const SIGNING_DEADLINE_TEXT = longDate(RULES.simulator.signingDeadline);

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

export const YES_TEXT = 'Sí';
export const NO_TEXT = 'No';
