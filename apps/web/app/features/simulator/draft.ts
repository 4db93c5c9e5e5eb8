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

/** Whether an amount typed for a question is one the simulator accepts (`readAmount`). */
export type AmountCheck = (key: AmountKey, typed: string) => boolean;

/**
 * The furthest step the person may be on with these answers: the first question still
 * without a valid answer, or the contact step once all five have one. Addresses that ask for
 * a later step (an old bookmark, a hand-typed ?paso=6) land here instead. Null when an amount
 * is typed and the check that reads it has not loaded yet: the step is not known until then.
 */
export function furthestStep(
  draft: SimulatorDraft,
  amountIsValid: AmountCheck | null,
): number | null {
  for (const [index, question] of QUESTIONS.entries()) {
    if (question.kind === 'yes-no') {
      if (draft.answers[question.key] === undefined) return index + 1;
      continue;
    }
    const typed = draft.amounts[question.key];
    if (typed.trim() === '') return index + 1;
    if (amountIsValid === null) return null;
    if (!amountIsValid(question.key, typed)) return index + 1;
  }
  return CONTACT_STEP;
}

/** Whether the person has given anything yet: then the later steps' code is needed. */
export function hasStarted(draft: SimulatorDraft): boolean {
  return (
    Object.keys(draft.answers).length > 0 ||
    Object.values(draft.amounts).some((typed) => typed.trim() !== '')
  );
}
