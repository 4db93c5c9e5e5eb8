import { RULES } from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNotNull, sum } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { leads, payments } from '../../db/schema';
import { isUuid } from '../../lib/sql-filters';
import type { ChargeDetails, InvoiceDetails, PaymentEvent } from '../../providers/payments';
import { recordAudit } from '../audit/service';
import { PAYMENT_METHOD_LABELS } from '../contract/input';
import { enqueueMail } from '../mail/outbox';
import type { PaymentEventHandler } from '../payments/webhook-routes';
import { accountLine, instalmentFailedMail, refundMail } from './mails';
import {
  paidInstalments,
  recordPaid,
  SYSTEM_ACTOR,
  transferReferenceOf,
  type LeadRow,
} from './records';
import { applyPaidCheckout, refusedCheckoutOfIntent, subscriptionRefused } from './checkouts';
import { currentContract, type ContractRow } from './status';

interface CaseOf {
  lead: LeadRow;
  contract: ContractRow;
}

/** The case a subscription's invoice belongs to: by our metadata, else by its first payment. */
async function caseOfInvoice(
  tx: Transaction,
  invoice: InvoiceDetails,
  log: FastifyBaseLogger,
): Promise<CaseOf | undefined> {
  if (invoice.subscriptionId !== null && (await subscriptionRefused(tx, invoice.subscriptionId))) {
    // Its cancellation failed and the firm was told to finish it by hand (decision 0550).
    log.error(
      { invoice: invoice.id, subscriptionId: invoice.subscriptionId },
      'Cuota de una suscripción de un pago no aplicado: cancélala y devuélvela en Stripe',
    );
    return undefined;
  }
  let leadId = invoice.metadata?.leadId;
  if ((leadId === undefined || !isUuid(leadId)) && invoice.subscriptionId !== null) {
    const [first] = await tx
      .select({ leadId: payments.leadId })
      .from(payments)
      .where(eq(payments.subscriptionId, invoice.subscriptionId))
      .limit(1);
    leadId = first?.leadId;
  }
  if (leadId === undefined || !isUuid(leadId)) return undefined;
  const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId));
  const contract = lead === undefined ? undefined : await currentContract(tx, lead.id);
  return lead === undefined || contract === undefined ? undefined : { lead, contract };
}

async function instalmentPaid(
  ctx: AppContext,
  tx: Transaction,
  invoice: InvoiceDetails,
  log: FastifyBaseLogger,
): Promise<void> {
  // The first invoice is the initial payment, recorded with its checkout.
  if (invoice.billingReason === 'subscription_create') return;
  const found = await caseOfInvoice(tx, invoice, log);
  if (found === undefined) {
    log.error({ invoice: invoice.id }, 'Cuota cobrada de un caso desconocido');
    return;
  }
  const number = (await paidInstalments(tx, found.contract.id)) + 1;
  if (number > RULES.plans.fraccionado.cuotas) {
    log.error({ invoice: invoice.id, number }, 'Cuota cobrada de más: revísala en Stripe');
  }
  await recordPaid(ctx, tx, {
    ...found,
    kind: 'cuota',
    instalment: number,
    amountCents: invoice.amountPaidCents,
    method: 'tarjeta',
    providerRef: invoice.id,
    paymentIntentId: invoice.paymentIntentId,
    invoiceId: invoice.id,
    subscriptionId: invoice.subscriptionId,
    paidAt: new Date(),
    staffId: null,
    actor: SYSTEM_ACTOR,
    action: 'payment.confirmed',
  });
}

