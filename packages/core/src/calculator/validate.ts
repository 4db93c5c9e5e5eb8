import type { HouseholdCircumstances } from '../eligibility/circumstances';
import { circumstancesSchema } from '../eligibility/circumstances-schema';
import { parseSpanishNumber } from '../format/parse';
import { DISCAPACIDAD_DEFAULT, isDiscapacidad } from '../rules/discapacidad';
import { roundToCents } from '../rules/compare';
import {
  CALCULATOR_FIELD_LABELS,
  CALCULATOR_INPUT_LIMITS,
  CALCULATOR_MESSAGES,
  REMAINING_TERM_TOO_LONG,
  type CalculatorFieldName,
  type CalculatorStep,
} from './fields';
import { calculationCircumstances } from './circumstances';
import type { CalculatorForm } from './schema';

/** A number as the wizard may hold it: typed, typed as Spanish text, or not given yet. */
export type CalculatorNumberInput = number | string | null | undefined;

/** The calculator form as it stands while being filled in. Any field may be missing. */
export interface CalculatorFormInput {
  banco?: string | null;
  discapacidad?: string | null;
  /** The circumstances of special vulnerability that apply, with when each arose. */
  circunstancias?: HouseholdCircumstances | null;
  mayorSesenta?: boolean | null;
  grupoVulnerable?: boolean | null;
  capitalPendiente?: CalculatorNumberInput;
  plazoRestante?: CalculatorNumberInput;
  plazoOriginal?: CalculatorNumberInput;
  tipoInteres?: CalculatorNumberInput;
  ingresosBrutosAnuales?: CalculatorNumberInput;
  ingresosNetosAnuales?: CalculatorNumberInput;
  ingresosNetosCuatroAnios?: CalculatorNumberInput;
  pagoMensualHipoteca?: CalculatorNumberInput;
  cuotaCuatroAnios?: CalculatorNumberInput;
  cuotaJunio2022?: CalculatorNumberInput;
  cuotaActual?: CalculatorNumberInput;
}

/**
 * Invalid calculator input. The message is the spec's, word for word, followed by the Spanish
 * labels of the fields, e.g. "Por favor, complete los siguientes campos: Banco, Capital pendiente".
 */
export class CalculatorValidationError extends Error {
  override readonly name = 'CalculatorValidationError';
  /** 'inconsistent': each figure is valid, but together they cannot be (see termProblem). */
  readonly kind: 'missing' | 'invalid' | 'inconsistent';
  readonly fields: readonly CalculatorFieldName[];

  constructor(kind: 'missing' | 'invalid', fields: readonly CalculatorFieldName[]);
  constructor(kind: 'inconsistent', fields: readonly CalculatorFieldName[], message: string);
  constructor(
    kind: 'missing' | 'invalid' | 'inconsistent',
    fields: readonly CalculatorFieldName[],
    message?: string,
  ) {
    const intro =
      kind === 'missing' ? CALCULATOR_MESSAGES.missingFields : CALCULATOR_MESSAGES.invalidFields;
    const labels = [...new Set(fields.map((field) => CALCULATOR_FIELD_LABELS[field]))];
    super(message ?? `${intro} ${labels.join(', ')}`);
    this.kind = kind;
    this.fields = fields;
  }
}

type NumberField = Exclude<
  CalculatorFieldName,
  'banco' | 'discapacidad' | 'circunstancias' | 'mayorSesenta' | 'grupoVulnerable'
>;

/** Reading of one number: absent, not a usable number, or a finite number. */
type NumberReading = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'number'; value: number };

function readNumber(input: CalculatorNumberInput): NumberReading {
  if (input === null || input === undefined) return { kind: 'missing' };
  if (typeof input === 'string') {
    if (input.trim() === '') return { kind: 'missing' };
    const value = parseSpanishNumber(input);
    return Number.isNaN(value) ? { kind: 'invalid' } : { kind: 'number', value };
  }
  if (Number.isNaN(input)) return { kind: 'missing' };
  return Number.isFinite(input) ? { kind: 'number', value: input } : { kind: 'invalid' };
}

