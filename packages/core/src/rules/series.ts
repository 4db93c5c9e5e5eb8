import { SPANISH_MONTHS } from '../format/date';
import { formatPercent } from '../format/number';
import { RULES } from './table';

/**
 * The official series the law's figures depend on: the 12-month Euribor of each month and the
 * IPREM of each year. The rule table holds the seed; the firm keeps the series in its database,
 * where an administrator adds each new value from the BOE. These functions are pure: they get
 * the series they look in. See docs/decisions/0620-euribor-and-iprem-series.md.
 */

/** One month of the 12-month Euribor: its official monthly average, percent. */
export interface EuriborMonth {
  /** 'YYYY-MM'. */
  mes: string;
  porcentaje: number;
  /** Where it was published: the BOE reference, or the source of the rule table. */
  referencia: string;
}

/** The IPREM of one year, euros. */
export interface IpremValue {
  anio: number;
  mensual: number;
  anual12: number;
  anual14: number;
  referencia: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether `value` is a month written 'YYYY-MM'. */
export function isIsoMonth(value: string): boolean {
  return MONTH.test(value);
}

/**
 * The Euribor month in force on `day` (an ISO day): the latest month of the series that began on
 * or before that day. The series holds only published values (an administrator adds a month
 * once its BOE resolution is out), so on 2026-03-02 it is February's average if it was already
 * added, January's otherwise. Null when the series has no month that early.
 */
export function euriborMonthOn<Month extends { mes: string }>(
  series: readonly Month[],
  day: string,
): Month | null {
  const month = day.slice(0, 7);
  let found: Month | null = null;
  for (const entry of series) {
    if (entry.mes <= month && (found === null || entry.mes > found.mes)) found = entry;
  }
  return found;
}

/**
 * The IPREM that applies in `year`: that year's, or, while a year has none yet, the latest
 * earlier one (the State budget, and its IPREM, carry over until a new one is passed). Null
 * before the first year of the series.
 */
export function ipremOf(series: readonly IpremValue[], year: number): IpremValue | null {
  let found: IpremValue | null = null;
  for (const entry of series) {
    if (entry.anio <= year && (found === null || entry.anio > found.anio)) found = entry;
  }
  return found;
}

const DAY_MS = 86_400_000;

function dayNumber(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;
}

/** The first day after the month 'YYYY-MM': '2026-02' → '2026-03-01'. */
function dayAfterMonth(month: string): string {
  const [year = 0, monthNumber = 0] = month.split('-').map(Number);
  const next = new Date(Date.UTC(year, monthNumber, 1));
  return next.toISOString().slice(0, 10);
}

export interface EuriborStaleness {
  /** The newest month of the series, or null for an empty series. */
  newest: EuriborMonth | null;
  /** Days from the end of the newest month to `day`. */
  days: number | null;
  stale: boolean;
}

/**
 * Whether the series is out of date on `day`: its newest month ended more than
 * `RULES.series.euriborStaleAfterDays` days before (each month's average is published in the
 * first days of the next one, so more than 60 days means at least one month is missing). An
 * empty series is stale.
 */
export function euriborStaleness(series: readonly EuriborMonth[], day: string): EuriborStaleness {
  let newest: EuriborMonth | null = null;
  for (const entry of series) if (newest === null || entry.mes > newest.mes) newest = entry;
  if (newest === null) return { newest, days: null, stale: true };
  const days = daysSinceMonth(newest.mes, day);
  return { newest, days, stale: days > RULES.series.euriborStaleAfterDays };
}

function daysSinceMonth(mes: string, day: string): number {
  return Math.round(dayNumber(day) - dayNumber(dayAfterMonth(mes)));
}

/** Whether a month a calculation used ('2026-02') is stale on `day`, as euriborStaleness says. */
export function euriborMonthIsStale(mes: string, day: string): boolean {
  return daysSinceMonth(mes, day) > RULES.series.euriborStaleAfterDays;
}

/** '2026-02' → 'febrero de 2026'. */
export function formatMonth(isoMonth: string): string {
  const match = MONTH.exec(isoMonth);
  const name = match ? SPANISH_MONTHS[Number(match[2]) - 1] : undefined;
  return match && name !== undefined ? `${name} de ${match[1]}` : isoMonth;
}

/**
 * The Euribor, and a rate set from it (the 2012 code's grace rate), with the three decimals the
 * BOE publishes: 2.121 → '2,121 %'. Every screen, e-mail and the bank letter show them so.
 */
export function formatEuriborRate(percent: number): string {
  return formatPercent(percent, 3);
}

/** 'Euríbor a un año de febrero de 2026: 2,221 %', as screens and the bank letter name it. */
export function euriborLabel(month: { mes: string; porcentaje: number }): string {
  return `Euríbor a un año de ${formatMonth(month.mes)}: ${formatEuriborRate(month.porcentaje)}`;
}
