import { calculationVerdict, NOT_QUALIFYING_TEXTS, type CalculationResult } from '@cbp/core';

import type { Loaded } from '../../lib/client-loader';

/**
 * What /app/honorarios says above the plans, and whether it offers them, from the person's
 * latest calculation (decision 0720): congratulate only on a 'yes'; on a 'no', say what fails
 * and how to correct it, and invite no payment; before any calculation, send them to calculate.
 */
export type PlanGate =
  | { readonly kind: 'qualifies'; readonly offerPayment: true }
  | {
      readonly kind: 'does-not-qualify';
      readonly offerPayment: false;
      readonly failed: readonly string[];
    }
  | { readonly kind: 'not-calculated'; readonly offerPayment: true }
  | { readonly kind: 'unknown'; readonly offerPayment: true };

export function planGate(latest: Loaded<CalculationResult | null>): PlanGate {
  // The calculation could not be read: no congratulation, and the page works as before.
  if (latest.kind === 'failed') return { kind: 'unknown', offerPayment: true };
  if (latest.data === null) return { kind: 'not-calculated', offerPayment: true };
  const verdict = calculationVerdict(latest.data);
  return verdict.qualifies
    ? { kind: 'qualifies', offerPayment: true }
    : { kind: 'does-not-qualify', offerPayment: false, failed: verdict.failed };
}

export const PLAN_NOT_QUALIFYING = {
  ...NOT_QUALIFYING_TEXTS,
  noPayment:
    'Mientras tu cálculo diga que no puedes acogerte, no te pedimos ningún pago: lo que incluyen nuestros honorarios queda abajo solo como información.',
} as const;
