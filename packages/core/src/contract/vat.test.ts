import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEuros } from '../format';
import { PLANS, RULES, ruleSource } from '../rules';
import { planChargeAmount, planPayments, planVatBreakdown } from './plan-payments';
import { sumVatBreakdowns, vatBreakdown } from './vat';

/** Makes a formatted amount comparable with one typed with ordinary spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('vatBreakdown', () => {
  it('splits 999,00 € with VAT included into 825,62 € of base and 173,38 € of VAT at 21 %', () => {
    const split = vatBreakdown(999);
    expect(split).toEqual({ total: 999, base: 825.62, vat: 173.38, ratePercent: 21 });
    expect([split.total, split.base, split.vat].map((euros) => plain(formatEuros(euros)))).toEqual([
      '999,00 €',
      '825,62 €',
      '173,38 €',
    ]);
  });

  it('splits the split plan’s payments the same way: 499 € and 99 €', () => {
    expect(vatBreakdown(499)).toEqual({ total: 499, base: 412.4, vat: 86.6, ratePercent: 21 });
    expect(vatBreakdown(99)).toEqual({ total: 99, base: 81.82, vat: 17.18, ratePercent: 21 });
  });

  it('uses the rate of the rule table unless told another one', () => {
    expect(RULES.vat).toEqual({ ratePercent: 21, pricesIncludeVat: true });
    expect(ruleSource('vat.ratePercent')).toContain('Ley 37/1992');
    expect(vatBreakdown(110, 10)).toEqual({ total: 110, base: 100, vat: 10, ratePercent: 10 });
    expect(vatBreakdown(50, 0)).toEqual({ total: 50, base: 50, vat: 0, ratePercent: 0 });
  });

  it('always adds base and VAT back up to the total, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        const { total, base, vat } = vatBreakdown(cents / 100);
        expect(Math.round(base * 100) + Math.round(vat * 100)).toBe(cents);
        expect(total).toBe(cents / 100);
        expect(Number.isInteger(Math.round(base * 100))).toBe(true);
      }),
    );
  });

  it('gives the VAT that the base at 21 % makes, rounded to the cent, or one cent off where no base can', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (cents) => {
        const { base, vat } = vatBreakdown(cents / 100);
        const baseCents = Math.round(base * 100);
        const vatCents = Math.round(vat * 100);
        expect(Math.abs(vatCents - Math.round((baseCents * 21) / 100))).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('takes an amount typed with floating-point noise as the cents it means', () => {
    expect(vatBreakdown(0.1 + 0.2)).toEqual(vatBreakdown(0.3));
  });

  it('refuses an amount or a rate that is not a number of euros or percent', () => {
    expect(() => vatBreakdown(-1)).toThrow(RangeError);
    expect(() => vatBreakdown(Number.NaN)).toThrow('no es un importe válido');
    expect(() => vatBreakdown(10, Number.POSITIVE_INFINITY)).toThrow('tipo de IVA');
  });

  it('adds breakdowns at one rate and refuses to mix rates', () => {
    expect(sumVatBreakdowns([vatBreakdown(499), vatBreakdown(99)], 21)).toEqual({
      total: 598,
      base: 494.22,
      vat: 103.78,
      ratePercent: 21,
    });
    expect(() => sumVatBreakdowns([vatBreakdown(10, 10)], 21)).toThrow('tipos de IVA distintos');
  });
});

describe('plan payments', () => {
  it('lists the single payment, or the initial payment and the monthly instalments', () => {
    expect(planPayments(RULES.plans.unico)).toEqual([{ charge: { kind: 'single' }, amount: 999 }]);
    const split = planPayments(RULES.plans.fraccionado);
    expect(split).toHaveLength(11);
    expect(split[0]).toEqual({ charge: { kind: 'initial' }, amount: 499 });
    expect(split[10]).toEqual({ charge: { kind: 'instalment', number: 10 }, amount: 99 });
  });

  it('charges exactly each plan’s price', () => {
    for (const plan of PLANS) {
      const cents = planPayments(plan).reduce(
        (sum, { amount }) => sum + Math.round(amount * 100),
        0,
      );
      expect(cents / 100).toBe(plan.precio);
    }
  });

  it('knows the amount of each charge a plan has, and no other', () => {
    const { unico, fraccionado } = RULES.plans;
    expect(planChargeAmount(unico, { kind: 'single' })).toBe(999);
    expect(planChargeAmount(unico, { kind: 'initial' })).toBeUndefined();
    expect(planChargeAmount(fraccionado, { kind: 'initial' })).toBe(499);
    expect(planChargeAmount(fraccionado, { kind: 'instalment', number: 10 })).toBe(99);
    expect(planChargeAmount(fraccionado, { kind: 'instalment', number: 11 })).toBeUndefined();
    expect(planChargeAmount(fraccionado, { kind: 'instalment', number: 0 })).toBeUndefined();
    expect(planChargeAmount(fraccionado, { kind: 'single' })).toBeUndefined();
  });

  it('states each plan’s base and VAT as the sum of what its receipts will say', () => {
    expect(planVatBreakdown(RULES.plans.unico)).toEqual(vatBreakdown(999));
    // 412,40 € + 10 × 81,82 € of base; 86,60 € + 10 × 17,18 € of VAT.
    expect(planVatBreakdown(RULES.plans.fraccionado)).toEqual({
      total: 1489,
      base: 1230.6,
      vat: 258.4,
      ratePercent: 21,
    });
  });

  it('keeps every price of the rule table one whose VAT is exactly its base at the rate', () => {
    for (const plan of PLANS) {
      for (const { amount } of planPayments(plan)) {
        const { base, vat, ratePercent } = vatBreakdown(amount);
        expect(Math.round(vat * 100), `${plan.id} ${String(amount)}`).toBe(
          Math.round((Math.round(base * 100) * ratePercent) / 100),
        );
      }
    }
  });
});
