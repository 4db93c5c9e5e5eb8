import Stripe from 'stripe';
import { z } from 'zod';
import { CHECKOUT_LOCALE, CHECKOUT_TEXTS, CURRENCY, metadataParams, planCharges } from './charges';
import {
  checkoutSessionSchema,
  invoicePaymentListSchema,
  refundSchema,
  subscriptionScheduleSchema,
  subscriptionSchema,
  toCheckoutDetails,
} from './stripe-objects';
import {
  type CheckoutDetails,
  type CreateCheckoutInput,
  type CreatedCheckout,
  type InstalmentSchedule,
  type InstalmentScheduleInput,
  type PaymentGateway,
  PaymentGatewayError,
  type RefundInput,
  type RefundResult,
} from './types';

export interface StripeGatewayOptions {
  secretKey: string;
  /** Stripe's API, or another host speaking it (a local fake in tests). */
  apiUrl: string;
  timeoutMs: number;
  /** Automatic retries of a failed request; each keeps its Idempotency-Key. */
  maxNetworkRetries?: number;
}

const createdCheckoutSchema = z.looseObject({
  id: z.string().min(1).max(255),
  url: z.url({ protocol: /^https?$/ }),
});

/** Card payments through Stripe Checkout, Subscriptions and Subscription Schedules (decision 0480). */
export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe';
  private readonly stripe: Stripe;

  constructor(options: StripeGatewayOptions) {
    const api = new URL(options.apiUrl);
    const protocol = api.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(options.secretKey, {
      host: api.hostname,
      port: api.port === '' ? (protocol === 'http' ? 80 : 443) : Number(api.port),
      protocol,
      timeout: options.timeoutMs,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      telemetry: false,
    });
  }

  async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
    const metadata = metadataParams({
      leadId: input.caseRef,
      userId: input.userId,
      plan: input.plan,
      contractId: input.contractId,
    });
    const common: Stripe.Checkout.SessionCreateParams = {
      client_reference_id: input.caseRef,
      metadata,
      locale: CHECKOUT_LOCALE,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      allowed_payment_method_types: ['card'],
      ...(input.customerEmail === undefined ? {} : { customer_email: input.customerEmail }),
    };
    let params: Stripe.Checkout.SessionCreateParams;
    if (input.plan === 'unico') {
      const charge = planCharges('unico');
      params = {
        ...common,
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: charge.totalCents,
              product_data: CHECKOUT_TEXTS.unico,
            },
          },
        ],
        // The charge, and so its refunds, carry the lead too.
        payment_intent_data: { metadata, description: CHECKOUT_TEXTS.unico.name },
      };
    } else {
      const charges = planCharges('fraccionado');
      params = {
        ...common,
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: charges.monthlyCents,
              recurring: { interval: 'month', interval_count: 1 },
              product_data: CHECKOUT_TEXTS.fraccionadoMonthly,
            },
          },
          {
            // A one-time price in subscription mode is billed on the first invoice only.
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: charges.firstInvoiceExtraCents,
              product_data: CHECKOUT_TEXTS.fraccionadoInitial,
            },
          },
        ],
        // Every invoice of the subscription carries these, so each instalment names its lead.
        subscription_data: { metadata, description: CHECKOUT_TEXTS.fraccionadoSubscription },
      };
    }
    const session = await this.call('POST /v1/checkout/sessions', () =>
      this.stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }),
    );
    const parsed = createdCheckoutSchema.safeParse(session);
    if (!parsed.success) throw invalid('POST /v1/checkout/sessions', parsed.error);
    return { id: parsed.data.id, url: parsed.data.url };
  }

  async retrieveCheckout(id: string): Promise<CheckoutDetails | undefined> {
    if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(id)) return undefined;
    const call = 'GET /v1/checkout/sessions/{id}';
    const session = await this.callOrMissing(call, () =>
      this.stripe.checkout.sessions.retrieve(id),
    );
    if (session === undefined) return undefined;
    const parsed = checkoutSessionSchema.safeParse(session);
    if (!parsed.success) throw invalid(call, parsed.error);
    return toCheckoutDetails(parsed.data);
  }

  async expireCheckout(id: string): Promise<void> {
    if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(id)) return;
    try {
      await this.call('POST /v1/checkout/sessions/{id}/expire', () =>
        this.stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `caducar:${id}` }),
      );
    } catch (error) {
      // Stripe refuses to expire a session that is no longer open: that is the wanted end.
      if (error instanceof PaymentGatewayError && error.status === 400) {
        const session = await this.retrieveCheckout(id);
        if (session === undefined || session.status !== 'open') return;
      }
      throw error;
    }
  }

  /**
   * Stripe cannot create a schedule from a subscription and set its phases in one call: it is
   * created from the subscription, then given one phase of `billingPeriods` months that ends the
   * subscription (end_behavior 'cancel').
   */
  async scheduleInstalments(input: InstalmentScheduleInput): Promise<InstalmentSchedule> {
    const charges = planCharges('fraccionado');
    const subscription = subscriptionSchema.safeParse(
      await this.call('GET /v1/subscriptions/{id}', () =>
        this.stripe.subscriptions.retrieve(input.subscriptionId),
      ),
    );
    if (!subscription.success) throw invalid('GET /v1/subscriptions/{id}', subscription.error);
    let scheduleId = subscription.data.schedule ?? undefined;
    if (scheduleId === undefined) {
      const created = subscriptionScheduleSchema.safeParse(
        await this.call('POST /v1/subscription_schedules', () =>
          this.stripe.subscriptionSchedules.create(
            { from_subscription: input.subscriptionId },
            { idempotencyKey: `${input.idempotencyKey}:crear` },
          ),
        ),
      );
      if (!created.success) throw invalid('POST /v1/subscription_schedules', created.error);
      scheduleId = created.data.id;
    }
    const id = scheduleId;
    const current = subscriptionScheduleSchema.safeParse(
      await this.call('GET /v1/subscription_schedules/{id}', () =>
        this.stripe.subscriptionSchedules.retrieve(id),
      ),
    );
    if (!current.success) throw invalid('GET /v1/subscription_schedules/{id}', current.error);
    const [phase] = current.data.phases;
    const [item] = phase?.items ?? [];
    if (phase === undefined || item === undefined) {
      throw new PaymentGatewayError('invalid-answer', `schedule ${id} has no phase to extend`);
    }
    const updated = subscriptionScheduleSchema.safeParse(
      await this.call('POST /v1/subscription_schedules/{id}', () =>
        this.stripe.subscriptionSchedules.update(
          id,
          {
            end_behavior: 'cancel',
            proration_behavior: 'none',
            phases: [
              {
                start_date: phase.start_date,
                items: [{ price: item.price, quantity: item.quantity ?? 1 }],
                duration: { interval: 'month', interval_count: charges.billingPeriods },
                proration_behavior: 'none',
              },
            ],
          },
          { idempotencyKey: `${input.idempotencyKey}:fases` },
        ),
      ),
    );
    if (!updated.success) throw invalid('POST /v1/subscription_schedules/{id}', updated.error);
    const end = updated.data.phases.at(-1)?.end_date ?? null;
    return { scheduleId: id, endsAt: end === null ? null : new Date(end * 1000) };
  }

  async cancelInstalments(input: InstalmentScheduleInput): Promise<void> {
    const subscription = subscriptionSchema.safeParse(
      await this.call('GET /v1/subscriptions/{id}', () =>
        this.stripe.subscriptions.retrieve(input.subscriptionId),
      ),
    );
    if (!subscription.success) throw invalid('GET /v1/subscriptions/{id}', subscription.error);
    if (subscription.data.status === 'canceled') return;
    await this.call('DELETE /v1/subscriptions/{id}', () =>
      this.stripe.subscriptions.cancel(
        input.subscriptionId,
        { prorate: false, invoice_now: false },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
  }

  async invoicePaymentIntent(invoiceId: string): Promise<string | undefined> {
    const list = invoicePaymentListSchema.safeParse(
      await this.call('GET /v1/invoice_payments', () =>
        this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 }),
      ),
    );
    if (!list.success) throw invalid('GET /v1/invoice_payments', list.error);
    return list.data.data.find((payment) => payment.payment.payment_intent !== undefined)?.payment
      .payment_intent;
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const target = input.paymentIntentOrCharge.startsWith('pi_')
      ? { payment_intent: input.paymentIntentOrCharge }
      : { charge: input.paymentIntentOrCharge };
    const refund = refundSchema.safeParse(
      await this.call('POST /v1/refunds', () =>
        this.stripe.refunds.create(
          {
            ...target,
            ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
            reason: 'requested_by_customer',
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );
    if (!refund.success) throw invalid('POST /v1/refunds', refund.error);
    return {
      id: refund.data.id,
      status: refund.data.status,
      amountCents: refund.data.amount,
      paymentIntentId: refund.data.payment_intent ?? null,
      chargeId: refund.data.charge ?? null,
    };
  }

  private async call<T>(name: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw failureOf(error, name);
    }
  }

  /** Like `call`, with Stripe's "no such object" read as `undefined`. */
  private async callOrMissing<T>(name: string, request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeError &&
        (error.statusCode === 404 || error.code === 'resource_missing')
      ) {
        return undefined;
      }
      throw failureOf(error, name);
    }
  }
}

function invalid(call: string, error: z.ZodError): PaymentGatewayError {
  return new PaymentGatewayError('invalid-answer', `${call}: ${z.prettifyError(error)}`);
}

function failureOf(error: unknown, call: string): PaymentGatewayError {
  if (error instanceof PaymentGatewayError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const detail = `${call}: ${error.type} ${String(error.statusCode ?? '')} ${error.code ?? ''} ${error.message}`;
    if (error instanceof Stripe.errors.StripeConnectionError) {
      const timedOut = /timeout/i.test(error.message);
      return new PaymentGatewayError(timedOut ? 'timeout' : 'unavailable', detail);
    }
    const status = error.statusCode;
    // 429 is Stripe asking us to slow down: like an outage, it passes.
    const passing =
      error instanceof Stripe.errors.StripeRateLimitError ||
      error instanceof Stripe.errors.StripeAPIError ||
      (status !== undefined && status >= 500);
    return new PaymentGatewayError(passing ? 'unavailable' : 'rejected', detail, status);
  }
  const detail = `${call}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  return new PaymentGatewayError('unavailable', detail);
}
