import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarMonths, formatDate, formatDateTime, formatLongDate, formatTime } from './date';
import {
  NBSP,
  NO_VALUE_TEXT,
  formatEuros,
  formatFileSize,
  formatNumber,
  formatPercent,
  formatWholeEuros,
} from './number';
import { parseSpanishNumber } from './parse';

/** Makes a formatted string comparable with one typed with ordinary spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatEuros', () => {
  it('writes euros the Spanish way with two decimals: 1234,56 → "1.234,56 €"', () => {
    expect(formatEuros(1234.56)).toBe(`1.234,56${NBSP}€`);
    expect(plain(formatEuros(1234.56))).toBe('1.234,56 €');
  });

  it('groups thousands even in four-digit amounts, which es-ES leaves ungrouped by default', () => {
    expect(new Intl.NumberFormat('es-ES').format(1234)).toBe('1234');
    expect(plain(formatEuros(1000))).toBe('1.000,00 €');
    expect(plain(formatEuros(1_234_567.891))).toBe('1.234.567,89 €');
  });

  it('keeps a no-break space before the sign so the amount never wraps away from €', () => {
    expect(formatEuros(999)).toMatch(/^999,00\u00a0€$/);
    expect(formatEuros(999)).not.toContain(' ');
  });

  it('rounds to the cent and never shows a negative zero', () => {
    expect(plain(formatEuros(312.5))).toBe('312,50 €');
    expect(plain(formatEuros(0.004))).toBe('0,00 €');
    expect(plain(formatEuros(-0))).toBe('0,00 €');
    expect(plain(formatEuros(-0.001))).toBe('0,00 €');
    expect(plain(formatEuros(-1234.5))).toBe('-1.234,50 €');
  });

  it('shows a dash for a value that is not a number instead of "NaN €"', () => {
    expect(formatEuros(Number.NaN)).toBe(NO_VALUE_TEXT);
    expect(formatEuros(Number.POSITIVE_INFINITY)).toBe(NO_VALUE_TEXT);
  });
});

describe('formatPercent', () => {
  it('takes a percentage value, not a fraction: 36,1234 → "36,12 %"', () => {
    expect(formatPercent(36.1234)).toBe(`36,12${NBSP}%`);
    expect(plain(formatPercent(30))).toBe('30,00 %');
    expect(plain(formatPercent(2.5))).toBe('2,50 %');
  });

  it('rounds half away from zero on the decimal value: 49,995 → "50,00 %"', () => {
    expect(plain(formatPercent(49.995))).toBe('50,00 %');
    expect(plain(formatPercent(1234.5, 1))).toBe('1.234,5 %');
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatPercent(Number.NaN)).toBe(NO_VALUE_TEXT);
  });
});

describe('formatNumber', () => {
  it('formats a plain number in es-ES with the requested decimals', () => {
    expect(formatNumber(1234.5)).toBe('1.234,50');
    expect(formatNumber(7, 0)).toBe('7');
    expect(formatNumber(Number.NaN)).toBe(NO_VALUE_TEXT);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0\u00a0bytes'],
    [812, '812\u00a0bytes'],
    [1024, '1\u00a0KB'],
    [1_843, '2\u00a0KB'],
    [48_213, '47\u00a0KB'],
    [1_048_576, '1,0\u00a0MB'],
    [4.6 * 1_048_576, '4,6\u00a0MB'],
    [52_428_800, '50,0\u00a0MB'],
  ])('writes %d bytes as %j, never a small file as 0,0 MB', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('formatDate', () => {
  it('writes a calendar day as dd/mm/aaaa', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2022-06-01')).toBe('01/06/2022');
  });

  it('shows the day it is in Spain for an instant, whatever zone the code runs in', () => {
    // 23:30 UTC on 20 November 2026 is 00:30 on the 21st in Madrid (UTC+1 in winter)
    expect(formatDate('2026-11-20T23:30:00Z')).toBe('21/11/2026');
    expect(formatDate(new Date('2026-11-20T23:30:00Z'))).toBe('21/11/2026');
    // 22:30 UTC on 30 June is 00:30 on 1 July in Madrid (UTC+2 in summer)
    expect(formatDate('2022-06-30T22:30:00Z')).toBe('01/07/2022');
    expect(formatDate('2022-06-30T21:30:00Z')).toBe('30/06/2022');
  });

  it('shows a dash for something that is not a date', () => {
    expect(formatDate('2026-02-30')).toBe(NO_VALUE_TEXT);
    expect(formatDate('mañana')).toBe(NO_VALUE_TEXT);
    expect(formatDate(new Date(Number.NaN))).toBe(NO_VALUE_TEXT);
  });
});

describe('formatDateTime', () => {
  it('writes the day with the year in full and the time in Spain', () => {
    // 09:07 UTC on 5 March is 10:07 in Madrid (UTC+1); in July Madrid is UTC+2
    expect(formatDateTime('2026-03-05T09:07:00Z')).toBe('05/03/2026, 10:07');
    expect(formatDateTime(new Date('2026-07-01T21:30:15Z'), { seconds: true })).toBe(
      '01/07/2026, 23:30:15',
    );
  });

  it('shows a dash for something that is not an instant', () => {
    expect(formatDateTime('ayer')).toBe(NO_VALUE_TEXT);
  });
});

describe('formatTime', () => {
  it('writes the time of day in Spain, winter and summer', () => {
    expect(formatTime('2026-03-05T09:07:00Z')).toBe('10:07');
    expect(formatTime(new Date('2026-07-01T22:30:15Z'))).toBe('00:30');
    expect(formatTime('ayer')).toBe(NO_VALUE_TEXT);
  });
});

describe('addCalendarMonths', () => {
  it('counts months from date to date', () => {
    expect(addCalendarMonths('2026-11-26', 1)).toBe('2026-12-26');
    expect(addCalendarMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addCalendarMonths('2026-03-31', 12)).toBe('2027-03-31');
  });

  it('ends on the last day of a month that has no such day', () => {
    expect(addCalendarMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addCalendarMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addCalendarMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addCalendarMonths('2026-08-31', 3)).toBe('2026-11-30');
  });

  it('refuses what is not a calendar day', () => {
    expect(() => addCalendarMonths('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addCalendarMonths('mañana', 1)).toThrow(RangeError);
  });
});

describe('formatWholeEuros', () => {
  it('leaves out the cents of a round amount and keeps them otherwise', () => {
    expect(formatWholeEuros(300_000)).toBe(`300.000${NBSP}€`);
    expect(formatWholeEuros(1_000)).toBe(`1.000${NBSP}€`);
    expect(formatWholeEuros(579.02)).toBe(`579,02${NBSP}€`);
    expect(formatWholeEuros(0.5)).toBe(`0,50${NBSP}€`);
  });

  it('shows no value for what is not a number', () => {
    expect(formatWholeEuros(Number.NaN)).toBe(NO_VALUE_TEXT);
  });
});

describe('formatLongDate', () => {
  it('writes a calendar day out in Spanish, the day as written whatever the time zone', () => {
    expect(formatLongDate('2022-12-31')).toBe('31 de diciembre de 2022');
    expect(formatLongDate('2023-01-01')).toBe('1 de enero de 2023');
  });

  it('shows no value for anything that is not a real calendar day', () => {
    expect(formatLongDate('2022-02-30')).toBe(NO_VALUE_TEXT);
    expect(formatLongDate('31/12/2022')).toBe(NO_VALUE_TEXT);
  });
});

describe('parseSpanishNumber', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['1234.56', 1234.56],
    ['1.234', 1234],
    ['1.234.567', 1_234_567],
    [' 1 234,5 ', 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['0,5', 0.5],
    [',5', 0.5],
    ['0.125', 0.125],
    ['1.5', 1.5],
    ['1.2345', 1.2345],
    ['-1.234,56', -1234.56],
    ['+7', 7],
    ['\u221212,5', -12.5],
    ['-0', 0],
    ['300000', 300_000],
    ['1.234,56 €', 1234.56],
    [`1.234,56${NBSP}€`, 1234.56],
    ['36,12 %', 36.12],
  ])('reads %j as %d', (text, expected) => {
    expect(parseSpanishNumber(text)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '-',
    '€',
    'abc',
    '1,2,3',
    '1.23.4',
    '12abc',
    '1,234.56',
    '1.234,5.6',
    '1234,',
    '1e3',
    '--5',
    '1 23,4',
    'NaN',
    'Infinity',
    '9'.repeat(400),
  ])('gives NaN for %j', (text) => {
    expect(parseSpanishNumber(text)).toBeNaN();
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseSpanishNumber('-0,00'), 0)).toBe(true);
  });

  it('reads back every amount formatEuros writes, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (cents) => {
        const amount = cents / 100;
        expect(parseSpanishNumber(formatEuros(amount))).toBe(amount === 0 ? 0 : amount);
      }),
    );
  });

  it('reads back formatEuros of any amount within half a cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        expect(Math.abs(parseSpanishNumber(formatEuros(amount)) - amount)).toBeLessThanOrEqual(
          0.005 + 1e-6,
        );
      }),
    );
  });

  it('reads back every percentage formatPercent writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (hundredths) => {
        expect(parseSpanishNumber(formatPercent(hundredths / 100))).toBe(hundredths / 100);
      }),
    );
  });
});
