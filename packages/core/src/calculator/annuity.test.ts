import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annuity } from './annuity';

/** Balance left after paying `instalment` for `months` months at the monthly rate. */
function balanceAfter(
  principal: number,
  annualRatePercent: number,
  months: number,
  instalment: number,
) {
  let balance = principal;
  for (let month = 0; month < months; month += 1) {
    balance = balance * (1 + annualRatePercent / 1200) - instalment;
  }
  return balance;
}

describe('annuity', () => {
  it('divides the capital evenly at 0 %: 150.000 / 300 months = 500 a month', () => {
    expect(annuity(150_000, 0, 300)).toBe(150_000 / 300);
    expect(annuity(150_000, 0, 300)).toBe(500);
  });

  it('matches the textbook instalments of a 30-year loan of 100.000 €', () => {
    // r = 5 / 1200; A = 100.000 × r / (1 − (1 + r)^−360) = 536,82
    expect(annuity(100_000, 5, 360)).toBeCloseTo(536.82, 2);
    // r = 4 / 1200; A = 100.000 × r / (1 − (1 + r)^−360) = 477,42
    expect(annuity(100_000, 4, 360)).toBeCloseTo(477.42, 2);
    // 25 years at 3,5 %: 500,62
    expect(annuity(100_000, 3.5, 300)).toBeCloseTo(500.62, 2);
  });

  it('pays the loan off exactly: the balance after the last instalment is zero', () => {
    const instalment = annuity(180_000, 3.25, 276);
    expect(balanceAfter(180_000, 3.25, 276, instalment)).toBeCloseTo(0, 6);
    expect(balanceAfter(180_000, 3.25, 275, instalment)).toBeGreaterThan(0);
  });

  it('approaches the 0 % instalment as the rate approaches 0, without losing precision', () => {
    expect(annuity(120_000, 1e-10, 240)).toBeCloseTo(120_000 / 240, 6);
    expect(annuity(120_000, 1e-6, 240)).toBeGreaterThan(500);
  });

  it('charges capital plus one month of interest when one payment is left: 10.000 × (1 + 6 / 1200)', () => {
    expect(annuity(10_000, 6, 1)).toBeCloseTo(10_000 * (1 + 6 / 1200), 9);
  });

  it.each([
    [1_000, 3, 0, 'El número de meses debe ser mayor que 0'],
    [1_000, 3, -12, 'El número de meses debe ser mayor que 0'],
    [1_000, 3, Number.NaN, 'El número de meses debe ser mayor que 0'],
    [1_000, -0.5, 12, 'El tipo de interés debe ser un número igual o mayor que 0'],
    [-1_000, 3, 12, 'El capital debe ser un número igual o mayor que 0'],
  ])('refuses annuity(%d, %d, %d)', (principal, rate, months, message) => {
    expect(() => annuity(principal, rate, months)).toThrow(new RangeError(message));
  });

  it('never raises the instalment for a longer term (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        (cents, rate, months, more) => {
          const principal = cents / 100;
          expect(annuity(principal, rate, months + more)).toBeLessThanOrEqual(
            annuity(principal, rate, months),
          );
        },
      ),
    );
  });

  it('always repays at least the capital, and exactly the capital at 0 % (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.integer({ min: 1, max: 600 }),
        (cents, rate, months) => {
          const principal = cents / 100;
          const total = annuity(principal, rate, months) * months;
          expect(total).toBeGreaterThanOrEqual(principal * (1 - 1e-12));
          if (rate === 0) expect(total).toBeCloseTo(principal, 6);
        },
      ),
    );
  });
});
