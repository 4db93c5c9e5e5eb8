import {
  calculationCircumstances,
  CALCULATOR_FIELD_LABELS,
  CALCULATOR_MESSAGES,
  CalculatorValidationError,
  DISCAPACIDAD_DEFAULT,
  formatNumber,
  invalidCalculatorFields,
  isDiscapacidad,
  termProblem,
  validateCalculatorForm,
  validateCalculatorStep,
  type CalculationRequest,
  type CalculatorFieldName,
  type CalculatorFormInput,
  type CalculatorStep,
  type CircumstanceTiming,
  type Discapacidad,
  type HouseholdCircumstances,
  type VulnerabilityCircumstance,
} from '@cbp/core';

export const STEP_COUNT = 5;

/** The numbers the wizard asks, step by step, in the order of the screen. */
export const STEP_NUMBER_FIELDS = {
  3: ['capitalPendiente', 'plazoRestante', 'plazoOriginal', 'tipoInteres'],
  4: ['ingresosBrutosAnuales', 'ingresosNetosAnuales', 'ingresosNetosCuatroAnios'],
  5: ['pagoMensualHipoteca', 'cuotaCuatroAnios', 'cuotaJunio2022'],
} as const satisfies Partial<Record<CalculatorStep, readonly CalculatorFieldName[]>>;

export type NumberFieldName = (typeof STEP_NUMBER_FIELDS)[3 | 4 | 5][number];

export const NUMBER_FIELDS: readonly NumberFieldName[] = [
  ...STEP_NUMBER_FIELDS[3],
  ...STEP_NUMBER_FIELDS[4],
  ...STEP_NUMBER_FIELDS[5],
];

/** The form as the person fills it in: numbers kept as typed ("1.234,56"), so nothing is lost. */
export interface CalculatorValues {
  /** The chosen lender's id (core's bank list), or null. */
  readonly banco: string | null;
  readonly discapacidad: Discapacidad;
  /**
   * The circumstances of special vulnerability that apply and when each arose; an absent one is
   * "No". Kept consistent with the disability answer (see withDiscapacidad).
   */
  readonly circunstancias: HouseholdCircumstances;
  readonly numbers: Readonly<Record<NumberFieldName, string>>;
}

export const EMPTY_VALUES: CalculatorValues = {
  banco: null,
  discapacidad: DISCAPACIDAD_DEFAULT,
  circunstancias: {},
  numbers: Object.fromEntries(NUMBER_FIELDS.map((field) => [field, ''])) as Record<
    NumberFieldName,
    string
  >,
};

export function isCalculatorStep(value: unknown): value is CalculatorStep {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}

/** What the server receives: the numbers as typed (it reads the Spanish way), empty as null. */
export function toRequest(values: CalculatorValues): CalculationRequest {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((field) => {
      const text = values.numbers[field].trim();
      return [field, text === '' ? null : text];
    }),
  ) as Record<NumberFieldName, string | null>;
  return {
    banco: values.banco,
    discapacidad: values.discapacidad,
    circunstancias: values.circunstancias,
    // The spec's field, kept in step with the circumstance (decision 0612).
    mayorSesenta: values.circunstancias['mayor-60'] !== undefined,
    ...numbers,
  };
}

export function numberText(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '';
  return formatNumber(value, Number.isInteger(value) ? 0 : 2);
}

/** Back from what the server kept (a draft or a calculation's input) to the wizard's values. */
export function fromRequest(entrada: CalculationRequest): CalculatorValues {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((field) => [field, numberText(entrada[field])]),
  ) as Record<NumberFieldName, string>;
  // A calculation from the simulator's instalment alone had no pagoMensualHipoteca of its own.
  if (numbers.pagoMensualHipoteca === '') {
    numbers.pagoMensualHipoteca = numberText(entrada.cuotaActual);
  }
  const banco = entrada.banco?.trim() ?? '';
  const discapacidad = isDiscapacidad(entrada.discapacidad)
    ? entrada.discapacidad
    : DISCAPACIDAD_DEFAULT;
  return {
    banco: banco === '' ? null : banco,
    discapacidad,
    // An older input's mayorSesenta becomes the circumstance; grupoVulnerable named none.
    circunstancias: calculationCircumstances({ ...entrada, discapacidad }),
    numbers,
  };
}

/** A circumstance's answer on step 2: 'no', or when it arose. */
export type CircumstanceAnswer = 'no' | CircumstanceTiming;

export function circumstanceAnswer(
  values: CalculatorValues,
  id: VulnerabilityCircumstance,
): CircumstanceAnswer {
  return values.circunstancias[id] ?? 'no';
}

/**
 * Whether 'No' may be answered for a circumstance: not for a member's disability while the
 * disability question says there is one.
 */
