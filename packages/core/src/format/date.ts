import { NO_VALUE_TEXT } from './number';
import { onFirstUse } from './on-first-use';

/**
 * Dates are shown as the calendar day in Spain ("21/11/2026"), whatever time zone the code runs
 * in: a timestamp of 23:30 UTC on 20 November is already the 21st in Madrid. A bare ISO date
 * ("2026-11-21") is a calendar day, not an instant, and is shown as written.
 * See docs/decisions/0107-date-format.md. Each formatter is built on first use.
 */
function inSpain(options: Intl.DateTimeFormatOptions, locale = 'es-ES') {
  return onFirstUse(
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/Madrid' }),
  );
}

const NUMERIC_DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

const spanishDay = inSpain(NUMERIC_DAY);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The months as es-ES writes them in a date. Written here rather than asked of Intl, which
 * would load the locale's data as a page quoting a date starts (decision 0877); a test holds
 * them to what Intl writes.
 */
export const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** sv-SE writes a day as ISO does: "2026-11-21". */
const madridCalendarDay = inSpain({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'sv-SE');

/** The ISO calendar day of a date in Spain's peninsular time, the day the law counts. */
export function madridDay(date: Date): string {
  return madridCalendarDay().format(date);
}

/** A calendar day written out for prose: "2022-12-31" → "31 de diciembre de 2022". */
export function formatLongDate(isoDay: string): string {
  const day = ISO_DAY.exec(isoDay.trim());
  if (!day) return NO_VALUE_TEXT;
  const [, year = '', month = '', dayOfMonth = ''] = day;
  if (!isCalendarDay(Number(year), Number(month), Number(dayOfMonth))) return NO_VALUE_TEXT;
  return `${String(Number(dayOfMonth))} de ${SPANISH_MONTHS[Number(month) - 1] ?? ''} de ${String(Number(year))}`;
}

export function formatDate(date: Date | string): string {
  if (typeof date === 'string') {
    const day = ISO_DAY.exec(date.trim());
    if (day) {
      const [, year = '', month = '', dayOfMonth = ''] = day;
      return isCalendarDay(Number(year), Number(month), Number(dayOfMonth))
        ? `${dayOfMonth}/${month}/${year}`
        : NO_VALUE_TEXT;
    }
    return formatInstant(new Date(date));
  }
  return formatInstant(date);
}

const spanishMinute = inSpain({ ...NUMERIC_DAY, hour: '2-digit', minute: '2-digit' });
const spanishSecond = inSpain({
  ...NUMERIC_DAY,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * An instant with its time in Spain, the year in full ("05/03/2026, 10:07"): es-ES's short date
 * style would write "5/3/26", which a log read years later cannot place.
 */
export function formatDateTime(date: Date | string, options: { seconds?: boolean } = {}): string {
  const instant = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(instant.getTime())) return NO_VALUE_TEXT;
  return (options.seconds === true ? spanishSecond : spanishMinute)().format(instant);
}

const spanishClock = inSpain({ hour: '2-digit', minute: '2-digit' });

/** An instant's time of day in Spain ("10:07"), for a column beside its day (a CSV export). */
export function formatTime(date: Date | string): string {
  const instant = typeof date === 'string' ? new Date(date) : date;
  return Number.isNaN(instant.getTime()) ? NO_VALUE_TEXT : spanishClock().format(instant);
}

function formatInstant(date: Date): string {
  return Number.isNaN(date.getTime()) ? NO_VALUE_TEXT : spanishDay().format(date);
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * A calendar day plus whole months, counted "de fecha a fecha" as Spanish law counts terms in
 * months (Código Civil art. 5; Ley 39/2015 art. 30.4): the same day number of the later month,
 * or its last day when it has no such day ("2027-01-31" + 1 → "2027-02-28").
 */
export function addCalendarMonths(isoDay: string, months: number): string {
  const day = ISO_DAY.exec(isoDay.trim());
  if (!day) throw new RangeError(`not an ISO day: ${isoDay}`);
  const [, year = '', month = '', dayOfMonth = ''] = day;
  if (!isCalendarDay(Number(year), Number(month), Number(dayOfMonth))) {
    throw new RangeError(`not a calendar day: ${isoDay}`);
  }
  const target = Number(year) * 12 + (Number(month) - 1) + Math.trunc(months);
  const targetYear = Math.floor(target / 12);
  const targetMonth = target - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const date = new Date(0);
  date.setUTCFullYear(targetYear, targetMonth, Math.min(Number(dayOfMonth), lastDay));
  return date.toISOString().slice(0, 10);
}
