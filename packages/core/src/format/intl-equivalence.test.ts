import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatLongDate } from './date';
import { formatEuros, formatNumber, formatPercent, formatWholeEuros, NBSP } from './number';

const references = new Map<string, Intl.NumberFormat>();

/** What Intl writes, the reference the formatters must match for every value. */
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

describe('es-ES numbers', () => {
  it('writes every value as Intl does, with and without rounding', () => {
    fc.assert(
      fc.property(numbers, fc.integer({ min: 0, max: 3 }), (value, digits) => {
        expect(formatNumber(value, digits)).toBe(intl(digits).format(value));
        expect(formatPercent(value, digits)).toBe(`${intl(digits).format(value)}${NBSP}%`);
        expect(formatEuros(value)).toBe(intl(2, true).format(value));
        const wholeDigits = Number.isInteger(value) ? 0 : 2;
        expect(formatWholeEuros(value)).toBe(`${intl(wholeDigits).format(value)}${NBSP}€`);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('es-ES long dates', () => {
  it('writes every day as Intl does', () => {
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
    for (const day of days) {
      const date = new Date(day);
      const iso = `${String(date.getUTCFullYear()).padStart(4, '0')}-${date.toISOString().slice(5, 10)}`;
      expect(formatLongDate(iso), iso).toBe(longDay.format(date));
    }
  });
});