const YEAR_FIELDS: readonly NumberField[] = ['plazoRestante', 'plazoOriginal'];

/**
 * A number as the calculation uses it, or undefined when it is out of range: amounts rounded to
 * the cent and above 0 (so a denormal income is 0 €, not a share of Infinity), terms above 0,
 * the rate 0 or more, each below CALCULATOR_INPUT_LIMITS.
 */
function normalise(field: NumberField, value: number): number | undefined {
  const limits = CALCULATOR_INPUT_LIMITS;
  if (field === 'tipoInteres')
    return value >= 0 && value <= limits.maxRatePercent ? value : undefined;
  if (YEAR_FIELDS.includes(field)) return value > 0 && value <= limits.maxYears ? value : undefined;
  const cents = roundToCents(value);
  return cents > 0 && cents <= limits.maxAmount ? cents : undefined;
}

function isMissing(form: CalculatorFormInput, field: NumberField): boolean {
  return readNumber(form[field]).kind === 'missing';
}

const STEP_3_FIELDS = [
  'capitalPendiente',
  'plazoRestante',
  'plazoOriginal',
  'tipoInteres',
] as const;
const STEP_4_FIELDS = [
  'ingresosBrutosAnuales',
  'ingresosNetosAnuales',
  'ingresosNetosCuatroAnios',
] as const;

/**
 * The check the wizard runs before leaving a step (spec 02, section 5): the spec's message, or
 * null when the step may be left. Steps 2 and 5 have no check of their own; the form as a whole
 * is checked when it is submitted.
 */
export function validateCalculatorStep(
  step: CalculatorStep,
  form: CalculatorFormInput,
): string | null {
  switch (step) {
    case 1:
      return (form.banco ?? '').trim() === '' ? CALCULATOR_MESSAGES.selectBank : null;
    case 3:
      return STEP_3_FIELDS.some((field) => isMissing(form, field))
        ? CALCULATOR_MESSAGES.mortgageFields
        : null;
    case 4:
      return STEP_4_FIELDS.some((field) => isMissing(form, field))
        ? CALCULATOR_MESSAGES.incomeFields
        : null;
    case 2:
    case 5:
      return null;
  }
}

/**
 * The given numbers that are not usable (not a number, 0 or less, or beyond
 * CALCULATOR_INPUT_LIMITS), so a wizard step can say so before moving on. Empty fields are not
 * listed: whether they may be empty is the step's check.
 */
export function invalidCalculatorFields(
  form: CalculatorFormInput,
  fields: readonly CalculatorFieldName[],
): CalculatorFieldName[] {
  return fields.filter((field) => {
    if (field === 'banco' || field === 'mayorSesenta' || field === 'grupoVulnerable') return false;
    if (field === 'circunstancias') {
      return !circumstancesSchema.safeParse(form.circunstancias ?? {}).success;
    }
    if (field === 'discapacidad') {
      return form.discapacidad !== null && form.discapacidad !== undefined
        ? !isDiscapacidad(form.discapacidad)
        : false;
    }
    const reading = readNumber(form[field]);
    if (reading.kind === 'missing') return false;
    return reading.kind === 'invalid' || normalise(field, reading.value) === undefined;
  });
}

/** Figures that are each valid but cannot be true together, with the message for the field. */
export interface CalculatorConsistencyProblem {
  readonly fields: readonly CalculatorFieldName[];
  readonly message: string;
}

/**
 * The terms checked together: a remaining term longer than the original one (35 of 30 years)
 * cannot be, and would stretch the extension past the code's 40 years. Null while either term is
 * missing or unusable, which the other checks report.
 */
export function termProblem(form: CalculatorFormInput): CalculatorConsistencyProblem | null {
  const read = (field: 'plazoRestante' | 'plazoOriginal') => {
    const reading = readNumber(form[field]);
    return reading.kind === 'number' ? normalise(field, reading.value) : undefined;
  };
  const remaining = read('plazoRestante');
  const original = read('plazoOriginal');
  if (remaining === undefined || original === undefined || remaining <= original) return null;
  return { fields: ['plazoRestante'], message: REMAINING_TERM_TOO_LONG };
}