async function instalmentFailed(
  ctx: AppContext,
  tx: Transaction,
  invoice: InvoiceDetails,
  log: FastifyBaseLogger,
): Promise<void> {
  const found = await caseOfInvoice(tx, invoice, log);
  if (found === undefined) {
    log.error({ invoice: invoice.id }, 'Cuota no cobrada de un caso desconocido');
    return;
  }
  const { lead, contract } = found;
  const [row] = await tx
    .insert(payments)
    .values({
      leadId: lead.id,
      contractId: contract.id,
      kind: 'cuota',
      instalment: (await paidInstalments(tx, contract.id)) + 1,
      amountCents: invoice.amountDueCents,
      method: 'tarjeta',
      state: 'fallido',
      providerRef: `${invoice.id}:intento-${String(invoice.attemptCount)}`,
      invoiceId: invoice.id,
      subscriptionId: invoice.subscriptionId,
      paidAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (row === undefined) return;
  await recordAudit(tx, {
    ...SYSTEM_ACTOR,
    action: 'payment.failed',
    subjectType: 'lead',
    subjectId: lead.id,
    after: {
      pago: row.id,
      cuota: row.instalment,
      importe: row.amountCents / 100,
      intento: invoice.attemptCount,
    },
  });
  await enqueueMail(tx, ctx.config.mailFrom, [
    {
      to: lead.email,
      mail: instalmentFailedMail({
        nombre: lead.nombre,
        amountCents: row.amountCents,
        intento: invoice.attemptCount,
        referencia: await transferReferenceOf(tx, lead.id),
        cuentas: ctx.config.transferAccounts.map(accountLine),
        areaLink: ctx.links.billing(),
      }),
    },
  ]);
}

async function chargeRefunded(
  ctx: AppContext,
  tx: Transaction,
  charge: ChargeDetails,
  log: FastifyBaseLogger,
): Promise<void> {
  if (charge.paymentIntentId === null) return;
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.paymentIntentId, charge.paymentIntentId), eq(payments.state, 'pagado')))
    .limit(1);
  if (paid === undefined) {
    const refused = await refusedCheckoutOfIntent(tx, charge.paymentIntentId);
    if (refused === undefined) {
      log.error({ charge: charge.id }, 'Devolución de un pago que no está registrado');
      return;
    }
    // The refund of a payment not applied to its case (decision 0550): the money is back.
    log.info({ charge: charge.id, checkout: refused.id }, 'Devuelto un pago no aplicado');
    await recordAudit(tx, {
      ...SYSTEM_ACTOR,
      action: 'payment.refunded',
      subjectType: 'lead',
      subjectId: refused.leadId,
      after: {
        sesion: refused.id,
        importe: charge.amountRefundedCents / 100,
        metodo: 'tarjeta',
        cargo: charge.id,
        noAplicado: true,
      },
    });
    return;
  }
  const [already] = await tx
    .select({ total: sum(payments.amountCents) })
    .from(payments)
    .where(
      and(
        eq(payments.paymentIntentId, charge.paymentIntentId),
        eq(payments.kind, 'reembolso'),
        isNotNull(payments.providerRef),
      ),
    );
  const amount = charge.amountRefundedCents - Number(already?.total ?? 0);
  if (amount <= 0) return;
  const [row] = await tx
    .insert(payments)
    .values({
      leadId: paid.leadId,
      contractId: paid.contractId,
      kind: 'reembolso',
      instalment: paid.instalment,
      amountCents: amount,
      method: 'tarjeta',
      state: 'pagado',
      providerRef: `${charge.id}:devuelto-${String(charge.amountRefundedCents)}`,
      paymentIntentId: charge.paymentIntentId,
      paidAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (row === undefined) return;
  const [lead] = await tx.select().from(leads).where(eq(leads.id, paid.leadId));
  if (lead === undefined) return;
  await recordAudit(tx, {
    ...SYSTEM_ACTOR,
    action: 'payment.refunded',
    subjectType: 'lead',
    subjectId: lead.id,
    after: { pago: row.id, importe: amount / 100, metodo: 'tarjeta', cargo: charge.id },
  });
  await enqueueMail(tx, ctx.config.mailFrom, [
    {
      to: lead.email,
      mail: refundMail({
        nombre: lead.nombre,
        amountCents: amount,
        metodo: PAYMENT_METHOD_LABELS.tarjeta,
        motivo: 'Devolución del pago con tarjeta',
        areaLink: ctx.links.billing(),
      }),
    },
  ]);
}

/**
 * What each verified payment event does, the first time it arrives and inside the transaction
 * that records it (decision 0480): payments, receipts, CLIENTE, failed instalments, refunds.
 */
export function billingEventHandler(ctx: AppContext, log: FastifyBaseLogger): PaymentEventHandler {
  return async (event: PaymentEvent, tx: Transaction) => {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await applyPaidCheckout(ctx, tx, event.checkout, log);
        break;
      case 'checkout.session.async_payment_failed':
        break;
      case 'invoice.paid':
        await instalmentPaid(ctx, tx, event.invoice, log);
        break;
      case 'invoice.payment_failed':
        await instalmentFailed(ctx, tx, event.invoice, log);
        break;
      case 'charge.refunded':
        await chargeRefunded(ctx, tx, event.charge, log);
        break;
      case 'ignored':
        break;
    }
  };
}
