import type { PlanId } from '@cbp/core';

/** What the checkout, the subscription and their payments carry back in every event. */
export interface PaymentMetadata {
  leadId: string;
  /** Null when the lead has no account yet. */
  userId: string | null;
  plan: PlanId;
  /** The signed contract the checkout was opened for; null on checkouts opened before it was sent. */
  contractId: string | null;
}

export interface CreateCheckoutInput {
  plan: PlanId;
  /** The lead the fee is paid for: Stripe's client_reference_id and metadata.leadId. */
  caseRef: string;
  /** The signed contract it pays: metadata.contractId, on the subscription's too. */
  contractId: string;
  userId: string | null;
  /** Prefills the checkout page; the person can still change it there. */
  customerEmail: string | undefined;
  /** May contain `{CHECKOUT_SESSION_ID}`, replaced by the session's id as Stripe does. */
  successUrl: string;
  cancelUrl: string;
  /** The same key gives back the same session instead of a second one. */
  idempotencyKey: string;
}

export interface CreatedCheckout {
  id: string;
  /** The checkout page to send the browser to. */
  url: string;
}

export type CheckoutStatus = 'open' | 'complete' | 'expired';
export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

export interface CheckoutDetails {
  id: string;
  mode: 'payment' | 'subscription';
  status: CheckoutStatus;
  paymentStatus: CheckoutPaymentStatus;
  /** What the first payment charges (the whole fee, or the split plan's first invoice). */
  amountTotalCents: number | null;
  /** Lowercase ISO 4217, as Stripe writes it: 'eur'. */
  currency: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  customerId: string | null;
  /** The single payment's PaymentIntent; null in subscription mode. */
  paymentIntentId: string | null;
  /** The split plan's subscription, once the checkout is complete. */
  subscriptionId: string | null;
  /** The split plan's first invoice, once the checkout is complete. */
  invoiceId: string | null;
  /** Ours when the checkout was created by this product; null otherwise. */
  metadata: PaymentMetadata | null;
}

export interface RefundInput {
  /** A PaymentIntent (pi_…) or a charge (ch_…, py_…). */
  paymentIntentOrCharge: string;
  /** Part of the payment; the whole remaining amount when absent. */
  amountCents?: number;
  idempotencyKey: string;
}

export interface RefundResult {
  id: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  amountCents: number;
  paymentIntentId: string | null;
  chargeId: string | null;
}

export interface InstalmentScheduleInput {
  /** The subscription the split plan's checkout created. */
  subscriptionId: string;
  idempotencyKey: string;
}

export interface InstalmentSchedule {
  scheduleId: string;
  /** When the subscription ends on its own, after the last instalment's period. */
  endsAt: Date | null;
}

/**
 * The one interface of the card payment gateway (decision 0480): Stripe's API and the embedded
 * sandbox. Payments are confirmed only by the signed webhooks, never by a redirect.
 */
export interface PaymentGateway {
  readonly kind: 'stripe' | 'sandbox';
  createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout>;
  /** `undefined` when the gateway has no such session. */
  retrieveCheckout(id: string): Promise<CheckoutDetails | undefined>;
  /** Closes an open checkout so it can no longer be paid; one already closed is left as it is. */
  expireCheckout(id: string): Promise<void>;
  /**
   * Split plan, once its checkout is complete: the subscription ends by itself after the first
   * invoice (initial payment) and the monthly instalments. Calling it again changes nothing.
   */
  scheduleInstalments(input: InstalmentScheduleInput): Promise<InstalmentSchedule>;
  /** Split plan: stops the instalments still to come (withdrawal, end of the contract). */
  cancelInstalments(input: InstalmentScheduleInput): Promise<void>;
  /** The PaymentIntent that paid an invoice (to refund an instalment); `undefined` if unpaid. */
  invoicePaymentIntent(invoiceId: string): Promise<string | undefined>;
  refund(input: RefundInput): Promise<RefundResult>;
}

export type PaymentFailure = 'timeout' | 'unavailable' | 'rejected' | 'invalid-answer';

const failureMessages: Record<PaymentFailure, string> = {
  timeout:
    'El servicio de pago con tarjeta no ha respondido a tiempo. Inténtalo de nuevo en unos minutos.',
  unavailable:
    'El servicio de pago con tarjeta no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  rejected:
    'El servicio de pago con tarjeta ha rechazado la operación. Si se repite, avisa al despacho.',
  'invalid-answer':
    'El servicio de pago con tarjeta ha dado una respuesta que no se entiende. Inténtalo de nuevo más tarde.',
};

/** A failure of the gateway; its message is Spanish and safe to show. */
export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';

  constructor(
    readonly failure: PaymentFailure,
    /** What happened, for the logs: never shown. */
    readonly detail: string,
    readonly status?: number,
  ) {
    super(failureMessages[failure]);
  }
}
