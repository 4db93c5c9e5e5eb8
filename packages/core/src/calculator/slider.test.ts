import type { CalculatorFormInput } from './validate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annuity } from './annuity';
import { calculateRelief as reliefOn } from './calculate';
import type { CalculatorForm } from './schema';
import { extraYearsInstalment, maxExtraYears } from './slider';
import { sampleHousehold } from './fixtures.test-helpers';

/** The spec's formulas are those of the years the 2022 code took applications (to 24-11-2025). */
const SPEC_ERA = '2025-06-01';
const calculateRelief = (input: CalculatorFormInput) =>
  reliefOn(input, { evaluationDate: SPEC_ERA });

/** 55 % effort now, 35 % four years ago: five years of grace, 7 years of extension. */
const form: CalculatorForm = sampleHousehold;

describe('maxExtraYears', () => {
  it('stops at 40 years from the start: 40 − 30 − 7 = 3 extra years', () => {
    expect(maxExtraYears(form, calculateRelief(form))).toBe(3);
  });

  it.each([
    [20, 10, 'min(10, 40 − 20 − 7 = 13)'],
    [23, 10, '40 − 23 − 7 = 10'],
    [24, 9, '40 − 24 − 7 = 9'],
    [33, 0, '40 − 33 − 7 = 0'],
    [36, 0, 'extension 40 − 36 = 4, then 40 − 36 − 4 = 0'],
    [40, 0, 'no room left'],
  ])('gives a loan of %d years %d extra years at most (%s)', (plazoOriginal, max) => {
    // The remaining term is never longer than the loan.
    const loan = {
      ...form,
      plazoOriginal,
      plazoRestante: Math.min(form.plazoRestante, plazoOriginal),
    };
    expect(maxExtraYears(loan, calculateRelief(loan))).toBe(max);
  });

  it('offers up to 10 years to an excluded loan, which gets no extension from the code', () => {
    // 500 × 12 / 24.000 = 25 %: excluded; 40 − 30 − 0 = 10
    const excluded = { ...form, pagoMensualHipoteca: 500 };
    expect(maxExtraYears(excluded, calculateRelief(excluded))).toBe(10);
  });
});

describe('extraYearsInstalment', () => {
  const result = calculateRelief(form);

  it('changes nothing with 0 extra years', () => {
    expect(extraYearsInstalment(form, result, 0)).toEqual({
      cuota: result.cuotaPostCarencia,
      plazoTotalAnios: 32,
      diferenciaMensual: 0,
    });
  });

  it('recomputes the annuity over the longer term: 3 more years is 384 + 36 − 60 = 360 months', () => {
    const { cuota, plazoTotalAnios, diferenciaMensual } = extraYearsInstalment(form, result, 3);
    // 150.000 at 4 % over 30 years: 716,12 € a month
    expect(cuota).toBeCloseTo(annuity(150_000, 4, 360), 9);
    expect(cuota).toBeCloseTo(716.12, 2);
    // 384 / 12 + 3 = 35 years in all
    expect(plazoTotalAnios).toBe(35);
    // 757,81 − 716,12 = 41,69 € less each month
    expect(diferenciaMensual).toBeCloseTo(result.cuotaPostCarencia - cuota, 12);
    expect(diferenciaMensual).toBeCloseTo(41.69, 2);
  });

  it('shows a smaller saving than the spec’s "× (1 − 0,05 × años)" shortcut, which overstates it', () => {
    const shortcut = result.cuotaPostCarencia * (1 - 0.05 * 3); // 757,81 × 0,85 = 644,14
    const { cuota } = extraYearsInstalment(form, result, 3);
    expect(cuota).toBeGreaterThan(shortcut);
  });

  it.each([-1, 3.5, 4, Number.NaN])('refuses %d extra years when at most 3 fit', (years) => {
    expect(() => extraYearsInstalment(form, result, years)).toThrow(
      new RangeError('Los años adicionales deben estar entre 0 y 3'),
    );
  });

  it('never raises the instalment for more extra years, and never makes it worse than none (property)', () => {
    const loan = { ...form, plazoOriginal: 20, plazoRestante: 20 };
    const loanResult = calculateRelief(loan);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), (a, b) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        const low = extraYearsInstalment(loan, loanResult, fewer);
        const high = extraYearsInstalment(loan, loanResult, more);
        expect(high.cuota).toBeLessThanOrEqual(low.cuota);
        expect(high.diferenciaMensual).toBeGreaterThanOrEqual(0);
        expect(high.plazoTotalAnios - low.plazoTotalAnios).toBe(more - fewer);
      }),
    );
  });
});
