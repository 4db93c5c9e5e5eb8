import {
  CODE_NAMES,
  RULES,
  formatEuros,
  formatLongDate,
  formatMonth,
  formatNumber,
  formatPercent,
  type CalculationResult,
} from '@cbp/core';

type CodeConditions = CalculationResult['condiciones'][number];

export interface ConditionLine {
  readonly id: string;
  readonly text: string;
  /** 'met', 'failed', or 'to-check' when the documents will tell. */
  readonly state: 'met' | 'failed' | 'to-check';
}

export interface ResultExplanation {
  /** The sentence under the page heading. */
  readonly verdict: string;
  readonly qualifies: boolean;
  /** The code whose conditions are listed, by name. */
  readonly codeName: string | null;
  readonly conditions: readonly ConditionLine[];
  /** Codes that would have applied but no longer take applications, in words. */
  readonly closedCodes: readonly string[];
  /** How the grace rate was set, in words, when it comes from the Euribor. */
  readonly rateNote: string | null;
}

function lines(code: CodeConditions): ConditionLine[] {
  return code.lista.map((condition) => ({
    id: condition.id,
    text: condition.texto,
    state: condition.cumple === null ? 'to-check' : condition.cumple ? 'met' : 'failed',
  }));
}

/** The open code whose conditions best explain a refusal: the one with fewest unmet. */
function closestOpenCode(result: CalculationResult): CodeConditions | undefined {
  const open = result.condiciones.filter((code) => code.abierto);
  const unmet = (code: CodeConditions) =>
    code.lista.filter((condition) => condition.cumple === false).length;
  return [...open].sort((a, b) => unmet(a) - unmet(b))[0];
}

/**
 * Why the result is what it is, from the server's result alone: the code that applies on the
 * day of the calculation and its conditions, or, without one, the conditions not met; and any
 * closed code that would have applied, with the day it stopped taking applications.
 */
export function explainCalculation(result: CalculationResult): ResultExplanation {
  const applied =
    result.codigo === null
      ? undefined
      : result.condiciones.find((code) => code.codigo === result.codigo);
  const shown = applied ?? closestOpenCode(result);
  const closedCodes = result.condiciones
    .filter((code) => !code.abierto && code.estado !== 'fails' && code.cerradoTras !== null)
    .map(
      (code) =>
        `El ${CODE_NAMES[code.codigo]} también encajaría con tus datos, pero solo admitió solicitudes hasta el ${formatLongDate(code.cerradoTras ?? '')}.`,
    );
  const qualifies = result.cumpleRequisitos && result.codigo !== null;
  const day = formatLongDate(result.fechaEvaluacion);
  const verdict = qualifies
    ? `Con los datos que nos has dado, puedes acogerte al ${CODE_NAMES[result.codigo ?? 'cbp2012']}, según la ley vigente el ${day}.`
    : `Con los datos que nos has dado, hoy no puedes acogerte al Código de Buenas Prácticas (ley vigente el ${day}).`;
  const rateNote =
    result.euribor === null
      ? null
      : `Durante la carencia pagarías un interés del ${formatPercent(result.nuevoInteres)}: el Euríbor a un año de ${formatMonth(result.euribor.mes)} (${formatPercent(result.euribor.porcentaje, 3)}) menos ${formatNumber(-RULES.code2012.graceRateEuriborSpreadPoints, 2)} puntos, como fija el código.`;
  return {
    verdict,
    qualifies,
    codeName: shown === undefined ? null : CODE_NAMES[shown.codigo],
    conditions: shown === undefined ? [] : lines(shown),
    closedCodes,
    rateNote,
  };
}

/** The savings sentence of spec 02, section 4.1, with es-ES figures. */
export function savingsSentence(result: CalculationResult): string | null {
  if (result.plazoCarencia <= 0 || result.ahorro <= 0) return null;
  const period =
    result.plazoCarencia === 1 ? 'el año' : `los ${formatNumber(result.plazoCarencia, 0)} años`;
  return `Durante ${period} de carencia pagarías ${formatEuros(result.cuotaActual - result.nuevaCuota)} menos cada mes: ${formatEuros(result.ahorro)} en total.`;
}
