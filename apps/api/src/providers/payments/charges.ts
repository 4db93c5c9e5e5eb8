import { formatWholeEuros, type PlanId, RULES } from '@cbp/core';
import type { PaymentMetadata } from './types';

/** Stripe's currency code: ISO 4217 in lowercase. */
export const CURRENCY = RULES.plans.currency.toLowerCase();
export const CHECKOUT_LOCALE = RULES.plans.checkoutLocale;

function cents(euros: number): number {
  return Math.round(euros * 100);
}

export interface SingleCharge {
  mode: 'payment';
  totalCents: number;
}

export interface SplitCharges {
  mode: 'subscription';
  monthlyCents: number;
  /** Added once to the first invoice, so that it comes to the initial payment. */
  firstInvoiceExtraCents: number;
  firstInvoiceCents: number;
  /** Monthly instalments after the first invoice. */
  instalments: number;
  /** Monthly invoices the subscription bills before it ends: the first one and the instalments. */
  billingPeriods: number;
  totalCents: number;
}

/**
 * What each plan charges, from the rule table (decision 0480). The split plan is a monthly
 * subscription at the instalment price whose first invoice also carries the rest of the initial
 * payment: 99 + 400 = 499 € on the first invoice, then 10 × 99 €, 1.489 € in all.
 */
export function planCharges(plan: 'unico'): SingleCharge;
export function planCharges(plan: 'fraccionado'): SplitCharges;
export function planCharges(plan: PlanId): SingleCharge | SplitCharges;
export function planCharges(plan: PlanId): SingleCharge | SplitCharges {
  if (plan === 'unico') {
    return { mode: 'payment', totalCents: cents(RULES.plans.unico.precio) };
  }
  const { pago_inicial, pago_mensual, cuotas, precio } = RULES.plans.fraccionado;
  return {
    mode: 'subscription',
    monthlyCents: cents(pago_mensual),
    firstInvoiceExtraCents: cents(pago_inicial - pago_mensual),
    firstInvoiceCents: cents(pago_inicial),
    instalments: cuotas,
    billingPeriods: cuotas + 1,
    totalCents: cents(precio),
  };
}

/** The lines the checkout page shows, in Spanish. */
export const CHECKOUT_TEXTS = {
  unico: {
    name: `Honorarios: ${RULES.plans.unico.nombre}`,
    description: 'Tramitación de tu solicitud del Código de Buenas Prácticas ante tu banco.',
  },
  fraccionadoMonthly: {
    name: `Honorarios: ${RULES.plans.fraccionado.nombre} (cuota mensual)`,
    description: `La primera va incluida en el pago inicial de ${formatWholeEuros(RULES.plans.fraccionado.pago_inicial)}; después, ${String(RULES.plans.fraccionado.cuotas)} cuotas mensuales de ${formatWholeEuros(RULES.plans.fraccionado.pago_mensual)}.`,
  },
  fraccionadoInitial: {
    name: `Honorarios: ${RULES.plans.fraccionado.nombre} (resto del pago inicial)`,
    description: `Con la primera cuota suma el pago inicial de ${formatWholeEuros(RULES.plans.fraccionado.pago_inicial)}.`,
  },
  fraccionadoSubscription: RULES.plans.fraccionado.descripcion,
} as const;

/** Stripe's metadata: strings only, and no key for an absent user or contract. */
export function metadataParams(metadata: PaymentMetadata): Record<string, string> {
  const params: Record<string, string> = { leadId: metadata.leadId, plan: metadata.plan };
  if (metadata.userId !== null) params.userId = metadata.userId;
  if (metadata.contractId !== null) params.contractId = metadata.contractId;
  return params;
}

/** Reads our metadata back; null when it is not ours (a payment made elsewhere on the account). */
export function readMetadata(
  raw: Record<string, string> | null | undefined,
): PaymentMetadata | null {
  const leadId = raw?.leadId;
  const plan = raw?.plan;
  if (leadId === undefined || leadId === '' || (plan !== 'unico' && plan !== 'fraccionado')) {
    return null;
  }
  const userId = raw?.userId;
  const contractId = raw?.contractId;
  return {
    leadId,
    userId: userId === undefined || userId === '' ? null : userId,
    plan,
    contractId: contractId === undefined || contractId === '' ? null : contractId,
  };
}
