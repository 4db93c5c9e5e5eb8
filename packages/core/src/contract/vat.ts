import { RULES } from '../rules';

/** An amount with VAT included, split into its taxable base and its VAT, in euros to the cent. */
export interface VatBreakdown {
  total: number;
  base: number;
  vat: number;
  ratePercent: number;
}

const toCents = (euros: number) => Math.round(euros * 100);

/**
 * Splits a price that includes VAT: the base is the total divided by (1 + rate), rounded to the
 * cent, and the VAT is what is left, so base + VAT is always the total to the cent.
 * 999 € at 21 % → 825,62 € + 173,38 €. See docs/decisions/0482-prices-include-vat.md.
 */
export function vatBreakdown(
  totalIncludingVat: number,
  ratePercent: number = RULES.vat.ratePercent,
): VatBreakdown {
  if (!Number.isFinite(totalIncludingVat) || totalIncludingVat < 0) {
    throw new RangeError(`El importe ${String(totalIncludingVat)} no es un importe válido`);
  }
  if (!Number.isFinite(ratePercent) || ratePercent < 0) {
    throw new RangeError(`El tipo de IVA ${String(ratePercent)} no es válido`);
  }
  const totalCents = toCents(totalIncludingVat);
  // The rate in hundredths of a percent keeps the division on whole numbers.
  const rateBasisPoints = Math.round(ratePercent * 100);
  const baseCents = Math.round((totalCents * 10_000) / (10_000 + rateBasisPoints));
  return fromCents(totalCents, baseCents, ratePercent);
}

/** Adds breakdowns made at one rate: a plan's total is the sum of what each payment charges. */
export function sumVatBreakdowns(
  breakdowns: readonly VatBreakdown[],
  ratePercent: number,
): VatBreakdown {
  let totalCents = 0;
  let baseCents = 0;
  for (const part of breakdowns) {
    if (part.ratePercent !== ratePercent) {
      throw new RangeError('No se pueden sumar importes con tipos de IVA distintos');
    }
    totalCents += toCents(part.total);
    baseCents += toCents(part.base);
  }
  return fromCents(totalCents, baseCents, ratePercent);
}

function fromCents(totalCents: number, baseCents: number, ratePercent: number): VatBreakdown {
  return {
    total: totalCents / 100,
    base: baseCents / 100,
    vat: (totalCents - baseCents) / 100,
    ratePercent,
  };
}
