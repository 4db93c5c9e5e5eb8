import { formatNumber, formatPercent, NBSP } from '@cbp/core';

/**
 * Euros for prose, without cents when there are none: 300000 → "300.000 €", 579.02 →
 * "579,02 €" (no-break space before €).
 */
export function wholeEuros(amount: number): string {
  return `${formatNumber(amount, Number.isInteger(amount) ? 0 : 2)}${NBSP}€`;
}

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

const longDay = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day written out: "2022-12-31" → "31 de diciembre de 2022". */
export function longDate(isoDay: string): string {
  return longDay.format(new Date(`${isoDay}T00:00:00Z`));
}

/** "1 mes", "10 años": a count with its unit in singular or plural. */
export function count(value: number, singular: string, plural: string): string {
  return `${String(value)}${NBSP}${value === 1 ? singular : plural}`;
}

/** How many times: 1 → "una sola vez", 2 → "2 veces". */
export function times(value: number): string {
  return value === 1 ? 'una sola vez' : `${String(value)}${NBSP}veces`;
}
