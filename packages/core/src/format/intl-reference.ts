/**
 * Test support, not part of the app: core's formatters held to `Intl`'s es-ES, the reference they
 * must match for every value. Core's tests run it in Node and the web's in Chromium, since each
 * carries its own copy of the locale's data.
 */
import fc from 'fast-check';

import { formatLongDate } from './date';
import { formatEuros, formatNumber, formatPercent, formatWholeEuros, NBSP } from './number';

const references = new Map<string, Intl.NumberFormat>();

/**
 * Intl's writing, built here and not taken from `number.ts`: the formatters hand rounded values to
 * their own Intl formatter, and a reference sharing it could not catch a wrong option there.
 */
function intl(fractionDigits: number, currency = false): Intl.NumberFormat {
  const key = `${String(fractionDigits)}${currency ? '€' : ''}`;
  const known = references.get(key);
  if (known !== undefined) return known;
  const format = new Intl.NumberFormat('es-ES', {
    ...(currency ? { style: 'currency', currency: 'EUR' } : {}),
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: 'always',
    signDisplay: 'negative',
  });
  references.set(key, format);
  return format;
}

/**
 * Whole numbers of up to 13 digits divided by a power of ten: values that need no rounding at
 * any number of decimals and values that do, with the edge cases of rounding and size.
 */
const numbers = fc.oneof(
  fc
    .tuple(
      fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }).map(Number),
      fc.constantFrom(1, 10, 100, 1000, 10_000),
    )
    .map(([whole, scale]) => whole / scale),
  fc.constantFrom(
    0,
    -0,
    0.5,
    -0.5,
    0.005,
    1.005,
    2.675,
    999.995,
    1234.5,
    1e15,
    2 ** 53 + 2,
    1e21,
    5e-7,
  ),
);

function expectSame(what: string, written: string, expected: string): void {
  if (written !== expected) {
    throw new Error(`${what}: escrito «${written}», Intl escribe «${expected}»`);
  }
}

/** Throws, naming the formatter and both writings, where one differs from Intl's. */
function checkFigure(value: number, digits: number): void {
  const input = `${String(value)} con ${String(digits)} decimales`;
  expectSame(`formatNumber(${input})`, formatNumber(value, digits), intl(digits).format(value));
  expectSame(
    `formatPercent(${input})`,
    formatPercent(value, digits),
    `${intl(digits).format(value)}${NBSP}%`,
  );
  expectSame(`formatEuros(${String(value)})`, formatEuros(value), intl(2, true).format(value));
  const wholeDigits = Number.isInteger(value) ? 0 : 2;
  expectSame(
    `formatWholeEuros(${String(value)})`,
    formatWholeEuros(value),
    `${intl(wholeDigits).format(value)}${NBSP}€`,
  );
}

/** Fails with fast-check's smallest counterexample when a figure is not written as Intl does. */
export function assertFiguresMatchIntl(numRuns: number): void {
  fc.assert(fc.property(numbers, fc.integer({ min: 0, max: 3 }), checkFigure), { numRuns });
}

/**
 * The days whose long date differs from Intl's, as "ISO date: written / Intl": every day from 2020
 * to 2031 and three odd years.
 */
export function longDateMismatches(): string[] {
  const longDay = new Intl.DateTimeFormat('es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const days = [Date.UTC(999, 0, 5), Date.UTC(1900, 1, 28), Date.UTC(2400, 1, 29)];
  for (let day = Date.UTC(2020, 0, 1); day <= Date.UTC(2031, 11, 31); day += 86_400_000) {
    days.push(day);
  }
  return days.flatMap((day) => {
    const date = new Date(day);
    const iso = `${String(date.getUTCFullYear()).padStart(4, '0')}-${date.toISOString().slice(5, 10)}`;
    const written = formatLongDate(iso);
    const expected = longDay.format(date);
    return written === expected ? [] : [`${iso}: ${written} / ${expected}`];
  });
}
