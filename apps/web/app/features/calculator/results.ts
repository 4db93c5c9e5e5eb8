import {
  closestOpenCode,
  CODE_NAMES,
  euriborMonthIsStale,
  RULES,
  type CalculatorForm,
  type ExtraYearsInstalment,
  formatEuriborRate,
  formatEuros,
  formatLongDate,
  formatMonth,
  formatNumber,
  madridDay,
  type CalculationResult,
} from '@cbp/core';

import type { NextTask } from './next-task';
import { REVIEW_OR_CONTACT } from './results-strings';

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

/** Whole cents of an amount in euros: what the screen would show. */
function cents(euros: number): number {
  return Math.round(euros * 100);
}

/**
 * The savings sentence of spec 02, section 4.1, with es-ES figures; when the instalment does not
 * go down during the grace, that in words and why, never "0,00 € menos".
 */
export function savingsSentence(result: CalculationResult): string | null {
  if (result.plazoCarencia <= 0 || !result.cumpleRequisitos) return null;
  const monthly = result.cuotaActual - result.nuevaCuota;
  if (cents(monthly) <= 0) {
    const compared =
      cents(monthly) === 0
        ? `lo mismo que ahora (${formatEuros(result.cuotaActual)})`
        : `más que los ${formatEuros(result.cuotaActual)} de ahora`;
    const why =
      result.tipoCarencia === 'carencia1'
        ? 'En esta medida la cuota no baja de la que pagabas en junio de 2022.'
        : `Durante la carencia solo pagas intereses, al ${formatEuriborRate(result.nuevoInteres)}, y con lo que debes eso no es menos que tu cuota de hoy.`;
    return `La cuota no baja durante la carencia: pagarías ${formatEuros(result.nuevaCuota)} al mes, ${compared}. ${why}`;
  }
  const period =
    result.plazoCarencia === 1 ? 'el año' : `los ${formatNumber(result.plazoCarencia, 0)} años`;
  return `Durante ${period} de carencia pagarías ${formatEuros(monthly)} menos cada mes: ${formatEuros(result.ahorro)} en total.`;
}

/** A number of years in words: "1 año", "22 años", "22,5 años". */
export function yearsText(years: number): string {
  return years === 1 ? '1 año' : `${formatNumber(years, Number.isInteger(years) ? 0 : 1)} años`;
}

/**
 * What "Plazo total" adds up, in words: the years left now, the code's extension and the extra
 * years chosen ("los 22 años que te quedan más 7 años de ampliación que permite el código").
 */
export function totalTermSentence(
  form: Pick<CalculatorForm, 'plazoRestante'>,
  result: Pick<CalculationResult, 'plazoExtendido'>,
  extraYears: number,
): string {
  // The code's extension as the server counted it, so the parts always add up to the total.
  const extension = Math.max(
    0,
    Math.round((result.plazoExtendido / 12 - form.plazoRestante) * 100) / 100,
  );
  const remaining =
    form.plazoRestante === 1
      ? 'el año que te queda'
      : `los ${yearsText(form.plazoRestante)} que te quedan`;
  const extra =
    extraYears <= 0
      ? ''
      : extraYears === 1
        ? '1 año adicional que has elegido'
        : `${yearsText(extraYears)} adicionales que has elegido`;
  const joined =
    extension > 0
      ? `${remaining} más ${yearsText(extension)} de ampliación que permite el código${extra === '' ? '' : ` y ${extra}`}`
      : `${remaining}${extra === '' ? '' : ` más ${extra}`}; sin ampliación del código, porque la hipoteca no puede pasar de ${yearsText(RULES.calculator.maxTotalTermYears)} desde su firma`;
  return `Desde hoy hasta la última cuota: ${joined}.`;
}

/** "Diferencia mensual" in words: never "0,00 € menos". */
export function monthlyDifferenceText(
  figures: Pick<ExtraYearsInstalment, 'diferenciaMensual'>,
  extraYears: number,
): string {
  if (extraYears <= 0) return 'La cuota no baja: aún no has añadido años';
  if (cents(figures.diferenciaMensual) <= 0) return 'La cuota no baja';
  return `${formatEuros(figures.diferenciaMensual)} menos`;
}

/**
 * What the result asks the person to do next. A result that qualifies keeps the spec's floating
 * bar ("Acógete ahora…", the kit's words: `barMessage` null) and leads to the next task; one that
 * does not promises nothing: it offers to review the data or to talk to the firm.
 */
export type ResultCallToAction =
  | { readonly kind: 'next-task'; readonly barMessage: null; readonly next: NextTask | null }
  | { readonly kind: 'review-or-contact'; readonly barMessage: string; readonly intro: string };

export function resultCallToAction(qualifies: boolean, next: NextTask | null): ResultCallToAction {
  return qualifies
    ? { kind: 'next-task', barMessage: null, next }
    : {
        kind: 'review-or-contact',
        barMessage: REVIEW_OR_CONTACT.bar,
        intro: REVIEW_OR_CONTACT.intro,
      };
}
