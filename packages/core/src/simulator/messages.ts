/**
 * What the simulator says of an answer it cannot use. Apart from the evaluation, so the answers'
 * schema (which the lead form, and so every page with a session, carries) does not bring the
 * eligibility rules with it.
 */
export const SIMULATOR_MESSAGES = {
  invalidIncome: 'Los ingresos mensuales deben ser un número mayor que 0',
  invalidInstalment: 'La cuota mensual debe ser un número igual o mayor que 0',
} as const;
