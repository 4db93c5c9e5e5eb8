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

/** A small seeded generator, so a failure names a value that can be tried again. */
function* values(count: number): Generator<number> {
  let seed = 20261130;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let index = 0; index < count; index += 1) {
    const magnitude = 10 ** Math.floor(next() * 13);
    const whole = Math.floor(next() * magnitude) * (next() < 0.2 ? -1 : 1);
    const scale = [1, 10, 100, 1000, 10000][Math.floor(next() * 5)] ?? 1;
    yield whole / scale;
  }
  yield* [0, -0, 0.5, -0.5, 0.005, 1.005, 2.675, 999.995, 1234.5, 1e15, 2 ** 53 + 2, 1e21, 5e-7];
}

describe('es-ES numbers', () => {
  it('writes every value as Intl does, with and without rounding', () => {
    for (const value of values(5000)) {
      for (const digits of [0, 1, 2, 3]) {
        expect(formatNumber(value, digits), `${String(value)}, ${String(digits)}`).toBe(
          intl(digits).format(value),
        );
        expect(formatPercent(value, digits)).toBe(`${intl(digits).format(value)}${NBSP}%`);
      }
      expect(formatEuros(value), String(value)).toBe(intl(2, true).format(value));
      const wholeDigits = Number.isInteger(value) ? 0 : 2;
      expect(formatWholeEuros(value)).toBe(`${intl(wholeDigits).format(value)}${NBSP}€`);
    }
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
