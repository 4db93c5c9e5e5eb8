import { RULES, type PlanId } from '../rules';
import { sumVatBreakdowns, vatBreakdown, type VatBreakdown } from './vat';

/** What a plan charges and when: the fields of a plan of the rule table (RULES.plans). */
export interface PlanTerms {
  id: PlanId;
  nombre: string;
  precio: number;
  pago_inicial: number;
  pago_mensual: number;
  cuotas: number;
}

/** One charge of a plan: the single payment, the initial payment or monthly instalment n. */
export type PlanCharge =
  { kind: 'single' } | { kind: 'initial' } | { kind: 'instalment'; number: number };

export interface PlanPayment {
  charge: PlanCharge;
  amount: number;
}

/** Every charge of a plan in order: 999 € once, or 499 € and then 10 × 99 €. */
export function planPayments(plan: PlanTerms): PlanPayment[] {
  if (plan.cuotas === 0) return [{ charge: { kind: 'single' }, amount: plan.pago_inicial }];
  return [
    { charge: { kind: 'initial' }, amount: plan.pago_inicial },
    ...Array.from({ length: plan.cuotas }, (_, index) => ({
      charge: { kind: 'instalment', number: index + 1 } as const,
      amount: plan.pago_mensual,
    })),
  ];
}

/** The amount one charge of a plan takes, or undefined if the plan has no such charge. */
export function planChargeAmount(plan: PlanTerms, charge: PlanCharge): number | undefined {
  switch (charge.kind) {
    case 'single':
      return plan.cuotas === 0 ? plan.pago_inicial : undefined;
    case 'initial':
      return plan.cuotas > 0 ? plan.pago_inicial : undefined;
    case 'instalment':
      return plan.cuotas > 0 &&
        Number.isInteger(charge.number) &&
        charge.number >= 1 &&
        charge.number <= plan.cuotas
        ? plan.pago_mensual
        : undefined;
  }
}

/**
 * A plan's price split into base and VAT as its receipts will add up: each payment is split on its
 * own (each is receipted and invoiced on its own) and the parts are summed.
 */
export function planVatBreakdown(
  plan: PlanTerms,
  ratePercent: number = RULES.vat.ratePercent,
): VatBreakdown {
  return sumVatBreakdowns(
    planPayments(plan).map((payment) => vatBreakdown(payment.amount, ratePercent)),
    ratePercent,
  );
}
