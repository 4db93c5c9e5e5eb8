import { parseSpanishNumber, simulatorAnswersSchema } from '@cbp/core';

import { CONTACT_STEP, QUESTIONS, type AmountKey, type YesNoKey } from './questions';

/** Everything the person has given so far, exactly as typed. */
export interface SimulatorDraft {
  readonly answers: Readonly<Partial<Record<YesNoKey, boolean>>>;
  readonly amounts: Readonly<Record<AmountKey, string>>;
  readonly contact: Readonly<ContactDraft>;
  readonly privacyAccepted: boolean;
  /**
   * The Idempotency-Key of the current series of attempts and the request it was made for: a
   * retry of the same request reuses it, so the server never stores the lead twice.
   */
  readonly attempt: Readonly<{ idempotencyKey: string; fingerprint: string }> | null;
}

export interface ContactDraft {
  nombre: string;
  apellidos: string;
  correo: string;
  telefono: string;
}

export const EMPTY_DRAFT: SimulatorDraft = {
  answers: {},
  amounts: { cuotaMensual: '', ingresosMensuales: '' },
  contact: { nombre: '', apellidos: '', correo: '', telefono: '' },
  privacyAccepted: false,
  attempt: null,
};

export { DRAFT_STORAGE_KEY } from './storage-key';
const DRAFT_VERSION = 1;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown, max = 500): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** Reads a stored draft; anything unreadable or from another version gives an empty one. */
export function parseDraft(raw: string | null): SimulatorDraft {
  if (raw === null) return EMPTY_DRAFT;
  let stored: Record<string, unknown>;
  try {
    stored = record(JSON.parse(raw));
  } catch {
    return EMPTY_DRAFT;
  }
  if (stored.v !== DRAFT_VERSION) return EMPTY_DRAFT;

  const answers: Partial<Record<YesNoKey, boolean>> = {};
  const storedAnswers = record(stored.answers);
  for (const question of QUESTIONS) {
    if (question.kind !== 'yes-no') continue;
    const value = storedAnswers[question.key];
    if (typeof value === 'boolean') answers[question.key] = value;
  }
  const amounts = record(stored.amounts);
  const contact = record(stored.contact);
  const attempt = record(stored.attempt);
  const idempotencyKey = text(attempt.idempotencyKey, 200);
  const fingerprint = text(attempt.fingerprint, 10_000);

  return {
    answers,
    amounts: {
      cuotaMensual: text(amounts.cuotaMensual, 50),
      ingresosMensuales: text(amounts.ingresosMensuales, 50),
    },
    contact: {
      nombre: text(contact.nombre),
      apellidos: text(contact.apellidos),
      correo: text(contact.correo),
      telefono: text(contact.telefono),
    },
    privacyAccepted: stored.privacyAccepted === true,
    attempt: idempotencyKey !== '' && fingerprint !== '' ? { idempotencyKey, fingerprint } : null,
  };
}

export function serializeDraft(draft: SimulatorDraft): string {
  return JSON.stringify({ v: DRAFT_VERSION, ...draft });
}

const amountSchemas = {
  cuotaMensual: simulatorAnswersSchema.shape.cuotaMensual,
  ingresosMensuales: simulatorAnswersSchema.shape.ingresosMensuales,
} as const;

/** The amount typed for a question, or the Spanish message that says what is wrong with it. */
export function readAmount(
  key: AmountKey,
  typed: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const value = typed.trim() === '' ? undefined : parseSpanishNumber(typed);
  const result = amountSchemas[key].safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Revisa este dato' };
}

/**
 * The furthest step the person may be on with these answers: the first question still
 * without a valid answer, or the contact step once all five have one. Addresses that ask for
 * a later step (an old bookmark, a hand-typed ?paso=6) land here instead.
 */
export function furthestStep(draft: SimulatorDraft): number {
  for (const [index, question] of QUESTIONS.entries()) {
    const answered =
      question.kind === 'yes-no'
        ? draft.answers[question.key] !== undefined
        : readAmount(question.key, draft.amounts[question.key]).ok;
    if (!answered) return index + 1;
  }
  return CONTACT_STEP;
}
