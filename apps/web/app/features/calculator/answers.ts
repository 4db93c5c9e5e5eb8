// Apart from the wizard's state: the bank's name comes from the whole bank list, which only the
// results screen, not the wizard, needs at first.
import {
  calculationCircumstances,
  CALCULATOR_FIELD_LABELS,
  CIRCUMSTANCE_TEXTS,
  CIRCUMSTANCE_TIMING_LABELS,
  circumstancesThatApply,
  DISCAPACIDAD_DEFAULT,
  findBank,
  formatEuros,
  formatNumber,
  formatPercent,
  validateCalculatorForm,
  type CalculationRequest,
  type CalculatorFieldName,
  type CalculatorFormInput,
  type CalculatorStep,
} from '@cbp/core';

import { NUMBER_FIELDS, stepOfField } from './state';

const EURO_FIELDS = new Set<CalculatorFieldName>([
  'capitalPendiente',
  'ingresosBrutosAnuales',
  'ingresosNetosAnuales',
  'ingresosNetosCuatroAnios',
  'pagoMensualHipoteca',
  'cuotaCuatroAnios',
  'cuotaJunio2022',
  'cuotaActual',
]);

function displayNumber(field: CalculatorFieldName, value: number | string | null | undefined) {
  if (value === null || value === undefined || value === '') return 'No indicado';
  const number = typeof value === 'number' ? value : Number.NaN;
  if (Number.isNaN(number)) return String(value);
  if (EURO_FIELDS.has(field)) return formatEuros(number);
  if (field === 'tipoInteres') return formatPercent(number);
  return number === 1 ? '1 año' : `${formatNumber(number, Number.isInteger(number) ? 0 : 1)} años`;
}

export interface AnswerRow {
  readonly field: CalculatorFieldName;
  readonly key: string;
  readonly value: string;
  readonly step: CalculatorStep;
}

/**
 * The circumstances in 'Tus respuestas': each one that applies with when it arose, or "Ninguna".
 * An input stored before the seven questions did not say when: its circumstances (from
 * mayorSesenta or the disability answer) read "Sí", and its grupoVulnerable is shown as it was.
 */
function circumstanceRows(entrada: CalculationRequest): AnswerRow[] {
  const said = entrada.circunstancias ?? {};
  const applying = circumstancesThatApply(calculationCircumstances(entrada));
  const rows: AnswerRow[] = applying.map((id) => {
    const timing = said[id];
    return {
      field: 'circunstancias',
      key: CIRCUMSTANCE_TEXTS[id].label,
      value: timing === undefined ? 'Sí' : CIRCUMSTANCE_TIMING_LABELS[timing],
      step: 2,
    };
  });
  if (entrada.grupoVulnerable === true) {
    rows.push({
      field: 'grupoVulnerable',
      key: CALCULATOR_FIELD_LABELS.grupoVulnerable,
      value: 'Sí',
      step: 2,
    });
  }
  if (rows.length > 0) return rows;
  return [
    {
      field: 'circunstancias',
      key: CALCULATOR_FIELD_LABELS.circunstancias,
      value: 'Ninguna',
      step: 2,
    },
  ];
}

/**
 * 'Tus respuestas': every answer as it was used, labelled as the wizard labels it. Numbers
 * come from the server's stored input, already read the Spanish way where they were typed.
 */
export function answerRows(entrada: CalculationRequest): AnswerRow[] {
  let parsed: CalculatorFormInput = entrada;
  try {
    parsed = validateCalculatorForm(entrada);
  } catch {
    // A stored input the calculator refused is shown as it was typed.
  }
  const bankId = entrada.banco ?? '';
  const rows: AnswerRow[] = [
    {
      field: 'banco',
      key: CALCULATOR_FIELD_LABELS.banco,
      value: findBank(bankId)?.nombre ?? (bankId === '' ? 'No indicado' : bankId),
      step: 1,
    },
    {
      field: 'discapacidad',
      key: CALCULATOR_FIELD_LABELS.discapacidad,
      value: entrada.discapacidad ?? DISCAPACIDAD_DEFAULT,
      step: 2,
    },
    ...circumstanceRows(entrada),
  ];
  for (const field of NUMBER_FIELDS) {
    rows.push({
      field,
      key: CALCULATOR_FIELD_LABELS[field],
      value: displayNumber(field, parsed[field] ?? entrada[field]),
      step: stepOfField(field),
    });
  }
  return rows;
}
