/** The calculator form fields, named as the spec spells them. */
export const CALCULATOR_FIELDS = [
  'banco',
  'discapacidad',
  'circunstancias',
  'mayorSesenta',
  'grupoVulnerable',
  'capitalPendiente',
  'plazoRestante',
  'plazoOriginal',
  'tipoInteres',
  'ingresosBrutosAnuales',
  'ingresosNetosAnuales',
  'ingresosNetosCuatroAnios',
  'pagoMensualHipoteca',
  'cuotaCuatroAnios',
  'cuotaJunio2022',
  'cuotaActual',
] as const;

export type CalculatorFieldName = (typeof CALCULATOR_FIELDS)[number];

/**
 * The Spanish label of each field, used by the wizard's inputs and by the validation messages
 * so that a message names a field the way the screen does.
 */
export const CALCULATOR_FIELD_LABELS: Readonly<Record<CalculatorFieldName, string>> = {
  banco: 'Banco',
  discapacidad: 'Discapacidad',
  circunstancias: 'Circunstancias de especial vulnerabilidad',
  mayorSesenta: 'Deudor mayor de 60 años',
  grupoVulnerable: 'Grupo familiar vulnerable',
  capitalPendiente: 'Capital pendiente',
  plazoRestante: 'Plazo restante',
  plazoOriginal: 'Plazo original',
  tipoInteres: 'Tipo de interés',
  ingresosBrutosAnuales: 'Ingresos brutos anuales',
  ingresosNetosAnuales: 'Ingresos netos anuales',
  ingresosNetosCuatroAnios: 'Ingresos netos hace cuatro años',
  pagoMensualHipoteca: 'Cuota actual',
  cuotaCuatroAnios: 'Cuota hace cuatro años',
  cuotaJunio2022: 'Cuota de junio de 2022',
  cuotaActual: 'Cuota actual',
};

/** The spec's calculator messages, word for word (spec 02, section 5). */
export const CALCULATOR_MESSAGES = {
  selectBank: 'Por favor, selecciona un banco',
  mortgageFields: 'Por favor, completa todos los campos de información hipotecaria',
  incomeFields: 'Por favor, completa todos los campos de ingresos',
  missingFields: 'Por favor, complete los siguientes campos:',
  invalidFields: 'Los siguientes campos contienen valores inválidos:',
} as const;

/**
 * A remaining term longer than the whole loan, which the spec did not check
 * (docs/decisions/0690-remaining-term-within-original-term.md).
 */
export const REMAINING_TERM_TOO_LONG =
  'El plazo restante no puede ser mayor que el plazo original. Si ya ampliaste el plazo de tu hipoteca, indica como plazo original el total tras la ampliación.';

/** The wizard's five steps: Banco, Personal, Hipoteca, Ingresos, Cuotas. */
export type CalculatorStep = 1 | 2 | 3 | 4 | 5;

export const CALCULATOR_STEP_LABELS: Readonly<Record<CalculatorStep, string>> = {
  1: 'Banco',
  2: 'Personal',
  3: 'Hipoteca',
  4: 'Ingresos',
  5: 'Cuotas',
};

export const TIPOS_CARENCIA = ['carencia5', 'carencia2', 'carencia1', 'exclusion'] as const;
export type TipoCarencia = (typeof TIPOS_CARENCIA)[number];

/**
 * What the calculator accepts as a plausible household: beyond these the figures are typing
 * mistakes, and the arithmetic would overflow. Amounts in euros, terms in years, rates in percent.
 */
export const CALCULATOR_INPUT_LIMITS = {
  maxAmount: 100_000_000,
  maxYears: 100,
  maxRatePercent: 100,
} as const;
