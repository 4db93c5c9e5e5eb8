import { circumstancesThatApply } from '../eligibility/circumstances';
import {
  type EligibilityVerdict,
  evaluateEligibility,
  graceRate2012,
  type Tier2012,
  type Tier2022,
} from '../eligibility/evaluate';
import { above, atLeast, sharePercent } from '../rules/compare';
import type { Discapacidad } from '../rules/discapacidad';
import { euriborMonthOn, type EuriborMonth } from '../rules/series';
import { RULES, type IncomeCeilingTier } from '../rules/table';
import { annuity } from './annuity';
import { extensionYears, monthsAfterGrace } from './term';
import type { TipoCarencia } from './fields';
import type { CalculationResult, CalculatorForm } from './schema';
import { validateCalculatorForm, type CalculatorFormInput } from './validate';

const rules = RULES.calculator;
const ceilingTiers: Readonly<Record<Discapacidad, IncomeCeilingTier>> =
  rules.ceilingTierByDiscapacidad;

/**
 * The 2012 code's income case for a disability answer: five times the IPREM for an intellectual
 * or mental disability of 33 % or more and a physical or sensory one of 65 % or more (RDL 6/2012,
 * art. 3.1.a), four times for the other disability answers.
 */
const tier2012ByDiscapacidad: Readonly<Record<Discapacidad, Tier2012>> = {
  No: 'base',
  'Sí, superior al 33%': 'disabilityOrDependency',
  'Sí, superior al 65%': 'disabilityOrDependency',
  'Sí, discapacidad intelectual o enfermedad mental igual o superior al 33%': 'severeDisability',
  'Sí, discapacidad física o sensorial igual o superior al 65%': 'severeDisability',
};

/**
 * The 2012 code's income case: the disability answer's, and at least four times the IPREM (with
 * the 40 % share test) when a member has a disability above 33 %, dependency or an illness that
 * stops them from working, which is the circumstance 'discapacidad-miembro' (art. 3.1.a).
 */
function tier2012Of(form: CalculatorForm): Tier2012 {
  const tier = tier2012ByDiscapacidad[form.discapacidad];
  return tier === 'base' && form.circunstancias['discapacidad-miembro'] !== undefined
    ? 'disabilityOrDependency'
    : tier;
}

/** What the simulator already asked, from the person's lead, when there is one. */
export interface KnownAnswers {
  mainResidence?: boolean | undefined;
  priceUpTo300k?: boolean | undefined;
  signedBefore2023?: boolean | undefined;
  danaArea?: boolean | undefined;
}

export interface ReliefOptions {
  /** ISO day whose law applies (the server's today in Spain). */
  evaluationDate: string;
  known?: KnownAnswers;
  /**
   * The 12-month Euribor series the firm keeps (the server passes its database's); the month in
   * force on the evaluation date sets the 2012 code's grace rate. Default: the rule table's seed.
   */
  euribor?: readonly EuriborMonth[];
}

