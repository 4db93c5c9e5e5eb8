import { parseSpanishNumber, simulatorAnswersSchema } from '@cbp/core';

import type { AmountKey } from './questions';

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

/** `readAmount` as the check `furthestStep` takes. */
export function amountIsValid(key: AmountKey, typed: string): boolean {
  return readAmount(key, typed).ok;
}
