import { RULES } from '../rules/table';
import type { TipoCarencia } from './fields';

const rules = RULES.calculator;

/** Years of term extension the code grants (formula 9): up to 7, never beyond 40 years in all. */
export function extensionYears(plazoOriginal: number, tipoCarencia: TipoCarencia): number {
  if (tipoCarencia === 'exclusion') return 0;
  return Math.min(rules.extensionMaxYears, Math.max(0, rules.maxTotalTermYears - plazoOriginal));
}

/**
 * Months of the annuity after the grace period. A grace that reaches the end of the (extended)
 * term leaves the whole capital for one last payment, so the count never drops below one
 * (docs/decisions/0111-grace-longer-than-term.md).
 */
export function monthsAfterGrace(plazoExtendido: number, plazoCarencia: number): number {
  return Math.max(1, plazoExtendido - 12 * plazoCarencia);
}