/** The gross yearly household income limit for a disability answer (formula 2). */
export function incomeCeiling(discapacidad: Discapacidad): number {
  return rules.incomeCeilings[ceilingTiers[discapacidad]];
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
 * The spec's classification (formulas 4 and 5), written for the years when the 2022 code took
 * applications: the 30 % test and the 2022 ceilings, with the 2012 code's graces above 50 %.
 */
function specEraCarencia(
  form: CalculatorForm,
  tasaEsfuerzoActual: number,
  incrementoEsfuerzo: number,
) {
  // The spec's "vulnerable" (a disability, over 60, a vulnerable family group) is now any of the
  // seven circumstances, which include the first two (decision 0612).
  const vulnerable = circumstancesThatApply(form.circunstancias).length > 0;
  const cumpleRequisitos =
    form.ingresosBrutosAnuales <= incomeCeiling(form.discapacidad) &&
    above(tasaEsfuerzoActual, rules.shareAbovePercent);
  let tipoCarencia: TipoCarencia;
  if (!cumpleRequisitos) tipoCarencia = 'exclusion';
  else if (!atLeast(tasaEsfuerzoActual, rules.longGraceFromPercent)) tipoCarencia = 'carencia1';
  else if (vulnerable || above(incrementoEsfuerzo, rules.effortIncreaseRatio)) {
    tipoCarencia = 'carencia5';
  } else tipoCarencia = 'carencia2';
  return { cumpleRequisitos, tipoCarencia };
}

/** Today's classification: only the codes open on the day, as core's eligibility decides. */
function verdictCarencia(verdict: EligibilityVerdict): {
  cumpleRequisitos: boolean;
  tipoCarencia: TipoCarencia;
} {
  if (verdict.code === null) return { cumpleRequisitos: false, tipoCarencia: 'exclusion' };
  return {
    cumpleRequisitos: true,
    tipoCarencia: verdict.package2012 === 'long' ? 'carencia5' : 'carencia2',
  };
}

function graceAt(options: ReliefOptions) {
  // Without the firm's series, the rule table's months (only the figures: the grace needs no source).
  const series: readonly Pick<EuriborMonth, 'mes' | 'porcentaje'>[] =
    options.euribor ??
    Object.entries(RULES.euribor).map(([mes, porcentaje]) => ({ mes, porcentaje }));
  const month = euriborMonthOn(series, options.evaluationDate);
  if (month === null) {
    throw new RangeError(
      `No hay ningún Euríbor a un año registrado de ${options.evaluationDate.slice(0, 7)} o anterior`,
    );
  }
  return graceRate2012(month);
}

/**
 * The relief the code would give, by formulas 1 to 11 of the rule notes (spec 02, sections 3-5),
 * under the law of `options.evaluationDate`: while the 2022 code took applications, the spec's
 * classification; once it closed, only the 2012 code's, with its grace at the Euribor month in
 * force on that date (`options.euribor`) minus 0,10 (docs/decisions/0113-codes-by-date.md).
 * Throws CalculatorValidationError, with the spec's message, for missing or invalid fields.
 * Amounts come back unrounded; round only to display them.
 */
export function calculateRelief(
  input: CalculatorFormInput,
  options: ReliefOptions,
): CalculationResult {
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

  const known = options.known ?? {};
  const verdict = evaluateEligibility(
    {
      mainResidence: known.mainResidence,
      priceUpTo300k: known.priceUpTo300k,
      signedBefore2023: known.signedBefore2023,
      danaArea: known.danaArea,
      monthlyInstalment: cuotaActual,
      monthlyNetIncome: ingresosNetosAnuales / 12,
      annualGrossIncome: ingresosBrutosAnuales,
      tier2012: tier2012Of(form),
      tier2022: ceilingTiers[form.discapacidad] satisfies Tier2022,
      effortRise: incrementoEsfuerzo,
      circumstances: form.circunstancias,
    },
    options.evaluationDate,
  );
  const specEra = verdict.codes.some((code) => code.code === 'cbp2022' && code.open);
  const { cumpleRequisitos, tipoCarencia } = specEra
    ? specEraCarencia(form, tasaEsfuerzoActual, incrementoEsfuerzo)
    : verdictCarencia(verdict);
  const grace2012 = !specEra && tipoCarencia === 'carencia5' ? graceAt(options) : null;

  const terms = graceTerms(tipoCarencia, tipoInteres);
  const plazoCarencia = terms.plazoCarencia;
  const nuevoInteres = grace2012?.ratePercent ?? terms.nuevoInteres;

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
    codigo: specEra ? (cumpleRequisitos ? 'cbp2022' : null) : verdict.code,
    fechaEvaluacion: verdict.evaluationDate,
    versionReglas: verdict.rulesVersion,
    euribor:
      grace2012 === null
        ? null
        : { mes: grace2012.euriborMonth, porcentaje: grace2012.euriborPercent },
    condiciones: verdict.codes.map((code) => ({
      codigo: code.code,
      abierto: code.open,
      cerradoTras: code.closedAfter,
      estado: code.status,
      lista: code.conditions.map((condition) => ({
        id: condition.id,
        texto: condition.text,
        cumple: condition.met,
      })),
    })),
  };
}