/** Every number the calculation needs, in the order the missing-fields message lists them. */
const REQUIRED_NUMBERS = [
  'capitalPendiente',
  'tipoInteres',
  'plazoRestante',
  'plazoOriginal',
  'ingresosBrutosAnuales',
  'ingresosNetosAnuales',
  'ingresosNetosCuatroAnios',
  'cuotaCuatroAnios',
  'cuotaJunio2022',
] as const satisfies readonly NumberField[];

/**
 * Checks a submitted form and returns it complete and typed, or throws CalculatorValidationError:
 * first for missing fields, then for values out of range (above 0, or 0 or more for the rate),
 * then for terms that cannot be true together (termProblem).
 * The instalment is the simulator's cuotaActual when that is a number above 0, otherwise
 * pagoMensualHipoteca. See docs/decisions/0109-calculator-validation.md.
 */
export function validateCalculatorForm(form: CalculatorFormInput): CalculatorForm {
  const missing: CalculatorFieldName[] = [];
  const invalid: CalculatorFieldName[] = [];
  const values = new Map<NumberField, number>();

  const banco = (form.banco ?? '').trim();
  if (banco === '') missing.push('banco');

  const discapacidad = form.discapacidad ?? DISCAPACIDAD_DEFAULT;
  if (!isDiscapacidad(discapacidad)) invalid.push('discapacidad');
  if (!circumstancesSchema.safeParse(form.circunstancias ?? {}).success) {
    invalid.push('circunstancias');
  }

  const fromSimulator = readNumber(form.cuotaActual);
  const cuotaActual =
    fromSimulator.kind === 'number' ? normalise('cuotaActual', fromSimulator.value) : undefined;

  for (const field of [...REQUIRED_NUMBERS, 'pagoMensualHipoteca'] as const) {
    const reading = readNumber(form[field]);
    if (reading.kind === 'missing') {
      if (field !== 'pagoMensualHipoteca' || cuotaActual === undefined) missing.push(field);
    } else if (reading.kind === 'invalid') invalid.push(field);
    else {
      const normalised = normalise(field, reading.value);
      if (normalised === undefined) invalid.push(field);
      else values.set(field, normalised);
    }
  }

  if (missing.length > 0) throw new CalculatorValidationError('missing', missing);
  if (invalid.length > 0 || !isDiscapacidad(discapacidad)) {
    throw new CalculatorValidationError('invalid', invalid);
  }

  const terms = termProblem(form);
  if (terms !== null) {
    throw new CalculatorValidationError('inconsistent', terms.fields, terms.message);
  }

  const value = (field: NumberField): number => {
    const number = values.get(field);
    if (number === undefined) throw new CalculatorValidationError('missing', [field]);
    return number;
  };

  const circunstancias = calculationCircumstances({ ...form, discapacidad });
  return {
    banco,
    discapacidad,
    circunstancias,
    mayorSesenta: circunstancias['mayor-60'] !== undefined,
    grupoVulnerable: form.grupoVulnerable ?? false,
    capitalPendiente: value('capitalPendiente'),
    plazoRestante: value('plazoRestante'),
    plazoOriginal: value('plazoOriginal'),
    tipoInteres: value('tipoInteres'),
    ingresosBrutosAnuales: value('ingresosBrutosAnuales'),
    ingresosNetosAnuales: value('ingresosNetosAnuales'),
    ingresosNetosCuatroAnios: value('ingresosNetosCuatroAnios'),
    pagoMensualHipoteca:
      values.get('pagoMensualHipoteca') ?? cuotaActual ?? value('pagoMensualHipoteca'),
    cuotaCuatroAnios: value('cuotaCuatroAnios'),
    cuotaJunio2022: value('cuotaJunio2022'),
    cuotaActual,
  };
}
