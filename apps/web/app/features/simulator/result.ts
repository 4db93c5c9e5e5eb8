import {
  evaluateSimulator,
  formatPercent,
  resultNavigationStateSchema,
  type ResultNavigationState,
  type Session,
  type SimulatorAnswers,
} from '@cbp/core';

import {
  NO_TEXT,
  PRICE_CAP_TEXT,
  QUESTIONS,
  SHARE_THRESHOLD_TEXT,
  SIGNING_DEADLINE_TEXT,
  YES_TEXT,
} from './questions';

export interface PassResult {
  readonly state: ResultNavigationState;
  readonly leadId: string;
  readonly session: Session;
}

/** The pass page's state, or null when it is missing, malformed or lacks the lead's session. */
export function readPassState(value: unknown): PassResult | null {
  const parsed = resultNavigationStateSchema.safeParse(value);
  if (!parsed.success) return null;
  const { leadId, session } = parsed.data;
  if (leadId === undefined || session === undefined) return null;
  return { state: parsed.data, leadId, session };
}

export function readFailState(value: unknown): ResultNavigationState | null {
  const parsed = resultNavigationStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The five answers from the state: the typed `respuestas` when present, otherwise read back
 * from `preguntasRespuestas` by question text. Missing answers stay undefined.
 */
export function answersFrom(state: ResultNavigationState): Partial<SimulatorAnswers> {
  if (state.respuestas !== undefined) return state.respuestas;
  const answers: Partial<Record<keyof SimulatorAnswers, boolean | number>> = {};
  for (const question of QUESTIONS) {
    const value = state.preguntasRespuestas[question.question];
    if (question.kind === 'yes-no') {
      if (value === YES_TEXT || value === true) answers[question.key] = true;
      else if (value === NO_TEXT || value === false) answers[question.key] = false;
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      answers[question.key] = value;
    }
  }
  return answers as Partial<SimulatorAnswers>;
}

const ALL_YES = { precioHasta300k: true, viviendaHabitual: true, firmadaAntes2023: true } as const;

/**
 * Whether the share passes core's threshold. With the amounts at hand core decides from them;
 * otherwise from the share itself, as the instalment of an income of 100.
 */
function shareQualifies(answers: Partial<SimulatorAnswers>, porcentajeCuota: number): boolean {
  const amounts =
    answers.cuotaMensual !== undefined && answers.ingresosMensuales !== undefined
      ? { cuotaMensual: answers.cuotaMensual, ingresosMensuales: answers.ingresosMensuales }
      : { cuotaMensual: porcentajeCuota, ingresosMensuales: 100 };
  try {
    return evaluateSimulator({ ...ALL_YES, ...amounts }).cumpleRequisitos;
  } catch {
    return false;
  }
}

/** Why the person does not qualify, one plain Spanish sentence per unmet condition. */
export function unmetConditions(
  answers: Partial<SimulatorAnswers>,
  porcentajeCuota: number,
): string[] {
  const reasons: string[] = [];
  if (answers.precioHasta300k === false) {
    reasons.push(`El precio de compra de tu vivienda fue de más de ${PRICE_CAP_TEXT}.`);
  }
  if (answers.viviendaHabitual === false) {
    reasons.push('La vivienda hipotecada no es tu vivienda habitual.');
  }
  if (answers.firmadaAntes2023 === false) {
    reasons.push(`Firmaste la hipoteca después del ${SIGNING_DEADLINE_TEXT}.`);
  }
  if (!shareQualifies(answers, porcentajeCuota)) {
    reasons.push(
      `Tu cuota es el ${formatPercent(porcentajeCuota)} de tus ingresos, y tiene que ser más del ${SHARE_THRESHOLD_TEXT}.`,
    );
  }
  return reasons;
}
