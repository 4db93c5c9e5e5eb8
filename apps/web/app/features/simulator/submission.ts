import {
  LEAD_FALLBACK_MESSAGES,
  contactDataSchema,
  isApiError,
  evaluateSimulator,
  madridDay,
  type AccountApi,
  type LeadApi,
  type ContactData,
  type LeadRequestInput,
  type ResultNavigationState,
  type SimulatorAnswers,
  type SimulatorOutcome,
} from '@cbp/core';

import type { SimulatorDraft } from './draft';
import { readAmount } from './amounts';
import { NO_TEXT, QUESTIONS, YES_TEXT } from './questions';

export const PASS_PATH = '/cumple-requisitos';
export const FAIL_PATH = '/no-cumple-requisitos';

export interface Submission {
  readonly answers: SimulatorAnswers;
  readonly outcome: SimulatorOutcome;
  readonly contact: ContactData;
  readonly lead: LeadRequestInput;
}

/**
 * The request a complete draft makes, or null while an answer is missing or invalid. The
 * classification is the browser's (core's `evaluateSimulator`); the server recomputes it from
 * `respuestas` and stores its own.
 */
export function buildSubmission(draft: SimulatorDraft): Submission | null {
  const { precioHasta300k, viviendaHabitual, firmadaAntes2023 } = draft.answers;
  if (precioHasta300k === undefined || viviendaHabitual === undefined) return null;
  if (firmadaAntes2023 === undefined || !draft.privacyAccepted) return null;
  const cuota = readAmount('cuotaMensual', draft.amounts.cuotaMensual);
  const ingresos = readAmount('ingresosMensuales', draft.amounts.ingresosMensuales);
  if (!cuota.ok || !ingresos.ok) return null;
  const contact = contactDataSchema.safeParse(draft.contact);
  if (!contact.success) return null;

  const answers: SimulatorAnswers = {
    precioHasta300k,
    viviendaHabitual,
    firmadaAntes2023,
    cuotaMensual: cuota.value,
    ingresosMensuales: ingresos.value,
  };
  const outcome = evaluateSimulator(answers, madridDay(new Date()));
  return {
    answers,
    outcome,
    contact: contact.data,
    lead: {
      nombre: contact.data.nombre,
      apellidos: contact.data.apellidos,
      telefono: contact.data.telefono,
      email: contact.data.correo,
      politicaPrivacidad: true,
      fase_comercial: outcome.fase_comercial,
      estado: outcome.estado,
      tipocbp: outcome.tipocbp,
      respuestas: answers,
    },
  };
}

/** What identifies one request: the same text means a retry of the same lead. */
export function fingerprintOf(submission: Submission): string {
  return JSON.stringify(submission.lead);
}

/** The answers keyed by the question text, as the spec keeps them. */
export function questionsAndAnswers(answers: SimulatorAnswers): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  for (const question of QUESTIONS) {
    const value = answers[question.key];
    result[question.question] = typeof value === 'boolean' ? (value ? YES_TEXT : NO_TEXT) : value;
  }
  return result;
}

export interface SubmitResult {
  readonly path: typeof PASS_PATH | typeof FAIL_PATH;
  readonly state: ResultNavigationState;
}

/**
 * The spec's sequence: the health check first (its status is only logged: the lead call that
 * follows reports any real problem with the right message), then the lead. Rejects with the
 * API client's errors, whose messages are the spec's catalogue.
 */
export async function submitLead(
  api: Pick<AccountApi, 'healthCheck'> & Pick<LeadApi, 'createLead'>,
  submission: Submission,
  idempotencyKey: string,
  /** The session of a signed-in person: their simulation becomes their account's case. */
  accessToken?: string,
): Promise<SubmitResult> {
  const health = await api.healthCheck();
  if (!health.ok) console.warn(`Comprobación de estado del servidor: ${health.status}`);
  const response = await api.createLead(submission.lead, {
    idempotencyKey,
    ...(accessToken === undefined ? {} : { accessToken }),
  });

  const base = {
    preguntasRespuestas: questionsAndAnswers(submission.answers),
    contacto: submission.contact,
    porcentajeCuota: submission.outcome.porcentajeCuota,
    respuestas: submission.answers,
  };
  if (submission.outcome.cumpleRequisitos) {
    return {
      path: PASS_PATH,
      state: { ...base, leadId: response.data.id, session: response.session },
    };
  }
  return { path: FAIL_PATH, state: base };
}

/** What the person reads when sending fails: the server's message, or the spec's fallback. */
export function sendingErrorMessage(error: unknown): string {
  return isApiError(error) ? error.message : LEAD_FALLBACK_MESSAGES.createLead;
}

/**
 * The Idempotency-Key for sending `fingerprint`: the previous attempt's key when it was for the
 * same request (a retry), a new one otherwise (the person changed something: a new lead).
 */
export function attemptFor(
  previous: SimulatorDraft['attempt'],
  fingerprint: string,
  newKey: () => string = newIdempotencyKey,
): { idempotencyKey: string; fingerprint: string } {
  if (previous?.fingerprint === fingerprint) return previous;
  return { idempotencyKey: newKey(), fingerprint };
}

/** 128 random bits in hex. `crypto.randomUUID` exists only on https pages; this works on any. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `sim-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
