/**
 * Shares and ratios come out of a division of amounts typed in cents, so a share the person
 * would compute as exactly 50 can come out as 49.999999999999993 in binary floating point.
 * Comparisons at a legal threshold treat anything closer than this to the threshold as equal to
 * it. Amounts in cents cannot produce a real difference this small (0.01 € over a monthly income
 * of 10 million euros is 1e-7 points). See docs/decisions/0105-rounding-and-thresholds.md.
 */
export const THRESHOLD_TOLERANCE = 1e-9;

/** value >= threshold, with floating point noise at the threshold counted as equal. */
export function atLeast(value: number, threshold: number): boolean {
  return value >= threshold - THRESHOLD_TOLERANCE;
}

/** value > threshold, with floating point noise at the threshold counted as equal. */
export function above(value: number, threshold: number): boolean {
  return value > threshold + THRESHOLD_TOLERANCE;
}

/** The share of an income that an instalment takes, in percent, computed as (a × 100) / b. */
export function sharePercent(instalment: number, income: number): number {
  return (instalment * 100) / income;
}

/** An amount of euros to the cent, as people type and banks charge it (decision 0312). */
export function roundToCents(value: number): number {
  return Math.round(value * 100) / 100;
}
