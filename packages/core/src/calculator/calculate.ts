import { above, atLeast, sharePercent } from '../rules/compare';
import type { Discapacidad } from '../rules/discapacidad';
import { RULES, type IncomeCeilingTier } from '../rules/table';
import { annuity } from './annuity';
import type { TipoCarencia } from './fields';
import type { CalculationResult, CalculatorForm } from './schema';
import { validateCalculatorForm, type CalculatorFormInput } from './validate';

const rules = RULES.calculator;
const ceilingTiers: Readonly<Record<Discapacidad, IncomeCeilingTier>> =
  rules.ceilingTierByDiscapacidad;

/** The gross yearly household income limit for a disability answer (formula 2). */
export function incomeCeiling(discapacidad: Discapacidad): number {
  return rules.incomeCeilings[ceilingTiers[discapacidad]];
}

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

function graceTerms(tipoCarencia: TipoCarencia, tipoInteres: number) {
  const { carencia5, carencia2, carencia1 } = rules.grace;
  const reduced = (points: number) => Math.max(rules.minRatePercent, tipoInteres - points);
  switch (tipoCarencia) {
    case 'carencia5':
      return { plazoCarencia: carencia5.years, nuevoInteres: carencia5.ratePercent };
    case 'carencia2':
      return {
        plazoCarencia: carencia2.years,
        nuevoInteres: reduced(carencia2.rateReductionPoints),
      };
    case 'carencia1':
      return {
        plazoCarencia: carencia1.years,
        nuevoInteres: reduced(carencia1.rateReductionPoints),
      };
    case 'exclusion':
      return { plazoCarencia: 0, nuevoInteres: tipoInteres };
  }
}

/**
 * The relief the code would give, by formulas 1 to 11 of the rule notes (spec 02, sections 3-5).
 * Throws CalculatorValidationError, with the spec's message, for missing or invalid fields.
 * Amounts come back unrounded; round only to display them.
 */
export function calculateRelief(input: CalculatorFormInput): CalculationResult {
  const form: CalculatorForm = validateCalculatorForm(input);
  const {
    capitalPendiente: capital,
    plazoRestante,
    plazoOriginal,
    tipoInteres,
    ingresosBrutosAnuales,
    ingresosNetosAnuales,
    ingresosNetosCuatroAnios,
    cuotaCuatroAnios,
    cuotaJunio2022,
  } = form;
  const cuotaActual = form.cuotaActual ?? form.pagoMensualHipoteca;

  const tasaEsfuerzoActual = sharePercent(cuotaActual * 12, ingresosNetosAnuales);
  const esfuerzoCuatroAnios = sharePercent(cuotaCuatroAnios * 12, ingresosNetosCuatroAnios);
  const incrementoEsfuerzo = tasaEsfuerzoActual / esfuerzoCuatroAnios;

  const vulnerable = form.grupoVulnerable || form.mayorSesenta || form.discapacidad !== 'No';
  const cumpleRequisitos =
    ingresosBrutosAnuales <= incomeCeiling(form.discapacidad) &&
    above(tasaEsfuerzoActual, rules.shareAbovePercent);

  let tipoCarencia: TipoCarencia;
  if (!cumpleRequisitos) tipoCarencia = 'exclusion';
  else if (!atLeast(tasaEsfuerzoActual, rules.longGraceFromPercent)) tipoCarencia = 'carencia1';
  else if (vulnerable || above(incrementoEsfuerzo, rules.effortIncreaseRatio)) {
    tipoCarencia = 'carencia5';
  } else tipoCarencia = 'carencia2';

  const { plazoCarencia, nuevoInteres } = graceTerms(tipoCarencia, tipoInteres);

  const interestOnly = (capital * nuevoInteres) / 1200;
  let nuevaCuota: number;
  if (tipoCarencia === 'exclusion') nuevaCuota = cuotaActual;
  else if (tipoCarencia === 'carencia1') {
    nuevaCuota = Math.min(cuotaActual, Math.max(interestOnly, cuotaJunio2022));
  } else nuevaCuota = interestOnly;

  const plazoExtendido = 12 * (plazoRestante + extensionYears(plazoOriginal, tipoCarencia));
  const cuotaPostCarencia = annuity(
    capital,
    tipoInteres,
    monthsAfterGrace(plazoExtendido, plazoCarencia),
  );
  const ahorro = (cuotaActual - nuevaCuota) * 12 * plazoCarencia;

  return {
    tipoCarencia,
    cuotaActual,
    nuevaCuota,
    cuotaPostCarencia,
    ahorro,
    plazoCarencia,
    plazoExtendido,
    nuevoInteres,
    tasaEsfuerzoActual,
    incrementoEsfuerzo,
    cumpleRequisitos,
  };
}
