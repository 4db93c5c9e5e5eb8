import {
  CODE_NAMES,
  type EligibilityVerdict,
  evaluateEligibility,
  formatLongDate,
  type LeadDetail,
  resultNavigationStateSchema,
  type ResultNavigationState,
  type Session,
  type SimulatorAnswers,
} from '@cbp/core';

import { NO_TEXT, QUESTIONS, YES_TEXT } from './questions';
import { questionsAndAnswers } from './submission';

export interface PassResult {
  readonly state: ResultNavigationState;
  readonly leadId: string;
  /** The lead's session handed over by the simulator; null when this browser already holds it. */
  readonly session: Session | null;
}

/** The pass page's state, or null when it is missing, malformed or lacks the lead's session. */
export function readPassState(value: unknown): PassResult | null {
  const parsed = resultNavigationStateSchema.safeParse(value);
  if (!parsed.success) return null;
  const { leadId, session } = parsed.data;
  if (leadId === undefined || session === undefined) return null;
  return { state: parsed.data, leadId, session };
}

/**
 * The pass page rebuilt from the lead as the server stored it (GET /api/leads/{id} with the
 * session this browser keeps), for a visit without navigation state such as a reload: null
 * when that lead did not qualify or has no answers to show.
 */
export function passResultFromLead(lead: LeadDetail): PassResult | null {
  const { respuestas, porcentajeCuota } = lead;
  if (lead.cumpleRequisitos !== true || respuestas === null || porcentajeCuota === null) {
    return null;
  }
  return {
    state: {
      preguntasRespuestas: questionsAndAnswers(respuestas),
      contacto: { nombre: lead.nombre, telefono: lead.telefono, correo: lead.email },
      porcentajeCuota,
      respuestas,
      leadId: lead.id,
    },
    leadId: lead.id,
    session: null,
  };
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

/** Under the pass page's list when the effort test is open: where the circumstances are asked. */
export const CIRCUMSTANCES_CHECKED_LATER =
  'El simulador no pregunta por estas circunstancias de especial vulnerabilidad: te las preguntaremos en tu área privada, al calcular tu nueva cuota. Si alguna se da en tu caso, aunque sea desde hace más de cuatro años, y cumples los demás requisitos, la carencia es de cinco años.';

export interface ResultExplanation {
  /** The open code the answers fit, by name. */
  readonly code: string | null;
  /** Conditions of the best-fitting open code the answers do not meet. */
  readonly unmet: readonly string[];
  /** Conditions the answers cannot tell yet: checked later with the documents. */
  readonly pending: readonly string[];
  /** A closed code the answers would have fitted, and the day it closed, in words. */
  readonly closedCode: { readonly name: string; readonly closedAfter: string } | null;
  /**
   * The effort test of the 2012 code is still open: a circumstance of special vulnerability can
   * meet it, and the simulator does not ask about them (the calculator does).
   */
  readonly circumstancesLater: boolean;
}

/**
 * Why the answers do or do not qualify, from core's verdict for `evaluationDate`. Answers
 * missing from an older navigation state stay unknown; without the amounts, the share stands
 * for them as an instalment of an income of 100.
 */
export function explainResult(
  answers: Partial<SimulatorAnswers>,
  porcentajeCuota: number,
  evaluationDate: string,
): ResultExplanation {
  const amounts =
    answers.cuotaMensual !== undefined && answers.ingresosMensuales !== undefined
      ? { monthlyInstalment: answers.cuotaMensual, monthlyNetIncome: answers.ingresosMensuales }
      : { monthlyInstalment: Math.max(0, porcentajeCuota), monthlyNetIncome: 100 };
  let verdict: EligibilityVerdict;
  try {
    verdict = evaluateEligibility(
      {
        mainResidence: answers.viviendaHabitual,
        priceUpTo300k: answers.precioHasta300k,
        signedBefore2023: answers.firmadaAntes2023,
        ...amounts,
      },
      evaluationDate,
    );
  } catch {
    return { code: null, unmet: [], pending: [], closedCode: null, circumstancesLater: false };
  }
  const open = verdict.codes.filter((assessment) => assessment.open);
  const failures = (assessment: (typeof open)[number]) =>
    assessment.conditions.filter((condition) => condition.met === false).length;
  const best =
    open.find((assessment) => assessment.code === verdict.code) ??
    [...open].sort((a, b) => failures(a) - failures(b))[0];
  const texts = (met: boolean | null) =>
    best?.conditions.filter((condition) => condition.met === met).map((item) => item.text) ?? [];
  const closed = verdict.closedCodeWouldApply;
  const effortOpen =
    verdict.code === 'cbp2012' &&
    best?.conditions.some((condition) => condition.id === 'esfuerzo' && condition.met === null) ===
      true;
  return {
    code: verdict.code === null ? null : CODE_NAMES[verdict.code],
    unmet: texts(false),
    pending: verdict.code === null ? [] : texts(null),
    closedCode:
      closed === null
        ? null
        : { name: closed.name, closedAfter: formatLongDate(closed.closedAfter) },
    circumstancesLater: effortOpen,
  };
}
