import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { readMetadata } from './charges';
import {
  chargeSchema,
  checkoutSessionSchema,
  invoiceSchema,
  toCheckoutDetails,
} from './stripe-objects';
import type { CheckoutDetails, PaymentMetadata } from './types';

/**
 * Stripe's webhook signature (decision 0480): `Stripe-Signature: t=<unix seconds>,v1=<hex>`,
 * the hex HMAC-SHA256 of `${t}.${raw body}` keyed with the whole `whsec_…` secret. Several v1
 * values may come while a secret is being rolled; any one of them may match.
 */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Where Stripe (or the sandbox) posts the events: the endpoint configured in Stripe's dashboard. */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

export function stripeSignature(
  secret: string,
  timestamp: number,
  rawBody: string | Buffer,
): string {
  return createHmac('sha256', secret)
    .update(`${String(timestamp)}.`)
    .update(rawBody)
    .digest('hex');
}

/** The header the sandbox sends, as Stripe does. */
export function stripeSignatureHeader(secret: string, rawBody: string | Buffer, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${String(timestamp)},v1=${stripeSignature(secret, timestamp, rawBody)}`;
}

export type StripeSignatureCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export interface StripeVerifyOptions {
  secret: string;
  rawBody: Buffer;
  header: string | undefined;
  now: Date;
  toleranceSeconds: number;
}

/** Whether a webhook comes from Stripe (or the sandbox), unchanged and recent. */
export function verifyStripeSignature(options: StripeVerifyOptions): StripeSignatureCheck {
  const { header } = options;
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing' };
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 1) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed' };
  // Stripe's libraries refuse only old timestamps; one far ahead of our clock is refused too.
  if (Math.abs(options.now.getTime() / 1000 - timestamp) > options.toleranceSeconds) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(stripeSignature(options.secret, timestamp, options.rawBody), 'hex');
  const matches = signatures.some(
    (given) => given.length === expected.length && timingSafeEqual(given, expected),
  );
  return matches ? { ok: true } : { ok: false, reason: 'mismatch' };
}

export interface InvoiceDetails {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  amountDueCents: number;
  amountPaidCents: number;
  currency: string;
  /** subscription_create for the first invoice, subscription_cycle for each instalment. */
  billingReason: string | null;
  attemptCount: number;
  /** Present when the event carries the invoice's payments; else ask the gateway. */
  paymentIntentId: string | null;
  /** The subscription's metadata as the invoice carries it. */
  metadata: PaymentMetadata | null;
}

export interface ChargeDetails {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  amountRefundedCents: number;
  /** True once the whole charge has been refunded. */
  refunded: boolean;
  currency: string;
  metadata: PaymentMetadata | null;
}

export const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
] as const;
export const INVOICE_EVENT_TYPES = ['invoice.paid', 'invoice.payment_failed'] as const;
export const CHARGE_EVENT_TYPES = ['charge.refunded'] as const;

interface EventBase {
  /** Stripe's event id (evt_…): what makes it handled once. */
  id: string;
  created: Date;
  livemode: boolean;
}

/** A Stripe webhook as the product handles it. */
export type PaymentEvent = EventBase &
  (
    | { type: (typeof CHECKOUT_EVENT_TYPES)[number]; checkout: CheckoutDetails }
    | { type: (typeof INVOICE_EVENT_TYPES)[number]; invoice: InvoiceDetails }
    | { type: (typeof CHARGE_EVENT_TYPES)[number]; charge: ChargeDetails }
    /** A type the product does not act on: acknowledged, kept, not handled. */
    | { type: 'ignored'; stripeType: string }
  );

const envelopeSchema = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string().min(1).max(200),
  created: z.number().int().nonnegative(),
  livemode: z.boolean().optional(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Reads a verified body; `undefined` when it is not an event this product can read. */
export function parsePaymentEvent(rawBody: Buffer): PaymentEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return undefined;
  const { type, data } = envelope.data;
  const base: EventBase = {
    id: envelope.data.id,
    created: new Date(envelope.data.created * 1000),
    livemode: envelope.data.livemode ?? false,
  };
  if (isOneOf(CHECKOUT_EVENT_TYPES, type)) {
    const session = checkoutSessionSchema.safeParse(data.object);
    if (!session.success) return undefined;
    return { ...base, type, checkout: toCheckoutDetails(session.data) };
  }
  if (isOneOf(INVOICE_EVENT_TYPES, type)) {
    const invoice = invoiceSchema.safeParse(data.object);
    if (!invoice.success) return undefined;
    const value = invoice.data;
    const subscription = value.parent?.subscription_details ?? null;
    const paid = value.payments?.data.find((payment) => payment.status === 'paid');
    return {
      ...base,
      type,
      invoice: {
        id: value.id,
        subscriptionId: subscription?.subscription ?? null,
        customerId: value.customer ?? null,
        amountDueCents: value.amount_due,
        amountPaidCents: value.amount_paid,
        currency: value.currency,
        billingReason: value.billing_reason ?? null,
        attemptCount: value.attempt_count ?? 0,
        paymentIntentId: paid?.payment.payment_intent ?? null,
        metadata: readMetadata(subscription?.metadata) ?? readMetadata(value.metadata),
      },
    };
  }
  if (isOneOf(CHARGE_EVENT_TYPES, type)) {
    const charge = chargeSchema.safeParse(data.object);
    if (!charge.success) return undefined;
    const value = charge.data;
    return {
      ...base,
      type,
      charge: {
        id: value.id,
        paymentIntentId: value.payment_intent ?? null,
        amountCents: value.amount,
        amountRefundedCents: value.amount_refunded,
        refunded: value.refunded,
        currency: value.currency,
        metadata: readMetadata(value.metadata),
      },
    };
  }
  return { ...base, type: 'ignored', stripeType: type };
}

/** The Stripe object an event is about, kept beside it in webhook_events. */
export function paymentEventSubject(event: PaymentEvent): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
      return event.checkout.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return event.invoice.subscriptionId ?? event.invoice.id;
    case 'charge.refunded':
      return event.charge.paymentIntentId ?? event.charge.id;
    case 'ignored':
      return null;
  }
}
