/**
 * The constant monthly instalment that repays `principal` in `months` payments at a yearly
 * rate of `annualRatePercent` (French amortisation): A = P·r / (1 − (1 + r)^−n), r = rate / 1200,
 * and P / n at 0 %. Months may be fractional; they must be above 0.
 */
export function annuity(principal: number, annualRatePercent: number, months: number): number {
  if (!Number.isFinite(principal) || principal < 0) {
    throw new RangeError('El capital debe ser un número igual o mayor que 0');
  }
  if (!Number.isFinite(annualRatePercent) || annualRatePercent < 0) {
    throw new RangeError('El tipo de interés debe ser un número igual o mayor que 0');
  }
  if (!Number.isFinite(months) || months <= 0) {
    throw new RangeError('El número de meses debe ser mayor que 0');
  }
  const monthlyRate = annualRatePercent / 1200;
  if (monthlyRate === 0) return principal / months;
  // 1 − (1 + r)^−n written with expm1/log1p keeps its precision when r is tiny
  return (principal * monthlyRate) / -Math.expm1(-months * Math.log1p(monthlyRate));
}
