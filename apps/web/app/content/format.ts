import { formatLongDate, formatNumber, formatPercent, formatWholeEuros, NBSP } from '@cbp/core';

/** Euros for prose, without cents when there are none (core's `formatWholeEuros`). */
export const wholeEuros = formatWholeEuros;

/** A percentage without decimals when it has none: 30 → "30 %", 36.12 → "36,12 %". */
export function plainPercent(percent: number): string {
  return formatPercent(percent, Number.isInteger(percent) ? 0 : 2);
}

/** A multiplier as people say it: 4.5 → "4,5", 3 → "3". */
export function plainNumber(value: number): string {
  return formatNumber(
    value,
    Number.isInteger(value) ? 0 : (String(value).split('.')[1]?.length ?? 2),
  );
}

/** A calendar day written out (core's `formatLongDate`). */
export const longDate = formatLongDate;

/** "1 mes", "10 años": a count with its unit in singular or plural. */
export function count(value: number, singular: string, plural: string): string {
  return `${String(value)}${NBSP}${value === 1 ? singular : plural}`;
}

/** How many times: 1 → "una sola vez", 2 → "2 veces". */
export function times(value: number): string {
  return value === 1 ? 'una sola vez' : `${String(value)}${NBSP}veces`;
}
