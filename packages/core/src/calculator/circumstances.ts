import type { HouseholdCircumstances } from '../eligibility/circumstances';
import { circumstancesSchema } from '../eligibility/circumstances-schema';
import { DISCAPACIDAD_DEFAULT } from '../rules/discapacidad';

/** The answers of a calculator form, or of a stored calculation's input, the circumstances depend on. */
export interface CircumstanceAnswers {
  circunstancias?: unknown;
  mayorSesenta?: boolean | null | undefined;
  discapacidad?: string | null | undefined;
}

/**
 * The household's circumstances of special vulnerability as a calculation counts them, from its
 * form or stored input: `circunstancias` as answered, made consistent with the other answers
 * (docs/decisions/0612-circumstances-in-the-calculator.md):
 * - `mayorSesenta: true` (the spec's old question, and every calculation stored before the seven
 *   questions) is the circumstance 'mayor-60', 'anterior' when the input does not say when it arose;
 * - a disability answer other than 'No' is the circumstance 'discapacidad-miembro', 'anterior'
 *   unless the input says it arose in the last four years.
 * `grupoVulnerable`, the spec's vague umbrella, names no circumstance and is not counted.
 * An input whose `circunstancias` is not a valid record counts as none answered.
 */
export function calculationCircumstances(answers: CircumstanceAnswers): HouseholdCircumstances {
  const parsed = circumstancesSchema.safeParse(answers.circunstancias ?? {});
  const circumstances: HouseholdCircumstances = parsed.success ? { ...parsed.data } : {};
  if (answers.mayorSesenta === true) circumstances['mayor-60'] ??= 'anterior';
  const discapacidad = answers.discapacidad ?? DISCAPACIDAD_DEFAULT;
  if (discapacidad !== DISCAPACIDAD_DEFAULT) circumstances['discapacidad-miembro'] ??= 'anterior';
  return circumstances;
}
