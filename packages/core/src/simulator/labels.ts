import { formatEuros, formatLongDate, formatWholeEuros } from '../format';
import { RULES } from '../rules/table';
import type { SimulatorAnswers, SimulatorTipoCbp } from './evaluate';

const { grace } = RULES.calculator;

/** The simulator's share band in the words of the measures the client is shown. */
export const SIMULATOR_TIPO_CBP_LABELS: Readonly<Record<SimulatorTipoCbp, string>> = {
  carencia2o5: `Carencia de ${grace.carencia2.years} o ${grace.carencia5.years} años`,
  carencia1: `Carencia de ${grace.carencia1.years} año`,
};

/** The simulator's questions as the firm reads them about the client, in the third person. */
export const SIMULATOR_ANSWER_LABELS: Readonly<Record<keyof SimulatorAnswers, string>> = {
  precioHasta300k: `¿El precio de la vivienda fue de hasta ${formatWholeEuros(RULES.simulator.priceCap)}?`,
  viviendaHabitual: '¿Es su residencia habitual?',
  firmadaAntes2023: `¿Firmó la hipoteca antes del ${formatLongDate(RULES.simulator.signingDeadline)}?`,
  cuotaMensual: 'Cuota mensual de la hipoteca',
  ingresosMensuales: 'Ingresos mensuales de la familia',
};

const MONEY_ANSWERS: ReadonlySet<string> = new Set(['cuotaMensual', 'ingresosMensuales']);

function isAnswerKey(key: string): key is keyof SimulatorAnswers {
  return Object.hasOwn(SIMULATOR_ANSWER_LABELS, key);
}

/** A stored lead's tipocbp in words; an id core does not know is shown as is. */
export function simulatorTipoCbpLabel(tipocbp: string | null): string {
  if (tipocbp === null) return '—';
  return Object.hasOwn(SIMULATOR_TIPO_CBP_LABELS, tipocbp)
    ? SIMULATOR_TIPO_CBP_LABELS[tipocbp as SimulatorTipoCbp]
    : tipocbp;
}

function answerText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number' && MONEY_ANSWERS.has(key)) return formatEuros(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * A lead's stored answers as the firm reads them: the simulator's order and words, amounts in
 * euros; a key the simulator no longer asks keeps its own name, after the others.
 */
export function simulatorAnswerRows(respuestas: object): { key: string; value: string }[] {
  const given = new Map<string, unknown>(Object.entries(respuestas));
  const known = Object.keys(SIMULATOR_ANSWER_LABELS).filter((key) => given.has(key));
  const others = [...given.keys()].filter((key) => !isAnswerKey(key));
  return [...known, ...others].map((key) => ({
    key: isAnswerKey(key) ? SIMULATOR_ANSWER_LABELS[key] : key,
    value: answerText(key, given.get(key)),
  }));
}
