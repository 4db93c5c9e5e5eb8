import {
  closestOpenCode,
  CODE_NAMES,
  euriborMonthIsStale,
  RULES,
  formatEuriborRate,
  formatEuros,
  formatLongDate,
  formatMonth,
  formatNumber,
  madridDay,
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

/** Said when the Euribor month used is older than the rule table allows (the firm is warned too). */
export const STALE_EURIBOR =
  'Es el último Euríbor que tenemos registrado: antes de presentar tu solicitud al banco lo actualizaremos con el último mes publicado en el BOE, así que este interés puede cambiar un poco.';

function lines(code: CodeConditions): ConditionLine[] {
  return code.lista.map((condition) => ({
    id: condition.id,
    text: condition.texto,
    state: condition.cumple === null ? 'to-check' : condition.cumple ? 'met' : 'failed',
  }));
}

/**
 * Why the result is what it is, from the server's result alone: the code that applies on the
 * day of the calculation and its conditions, or, without one, the conditions not met; and any
 * closed code that would have applied, with the day it stopped taking applications.
 */
export function explainCalculation(
  result: CalculationResult,
  today: string = madridDay(new Date()),
): ResultExplanation {
  const applied =
    result.codigo === null
      ? undefined
      : result.condiciones.find((code) => code.codigo === result.codigo);
  const shown = applied ?? closestOpenCode(result);
  const qualifies = result.cumpleRequisitos && result.codigo !== null;
  // "También" only when another code applies; alone, the closed code would have applied.
  const closedCodes = result.condiciones
    .filter((code) => !code.abierto && code.estado !== 'fails' && code.cerradoTras !== null)
    .map((code) => {
      const until = `solo admitió solicitudes hasta el ${formatLongDate(code.cerradoTras ?? '')}`;
      return qualifies
        ? `El ${CODE_NAMES[code.codigo]} también encajaría con tus datos, pero ${until}.`
        : `Con tus datos se habría podido aplicar el ${CODE_NAMES[code.codigo]}, pero ${until}: ese plazo ya está cerrado.`;
    });
  const day = formatLongDate(result.fechaEvaluacion);
  const verdict = qualifies
    ? `Con los datos que nos has dado, puedes acogerte al ${CODE_NAMES[result.codigo ?? 'cbp2012']}, según la ley vigente el ${day}.`
    : `Con los datos que nos has dado, hoy no puedes acogerte al Código de Buenas Prácticas (ley vigente el ${day}).`;
  const rateNote =
    result.euribor === null
      ? null
      : `Durante la carencia pagarías un interés del ${formatEuriborRate(result.nuevoInteres)}: el Euríbor a un año de ${formatMonth(result.euribor.mes)} (${formatEuriborRate(result.euribor.porcentaje)}) menos ${formatNumber(-RULES.code2012.graceRateEuriborSpreadPoints, 2)} puntos, como fija el código.${euriborMonthIsStale(result.euribor.mes, today) ? ` ${STALE_EURIBOR}` : ''}`;
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
