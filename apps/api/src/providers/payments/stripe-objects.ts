import { z } from 'zod';
import { readMetadata } from './charges';
import type { CheckoutDetails } from './types';

/**
 * Stripe's objects as this product reads them, from the API and from webhooks alike: only the
 * fields it uses, everything else let through. A related object is an id or, expanded, an
 * object with that id.
 */
const id = z.string().min(1).max(255);

const related = z
  .union([id, z.looseObject({ id })])
  .transform((value) => (typeof value === 'string' ? value : value.id));

const metadata = z.record(z.string(), z.string()).nullable().optional();

export const checkoutSessionSchema = z.looseObject({
  id,
  object: z.literal('checkout.session'),
  mode: z.enum(['payment', 'subscription', 'setup']),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: z.number().int().nullable().optional(),
  currency: z.string().nullable().optional(),
  client_reference_id: z.string().nullable().optional(),
  customer: related.nullable().optional(),
  customer_email: z.string().nullable().optional(),
  customer_details: z
    .looseObject({ email: z.string().nullable().optional() })
    .nullable()
    .optional(),
  payment_intent: related.nullable().optional(),
  subscription: related.nullable().optional(),
  invoice: related.nullable().optional(),
  metadata,
});
export type StripeCheckoutSession = z.infer<typeof checkoutSessionSchema>;

export function toCheckoutDetails(session: StripeCheckoutSession): CheckoutDetails {
  return {
    id: session.id,
    // Never created by this product; read like a payment so nothing downstream breaks.
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    // Stripe leaves it null only on sessions older than the field.
    status: session.status ?? 'open',
    paymentStatus: session.payment_status,
    amountTotalCents: session.amount_total ?? null,
    currency: session.currency ?? null,
    clientReferenceId: session.client_reference_id ?? null,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    customerId: session.customer ?? null,
    paymentIntentId: session.payment_intent ?? null,
    subscriptionId: session.subscription ?? null,
    invoiceId: session.invoice ?? null,
    metadata: readMetadata(session.metadata),
  };
}

export const invoiceSchema = z.looseObject({
  id,
  object: z.literal('invoice'),
  status: z.string().nullable().optional(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  billing_reason: z.string().nullable().optional(),
  attempt_count: z.number().int().optional(),
  customer: related.nullable().optional(),
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({ subscription: related, metadata })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  payments: z
    .looseObject({
      data: z.array(
        z.looseObject({
          status: z.string().optional(),
          payment: z.looseObject({ payment_intent: related.optional() }),
        }),
      ),
    })
    .optional(),
  metadata,
});

export const chargeSchema = z.looseObject({
  id,
  object: z.literal('charge'),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  refunded: z.boolean(),
  currency: z.string(),
  payment_intent: related.nullable().optional(),
  metadata,
});

export const refundSchema = z.looseObject({
  id,
  object: z.literal('refund'),
  amount: z.number().int(),
  status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'canceled']),
  payment_intent: related.nullable().optional(),
  charge: related.nullable().optional(),
});

export const subscriptionSchema = z.looseObject({
  id,
  object: z.literal('subscription'),
  status: z.string(),
  schedule: related.nullable().optional(),
});

const scheduleItemSchema = z.looseObject({
  price: related,
  quantity: z.number().int().optional(),
});

export const subscriptionScheduleSchema = z.looseObject({
  id,
  object: z.literal('subscription_schedule'),
  end_behavior: z.string().optional(),
  phases: z.array(
    z.looseObject({
      start_date: z.number().int(),
      end_date: z.number().int().nullable().optional(),
      items: z.array(scheduleItemSchema).min(1),
    }),
  ),
});

export const invoicePaymentListSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      status: z.string(),
      payment: z.looseObject({ payment_intent: related.optional() }),
    }),
  ),
});
