import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { paymentSandboxPayments, paymentSandboxSessions } from '../../../db/schema';
import { CHECKOUT_LOCALE } from '../charges';
import type { RefundResult } from '../types';

export type SandboxSession = typeof paymentSandboxSessions.$inferSelect;
export type SandboxPayment = typeof paymentSandboxPayments.$inferSelect;

/** An event as Stripe posts it to a webhook endpoint. */
export interface StripeShapedEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An identifier spelt like Stripe's test-mode ones: prefix, underscore, 24 letters or digits. */
export function stripeLikeId(prefix: string): string {
  const bytes = randomBytes(24);
  let body = '';
  for (const byte of bytes) body += ALPHABET[byte % ALPHABET.length] ?? 'a';
  return `${prefix}_${body}`;
}

export function unix(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** Stripe's placeholder in success URLs. */
export function successUrlFor(session: Pick<SandboxSession, 'id' | 'successUrl'>): string {
  return session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

/** Expired by the product (a new signature, a withdrawal) or by the passing of its lifetime. */
export function isExpired(session: SandboxSession, now: Date): boolean {
  return (
    session.status === 'expired' ||
    (session.status === 'open' && now.getTime() > session.expiresAt.getTime())
  );
}

export function refundResult(id: string, amount: number, payment: SandboxPayment): RefundResult {
  return {
    id,
    status: 'succeeded',
    amountCents: amount,
    paymentIntentId: payment.paymentIntentId,
    chargeId: payment.chargeId,
  };
}

export function event(type: string, object: Record<string, unknown>, now: Date): StripeShapedEvent {
  return {
    id: stripeLikeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: unix(now),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

function metadataOf(session: SandboxSession): Record<string, string> {
  return session.metadata as Record<string, string>;
}

/** A Checkout Session as Stripe shows it, with the fields the product reads. */
export function checkoutObject(
  session: SandboxSession,
  now: Date,
): Record<string, unknown> & { status: 'open' | 'complete' | 'expired' } {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    status: isExpired(session, now) ? 'expired' : session.status,
    payment_status: session.paymentStatus,
    amount_subtotal: session.amountTotalCents,
    amount_total: session.amountTotalCents,
    currency: session.currency,
    client_reference_id: session.clientReferenceId,
    customer: session.customerId,
    customer_email: session.customerEmail,
    customer_details:
      session.status === 'complete' ? { email: session.customerEmail, name: null } : null,
    invoice: session.invoiceId,
    locale: CHECKOUT_LOCALE,
    metadata: metadataOf(session),
    payment_intent: session.mode === 'payment' ? session.paymentIntentId : null,
    subscription: session.subscriptionId,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    created: unix(session.createdAt),
    expires_at: unix(session.expiresAt),
    livemode: false,
  };
}

function subscriptionParent(session: SandboxSession): Record<string, unknown> {
  return {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { subscription: session.subscriptionId, metadata: metadataOf(session) },
  };
}

interface InvoiceState {
  id: string | null;
  status: 'paid' | 'open';
  dueCents: number;
  paidCents: number;
  attempts: number;
  billingReason: string | null;
}

function invoiceShape(
  session: SandboxSession,
  invoice: InvoiceState,
  now: Date,
): Record<string, unknown> {
  return {
    id: invoice.id,
    object: 'invoice',
    status: invoice.status,
    amount_due: invoice.dueCents,
    amount_paid: invoice.paidCents,
    amount_remaining: invoice.dueCents - invoice.paidCents,
    attempt_count: invoice.attempts,
    attempted: true,
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    currency: session.currency,
    customer: session.customerId,
    customer_email: session.customerEmail,
    parent: subscriptionParent(session),
    metadata: {},
    created: unix(now),
    livemode: false,
  };
}

/** The invoice a payment settled. */
export function invoiceObject(
  session: SandboxSession,
  payment: SandboxPayment,
  attempts: number,
  now: Date,
): Record<string, unknown> {
  const { invoiceId: id, amountCents, billingReason } = payment;
  const state = { id, dueCents: amountCents, paidCents: amountCents, attempts, billingReason };
  return invoiceShape(session, { ...state, status: 'paid' }, now);
}

/** A monthly invoice whose charge failed. */
export function unpaidInvoiceObject(
  session: SandboxSession,
  invoiceId: string,
  attempts: number,
  now: Date,
): Record<string, unknown> {
  const dueCents = session.monthlyCents ?? 0;
  const state = { id: invoiceId, dueCents, paidCents: 0, attempts };
  return invoiceShape(
    session,
    { ...state, status: 'open', billingReason: 'subscription_cycle' },
    now,
  );
}

export function chargeObject(
  session: SandboxSession,
  payment: SandboxPayment,
): Record<string, unknown> {
  return {
    id: payment.chargeId,
    object: 'charge',
    amount: payment.amountCents,
    amount_captured: payment.amountCents,
    amount_refunded: payment.amountRefundedCents,
    refunded: payment.amountRefundedCents >= payment.amountCents,
    captured: true,
    paid: true,
    status: 'succeeded',
    currency: session.currency,
    customer: session.customerId,
    payment_intent: payment.paymentIntentId,
    // Stripe copies the PaymentIntent's metadata: only the single payment's carries ours.
    metadata: session.mode === 'payment' ? metadataOf(session) : {},
    created: unix(payment.createdAt),
    livemode: false,
  };
}