export function circumstanceMayBeNo(
  values: CalculatorValues,
  id: VulnerabilityCircumstance,
): boolean {
  return id !== 'discapacidad-miembro' || values.discapacidad === DISCAPACIDAD_DEFAULT;
}

/** The values with one circumstance answered; 'no' is refused where it would contradict the disability answer. */
export function withCircumstance(
  values: CalculatorValues,
  id: VulnerabilityCircumstance,
  answer: CircumstanceAnswer,
): CalculatorValues {
  if (answer === 'no' && !circumstanceMayBeNo(values, id)) return values;
  const circunstancias: HouseholdCircumstances = Object.fromEntries(
    Object.entries(values.circunstancias).filter(([key]) => key !== id),
  );
  if (answer !== 'no') circunstancias[id] = answer;
  return { ...values, circunstancias };
}

/**
 * The values with a disability answer: a disability of a member is the circumstance
 * 'discapacidad-miembro', "desde antes" unless the person says it arose in the last four years.
 */
export function withDiscapacidad(
  values: CalculatorValues,
  discapacidad: Discapacidad,
): CalculatorValues {
  const next = { ...values, discapacidad };
  return { ...next, circunstancias: calculationCircumstances(next) };
}

function formInput(values: CalculatorValues): CalculatorFormInput {
  return toRequest(values);
}

/** A problem that keeps the person on the step: the message and the fields it is about. */
export interface StepProblem {
  readonly message: string;
  readonly fields: readonly CalculatorFieldName[];
  /** What to say beside the fields, when it is not simply "missing" or "not a number". */
  readonly fieldMessage?: string;
}

function listMessage(intro: string, fields: readonly CalculatorFieldName[]): string {
  const labels = [...new Set(fields.map((field) => CALCULATOR_FIELD_LABELS[field]))];
  return `${intro} ${labels.join(', ')}`;
}

/**
 * Why the step cannot be left yet, or null: first the spec's check of the step (a missing
 * bank, missing figures), then figures that are there but unusable (0, text, absurd sizes), with
 * the spec's "valores inválidos" message.
 */
export function stepProblem(step: CalculatorStep, values: CalculatorValues): StepProblem | null {
  const input = formInput(values);
  const message = validateCalculatorStep(step, input);
  if (step === 1) return message === null ? null : { message, fields: ['banco'] };
  if (step === 2) return null;
  const fields = STEP_NUMBER_FIELDS[step];
  if (message !== null) {
    return { message, fields: fields.filter((field) => values.numbers[field].trim() === '') };
  }
  const invalid = invalidCalculatorFields(input, fields);
  if (invalid.length > 0) {
    return { message: listMessage(CALCULATOR_MESSAGES.invalidFields, invalid), fields: invalid };
  }
  const terms = step === 3 ? termProblem(input) : null;
  return terms === null
    ? null
    : { message: terms.message, fields: terms.fields, fieldMessage: terms.message };
}

/**
 * The problem on screen once the values changed: choosing a bank answers "selecciona un banco",
 * so the bank is no longer named (and a problem about the bank alone goes). Other fields keep
 * their message until the person tries again.
 */
export function problemAfterChange<Problem extends StepProblem>(
  problem: Problem | null,
  values: CalculatorValues,
): Problem | null {
  if (problem === null || values.banco === null || !problem.fields.includes('banco')) {
    return problem;
  }
  const fields = problem.fields.filter((field) => field !== 'banco');
  if (fields.length === 0) return null;
  const message = problem.message.startsWith(CALCULATOR_MESSAGES.missingFields)
    ? new CalculatorValidationError('missing', fields).message
    : problem.message;
  return { ...problem, fields, message };
}

/** The step where a field is asked. */
export function stepOfField(field: CalculatorFieldName): CalculatorStep {
  if (field === 'banco') return 1;
  if (
    field === 'discapacidad' ||
    field === 'circunstancias' ||
    field === 'mayorSesenta' ||
    field === 'grupoVulnerable'
  ) {
    return 2;
  }
  for (const step of [3, 4, 5] as const) {
    if ((STEP_NUMBER_FIELDS[step] as readonly string[]).includes(field)) return step;
  }
  return 5;
}

/**
 * The whole form's check before 'Calcular' (spec 02, section 5): the spec's message with the
 * fields it lists, or null when the server may be asked. The server checks again.
 */
export function submissionProblem(values: CalculatorValues): StepProblem | null {
  try {
    validateCalculatorForm(formInput(values));
    return null;
  } catch (error) {
    if (error instanceof CalculatorValidationError) {
      return error.kind === 'inconsistent'
        ? { message: error.message, fields: error.fields, fieldMessage: error.message }
        : { message: error.message, fields: error.fields };
    }
    throw error;
  }
}

/** The element id of a field's control, for the error summary's links. */
export function fieldId(field: CalculatorFieldName): string {
  return `calculadora-${field}`;
}
