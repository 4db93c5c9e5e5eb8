import { RULES } from '../rules/table';
import { annuity } from './annuity';
import { extensionYears, monthsAfterGrace } from './term';
import type { CalculationResult, CalculatorForm } from './schema';

type SliderForm = Pick<CalculatorForm, 'capitalPendiente' | 'tipoInteres' | 'plazoOriginal'>;
type SliderResult = Pick<
  CalculationResult,
  'tipoCarencia' | 'plazoCarencia' | 'plazoExtendido' | 'cuotaPostCarencia'
>;

export interface ExtraYearsInstalment {
  /** Monthly instalment after the grace period with the extra years. */
  cuota: number;
  /** Years from now to the end of the loan, grace and every extension included. */
  plazoTotalAnios: number;
  /** cuotaPostCarencia minus cuota: what the extra years take off each month. */
  diferenciaMensual: number;
}

/**
 * The slider's upper end (formula 12): extra years beyond the code's extension, at most 10 and
 * never past 40 years from the loan's start.
 */
export function maxExtraYears(form: SliderForm, result: SliderResult): number {
  const { sliderMaxExtraYears, maxTotalTermYears } = RULES.calculator;
  const extension = extensionYears(form.plazoOriginal, result.tipoCarencia);
  return Math.min(
    sliderMaxExtraYears,
    Math.max(0, maxTotalTermYears - form.plazoOriginal - extension),
  );
}

/**
 * "Calcular cuota después de la carencia": the real annuity over the longer term, not the spec's
 * "× (1 − 0,05 × años)" shortcut (docs/decisions/0104-real-annuity-for-extra-years.md).
 */
export function extraYearsInstalment(
  form: SliderForm,
  result: SliderResult,
  extraYears: number,
): ExtraYearsInstalment {
  const max = maxExtraYears(form, result);
  if (!Number.isFinite(extraYears) || extraYears < 0 || extraYears > max) {
    throw new RangeError(`Los años adicionales deben estar entre 0 y ${max}`);
  }
  const months = monthsAfterGrace(result.plazoExtendido + 12 * extraYears, result.plazoCarencia);
  const cuota = annuity(form.capitalPendiente, form.tipoInteres, months);
  return {
    cuota,
    plazoTotalAnios: result.plazoExtendido / 12 + extraYears,
    diferenciaMensual: result.cuotaPostCarencia - cuota,
  };
}
