import { and, count, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import {
  paymentSandboxPayments,
  paymentSandboxRefunds,
  paymentSandboxSessions,
} from '../../../db/schema';
import { CURRENCY, metadataParams, planCharges, readMetadata } from '../charges';
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
} from '../types';
import { EventDelivery, type SentEvent, type WarnLogger } from './delivery';
import {
  addMonths,
  checkoutObject,
  chargeObject,
  event,
  invoiceObject,
  isExpired,
  refundResult,
  type SandboxPayment,
  type SandboxSession,
  stripeLikeId,
  type StripeShapedEvent,
  unpaidInvoiceObject,
} from './objects';

export const PAYMENT_SANDBOX_PREFIX = '/sandbox/stripe';

/** Stripe's default lifetime of a Checkout Session. */
export const CHECKOUT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The product's stand-in for Stripe, in the embedded default only: checkout sessions,
 * subscriptions, payments and refunds in the database, and the same signed events Stripe sends,
 * posted to this server's webhook endpoint.
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly kind = 'sandbox';
  private readonly events: EventDelivery;

  constructor(
    private readonly db: Database,
    /** The address the checkout page is reached at, e.g. http://127.0.0.1:3000. */
    private readonly baseUrl: () => string,
    /** Where the events go: this server's Stripe webhook endpoint. */
    webhookUrl: () => string,
    /** The `whsec_…` key the events are signed with, the one the endpoint verifies. */
    webhookSecret: string,
  ) {
    this.events = new EventDelivery(webhookUrl, webhookSecret);
  }

  /** Where failed deliveries of events sent in the background are reported. */
  useLogger(log: WarnLogger): void {
    this.events.useLogger(log);
  }

  async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
    const [existing] = await this.db
      .select()
      .from(paymentSandboxSessions)
      .where(eq(paymentSandboxSessions.idempotencyKey, input.idempotencyKey));
    if (existing !== undefined) {
      if (existing.plan !== input.plan || existing.clientReferenceId !== input.caseRef) {
        throw new PaymentGatewayError(
          'rejected',
          'Idempotency-Key reused with other parameters',
          400,
        );
      }
      return { id: existing.id, url: this.checkoutUrl(existing.id) };
    }
    const charges = planCharges(input.plan);
    const id = stripeLikeId('cs_test');
    const now = new Date();
    const [inserted] = await this.db
      .insert(paymentSandboxSessions)
      .values({
        id,
        idempotencyKey: input.idempotencyKey,
        plan: input.plan,
        mode: charges.mode,
        amountTotalCents:
          charges.mode === 'payment' ? charges.totalCents : charges.firstInvoiceCents,
        monthlyCents: charges.mode === 'payment' ? null : charges.monthlyCents,
        currency: CURRENCY,
        clientReferenceId: input.caseRef,
        customerEmail: input.customerEmail ?? null,
        metadata: metadataParams({
          leadId: input.caseRef,
          userId: input.userId,
          plan: input.plan,
          contractId: input.contractId,
        }),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        status: 'open',
        paymentStatus: 'unpaid',
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
      })
      .onConflictDoNothing({ target: paymentSandboxSessions.idempotencyKey })
      .returning({ id: paymentSandboxSessions.id });
    // Two requests with one key at once: the other one's session is the answer.
    if (inserted === undefined) return this.createCheckout(input);
    return { id: inserted.id, url: this.checkoutUrl(inserted.id) };
  }

  checkoutUrl(id: string): string {
    return `${this.baseUrl()}${PAYMENT_SANDBOX_PREFIX}/checkout/${id}`;
  }

  async findSession(id: string): Promise<SandboxSession | undefined> {
    if (!/^cs_test_[A-Za-z0-9]{1,100}$/.test(id)) return undefined;
    const [row] = await this.db
      .select()
      .from(paymentSandboxSessions)
      .where(eq(paymentSandboxSessions.id, id));
    return row;
  }

  async retrieveCheckout(id: string): Promise<CheckoutDetails | undefined> {
    const session = await this.findSession(id);
    if (session === undefined) return undefined;
    const object = checkoutObject(session, new Date());
    return {
      id: session.id,
      mode: session.mode,
      status: object.status,
      paymentStatus: session.paymentStatus,
      amountTotalCents: session.amountTotalCents,
      currency: session.currency,
      clientReferenceId: session.clientReferenceId,
      customerEmail: session.customerEmail,
      customerId: session.customerId,
      paymentIntentId: session.mode === 'payment' ? session.paymentIntentId : null,
      subscriptionId: session.subscriptionId,
      invoiceId: session.invoiceId,
      metadata: readMetadata(session.metadata as Record<string, string>),
    };
  }

  /** As Stripe's expire: an open session can no longer be paid; any other is left as it is. */
  async expireCheckout(id: string): Promise<void> {
    await this.db
      .update(paymentSandboxSessions)
      .set({ status: 'expired' })
      .where(and(eq(paymentSandboxSessions.id, id), eq(paymentSandboxSessions.status, 'open')));
  }

  /**
   * The person pays on the checkout page: the session completes and Stripe's events go to the
   * webhook endpoint (checkout.session.completed; for the split plan also invoice.paid for the
   * first invoice) before the browser is sent back. `undefined` when it was not open.
   */
  async pay(
    id: string,
    now: Date,
  ): Promise<{ session: SandboxSession; sent: SentEvent[] } | undefined> {
    const completed = await this.db.transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(paymentSandboxSessions)
        .where(eq(paymentSandboxSessions.id, id))
        .for('update');
      if (session === undefined || session.status !== 'open' || isExpired(session, now)) {
        return undefined;
      }
      const subscription = session.mode === 'subscription';
      const payment: SandboxPayment = {
        paymentIntentId: stripeLikeId('pi'),
        chargeId: stripeLikeId('ch'),
        sessionId: session.id,
        invoiceId: subscription ? stripeLikeId('in') : null,
        billingReason: subscription ? 'subscription_create' : null,
        amountCents: session.amountTotalCents,
        amountRefundedCents: 0,
        createdAt: now,
      };
      const [updated] = await tx
        .update(paymentSandboxSessions)
        .set({
          status: 'complete',
          paymentStatus: 'paid',
          customerId: stripeLikeId('cus'),
          paymentIntentId: payment.paymentIntentId,
          invoiceId: payment.invoiceId,
          subscriptionId: subscription ? stripeLikeId('sub') : null,
          subscriptionStatus: subscription ? 'active' : null,
          completedAt: now,
        })
        .where(eq(paymentSandboxSessions.id, id))
        .returning();
      await tx.insert(paymentSandboxPayments).values(payment);
      return updated === undefined ? undefined : { session: updated, payment };
    });
    if (completed === undefined) return undefined;
    const { session, payment } = completed;
    const events = [event('checkout.session.completed', checkoutObject(session, now), now)];
    if (payment.invoiceId !== null) {
      events.push(event('invoice.paid', invoiceObject(session, payment, 1, now), now));
    }
    const sent: SentEvent[] = [];
    // One after the other, in the order Stripe usually sends them.
    for (const item of events)
      sent.push({ event: item, delivery: await this.events.deliver(item) });
    return { session, sent };
  }

  async scheduleInstalments(input: InstalmentScheduleInput): Promise<InstalmentSchedule> {
    const session = await this.sessionOfSubscription(input.subscriptionId);
    const billingPeriods = planCharges('fraccionado').billingPeriods;
    const scheduleId = session.scheduleId ?? stripeLikeId('sub_sched');
    await this.db
      .update(paymentSandboxSessions)
      .set({ scheduleId, scheduledInvoices: billingPeriods })
      .where(eq(paymentSandboxSessions.id, session.id));
    const start = session.completedAt ?? session.createdAt;
    return { scheduleId, endsAt: addMonths(start, billingPeriods) };
  }

  async cancelInstalments(input: InstalmentScheduleInput): Promise<void> {
    const session = await this.sessionOfSubscription(input.subscriptionId);
    await this.db
      .update(paymentSandboxSessions)
      .set({ subscriptionStatus: 'canceled', openInvoiceId: null })
      .where(eq(paymentSandboxSessions.id, session.id));
  }

  async invoicePaymentIntent(invoiceId: string): Promise<string | undefined> {
    const [payment] = await this.db
      .select({ id: paymentSandboxPayments.paymentIntentId })
      .from(paymentSandboxPayments)
      .where(eq(paymentSandboxPayments.invoiceId, invoiceId));
    return payment?.id;
  }

  /** Like Stripe, the refund is answered at once and charge.refunded follows on its own. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const outcome = await this.recordRefund(input, new Date());
    if (outcome.event !== undefined) this.events.deliverLater(outcome.event);
    return outcome.result;
  }

  /** The next monthly instalment is charged and paid (invoice.paid), as Stripe does each month. */
  async payInstalment(subscriptionId: string, now = new Date()): Promise<SentEvent> {
    const made = await this.db.transaction(async (tx) => {
      const session = await this.sessionOfSubscription(subscriptionId, tx);
      await this.billableInvoices(session, tx);
      const payment: SandboxPayment = {
        paymentIntentId: stripeLikeId('pi'),
        chargeId: stripeLikeId('ch'),
        sessionId: session.id,
        invoiceId: session.openInvoiceId ?? stripeLikeId('in'),
        billingReason: 'subscription_cycle',
        amountCents: session.monthlyCents ?? 0,
        amountRefundedCents: 0,
        createdAt: now,
      };
      await tx.insert(paymentSandboxPayments).values(payment);
      await tx
        .update(paymentSandboxSessions)
        .set({ openInvoiceId: null, openInvoiceAttempts: 0 })
        .where(eq(paymentSandboxSessions.id, session.id));
      return { session, payment, attempts: session.openInvoiceAttempts + 1 };
    });
    const paid = event(
      'invoice.paid',
      invoiceObject(made.session, made.payment, made.attempts, now),
      now,
    );
    return { event: paid, delivery: await this.events.deliver(paid) };
  }

  /** The next monthly instalment's charge fails (invoice.payment_failed); the next attempt pays it. */
  async failInstalment(subscriptionId: string, now = new Date()): Promise<SentEvent> {
    const failed = await this.db.transaction(async (tx) => {
      const session = await this.sessionOfSubscription(subscriptionId, tx);
      await this.billableInvoices(session, tx);
      const invoiceId = session.openInvoiceId ?? stripeLikeId('in');
      const attempts = session.openInvoiceAttempts + 1;
      await tx
        .update(paymentSandboxSessions)
        .set({ openInvoiceId: invoiceId, openInvoiceAttempts: attempts })
        .where(eq(paymentSandboxSessions.id, session.id));
      return { session, invoiceId, attempts };
    });
    const object = unpaidInvoiceObject(failed.session, failed.invoiceId, failed.attempts, now);
    const sent = event('invoice.payment_failed', object, now);
    return { event: sent, delivery: await this.events.deliver(sent) };
  }

  /** A refund made by the firm outside the product (Stripe's dashboard): charge.refunded. */
  async refundPayment(
    input: Omit<RefundInput, 'idempotencyKey'>,
    now = new Date(),
  ): Promise<SentEvent> {
    const outcome = await this.recordRefund(
      { ...input, idempotencyKey: stripeLikeId('panel') },
      now,
    );
    if (outcome.event === undefined) {
      throw new PaymentGatewayError('invalid-answer', 'a new refund produced no event');
    }
    return { event: outcome.event, delivery: await this.events.deliver(outcome.event) };
  }

  /** Resolves once every event sent in the background has been delivered or has failed. */
  idle(): Promise<void> {
    return this.events.idle();
  }

  private async recordRefund(
    input: RefundInput,
    now: Date,
  ): Promise<{ result: RefundResult; event: StripeShapedEvent | undefined }> {
    return this.db.transaction(async (tx) => {
      const key = input.paymentIntentOrCharge;
      const [payment] = await tx
        .select()
        .from(paymentSandboxPayments)
        .where(
          key.startsWith('pi_')
            ? eq(paymentSandboxPayments.paymentIntentId, key)
            : eq(paymentSandboxPayments.chargeId, key),
        )
        .for('update');
      if (payment === undefined) {
        throw new PaymentGatewayError('rejected', `No such payment: ${key}`, 404);
      }
      const [previous] = await tx
        .select()
        .from(paymentSandboxRefunds)
        .where(eq(paymentSandboxRefunds.idempotencyKey, input.idempotencyKey));
      if (previous !== undefined) {
        return {
          result: refundResult(previous.id, previous.amountCents, payment),
          event: undefined,
        };
      }
      const remaining = payment.amountCents - payment.amountRefundedCents;
      const amount = input.amountCents ?? remaining;
      if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
        throw new PaymentGatewayError(
          'rejected',
          `Refund of ${String(amount)} cents on ${key}, ${String(remaining)} left to refund`,
          400,
        );
      }
      const id = stripeLikeId('re');
      await tx.insert(paymentSandboxRefunds).values({
        id,
        idempotencyKey: input.idempotencyKey,
        paymentIntentId: payment.paymentIntentId,
        amountCents: amount,
        createdAt: now,
      });
      const [updated] = await tx
        .update(paymentSandboxPayments)
        .set({ amountRefundedCents: payment.amountRefundedCents + amount })
        .where(eq(paymentSandboxPayments.paymentIntentId, payment.paymentIntentId))
        .returning();
      const [session] = await tx
        .select()
        .from(paymentSandboxSessions)
        .where(eq(paymentSandboxSessions.id, payment.sessionId));
      if (updated === undefined || session === undefined) {
        throw new PaymentGatewayError('invalid-answer', `payment ${key} vanished`);
      }
      return {
        result: refundResult(id, amount, payment),
        event: event('charge.refunded', chargeObject(session, updated), now),
      };
    });
  }

  private async sessionOfSubscription(
    subscriptionId: string,
    executor: Executor = this.db,
  ): Promise<SandboxSession> {
    const [session] = await executor
      .select()
      .from(paymentSandboxSessions)
      .where(eq(paymentSandboxSessions.subscriptionId, subscriptionId));
    if (session === undefined) {
      throw new PaymentGatewayError('rejected', `No such subscription: ${subscriptionId}`, 404);
    }
    return session;
  }

  /** Refuses an instalment of a canceled subscription or one past its schedule's end. */
  private async billableInvoices(session: SandboxSession, executor: Executor): Promise<number> {
    if (session.subscriptionStatus !== 'active') {
      throw new PaymentGatewayError(
        'rejected',
        `Subscription ${String(session.subscriptionId)} is canceled`,
        400,
      );
    }
    const [row] = await executor
      .select({ paid: count() })
      .from(paymentSandboxPayments)
      .where(
        and(
          eq(paymentSandboxPayments.sessionId, session.id),
          eq(paymentSandboxPayments.billingReason, 'subscription_cycle'),
        ),
      );
    const invoices = (row?.paid ?? 0) + 1;
    if (session.scheduledInvoices !== null && invoices >= session.scheduledInvoices) {
      throw new PaymentGatewayError(
        'rejected',
        `Subscription ${String(session.subscriptionId)} has billed all ${String(session.scheduledInvoices)} invoices of its schedule`,
        400,
      );
    }
    return invoices;
  }
}
