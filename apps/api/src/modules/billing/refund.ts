import {
  BILLING_MESSAGES,
  RULES,
  type BillingStatus,
  type RefundRequest,
  refundReasonFor,
} from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { payments, signedContracts } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { leadRow, lockCase, sessionCase } from '../case-access/access';
import type { AccessClaims } from '../../lib/access-token';
import { PAYMENT_METHOD_LABELS } from '../contract/input';
import { enqueueMail } from '../mail/outbox';
import { enqueueSessionMail } from '../mail/recipient-cap';
import { expireAtGateway, expireOpenCheckouts } from './checkouts';
import { refundMail, withdrawalFirmMail, withdrawalMail } from './mails';
import type { Actor } from './records';
import {
  billingStatusOf,
  contractPayments,
  currentContract,
  paidCents,
  refundedCents,
  withdrawalLastDay,
  type ContractRow,
  type PaymentRow,
} from './status';
import { clientActor, gatewayFailure } from './service';

/**
 * POST /api/contrato/desistimiento (decision 0486): within 14 calendar days of the start, or any
 * time before paying. Instalments to come are cancelled at once; the refund is made by the firm.
 */
export async function withdraw(
  ctx: AppContext,
  claims: AccessClaims,
  ip: string,
  log: FastifyBaseLogger,
): Promise<BillingStatus> {
  const { lead, email } = await sessionCase(ctx, claims);
  const today = ctx.today();
  withdrawableOrRefuse(await currentContract(ctx.db, lead.id), today);
  const now = new Date();
  const { rows, expired } = await ctx.db.transaction(async (tx) => {
    // Under the case's lock a card payment arriving now is either counted here or refused.
    await lockCase(tx, lead.id);
    const contract = await currentContract(tx, lead.id);
    withdrawableOrRefuse(contract, today);
    const lastDay = withdrawalLastDay(contract);
    const payments = await contractPayments(tx, contract.id);
    const refunded = refundedCents(payments);
    const paid = paidCents(payments) - refunded;
    const updated = await tx
      .update(signedContracts)
      .set({ withdrawnAt: now })
      .where(and(eq(signedContracts.id, contract.id), isNull(signedContracts.withdrawnAt)))
      .returning({ id: signedContracts.id });
    if (updated.length === 0) throw new ApiError(409, BILLING_MESSAGES.alreadyWithdrawn);
    const closed = await expireOpenCheckouts(tx, lead.id);
    await recordAudit(tx, {
      ...clientActor(claims, email, ip),
      action: 'contract.withdrawn',
      subjectType: 'lead',
      subjectId: lead.id,
      after: {
        contrato: contract.id,
        dia: today,
        plazoHasta: lastDay,
        pagado: paid / 100,
        devuelto: refunded / 100,
        pagosCaducados: closed,
      },
    });
    await enqueueSessionMail(
      tx,
      ctx.config.mailFrom,
      { claims, lead },
      {
        to: lead.email,
        mail: withdrawalMail({
          nombre: lead.nombre,
          desistidoEn: now,
          pendienteCents: paid,
          devueltoCents: refunded,
          areaLink: ctx.links.billing(),
        }),
      },
    );
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: ctx.config.firmEmail,
        mail: withdrawalFirmMail({
          nombre: lead.nombre,
          apellidos: lead.apellidos,
          email: lead.email,
          leadId: lead.id,
          desistidoEn: now,
          pagadoCents: paid + refunded,
          devueltoCents: refunded,
          devolverAntesDe: refundDeadline(today),
          leadLink: ctx.links.staffLead(lead.id),
        }),
      },
    ]);
    return { rows: payments, expired: closed };
  });
  ctx.mailEnqueued();
  await expireAtGateway(ctx, expired, log);
  await cancelInstalments(ctx, rows, log);
  return billingStatusOf(ctx.db, lead.id);
}

/** Refuses a withdrawal without a contract, from one withdrawn, or after the last day. */
function withdrawableOrRefuse(
  contract: ContractRow | undefined,
  today: string,
): asserts contract is ContractRow {
  if (contract === undefined) throw new ApiError(409, BILLING_MESSAGES.contractNotFound);
  if (contract.withdrawnAt !== null) throw new ApiError(409, BILLING_MESSAGES.alreadyWithdrawn);
  const lastDay = withdrawalLastDay(contract);
  if (lastDay !== null && today > lastDay) {
    throw new ApiError(409, BILLING_MESSAGES.withdrawalClosed);
  }
}

/** The last day to return what was paid after a withdrawal communicated `today`. */
function refundDeadline(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + RULES.contract.refundCalendarDays);
  return date.toISOString().slice(0, 10);
}

async function cancelInstalments(
  ctx: AppContext,
  rows: { subscriptionId: string | null }[],
  log: FastifyBaseLogger,
): Promise<void> {
  const subscriptions = new Set(
    rows.flatMap((row) => (row.subscriptionId === null ? [] : [row.subscriptionId])),
  );
  for (const subscriptionId of subscriptions) {
    try {
      await ctx.payments.gateway.cancelInstalments({
        subscriptionId,
        idempotencyKey: `cancelar:${subscriptionId}`,
      });
    } catch (error) {
      // The firm is told by e-mail and cancels it by hand if the gateway is down.
      log.error({ err: error, subscriptionId }, 'No se pudieron cancelar las cuotas pendientes');
    }
  }
}

const REFUND_REASONS: Record<RefundRequest['motivo'], string> = {
  desistimiento: 'Desistimiento del contrato',
  'banco-rechaza': 'Garantía de devolución: la entidad financiera ha rechazado la solicitud',
};

/**
 * Staff refunds everything paid (decision 0486): card payments through the gateway (the refund
 * rows come with charge.refunded), transfers as a record of the transfer made by the firm.
 */
export async function refundCase(
  ctx: AppContext,
  leadId: string,
  request: RefundRequest,
  actor: Actor & { actorId: string },
  log: FastifyBaseLogger,
): Promise<BillingStatus> {
  const lead = await leadRow(ctx.db, leadId);
  const contract = await currentContract(ctx.db, lead.id);
  const rows = contract === undefined ? [] : await contractPayments(ctx.db, contract.id);
  refundableOrRefuse(contract, rows);
  reasonMatchesOrRefuse(contract, request.motivo);
  const refundedByIntent = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === 'reembolso' && row.paymentIntentId !== null) {
      refundedByIntent.set(
        row.paymentIntentId,
        (refundedByIntent.get(row.paymentIntentId) ?? 0) + row.amountCents,
      );
    }
  }
  const paidRows = rows.filter((row) => row.kind !== 'reembolso' && row.state === 'pagado');
  const cardRequests: { payment: string; refund: string; cents: number }[] = [];
  for (const row of paidRows.filter((item) => item.method === 'tarjeta')) {
    try {
      const intent =
        row.paymentIntentId ??
        (row.invoiceId === null
          ? undefined
          : await ctx.payments.gateway.invoicePaymentIntent(row.invoiceId));
      if (intent === undefined) {
        log.error({ payment: row.id }, 'Pago con tarjeta sin PaymentIntent: no se puede devolver');
        continue;
      }
      if (row.paymentIntentId === null) {
        await ctx.db
          .update(payments)
          .set({ paymentIntentId: intent })
          .where(eq(payments.id, row.id));
      }
      if ((refundedByIntent.get(intent) ?? 0) >= row.amountCents) continue;
      // Its idempotency key makes a second request for the same payment the same refund.
      const refund = await ctx.payments.gateway.refund({
        paymentIntentOrCharge: intent,
        idempotencyKey: `reembolso:${row.id}`,
      });
      cardRequests.push({ payment: row.id, refund: refund.id, cents: refund.amountCents });
    } catch (error) {
      gatewayFailure(error);
    }
  }
  await ctx.db.transaction(async (tx) => {
    // What is still owed by transfer is read under the case's lock, so pressing twice refunds once.
    await lockCase(tx, lead.id);
    const locked = await contractPayments(tx, contract.id);
    if (cardRequests.length === 0) refundableOrRefuse(contract, locked);
    // A withdrawal that arrived while the card refunds were asked for changes the reason's facts.
    reasonMatchesOrRefuse(await currentContract(tx, lead.id), request.motivo);
    const transferDue = transferOwed(locked);
    if (cardRequests.length === 0 && transferDue <= 0) {
      throw new ApiError(409, BILLING_MESSAGES.alreadyRefunded);
    }
    await recordAudit(tx, {
      ...actor,
      action: 'payment.refund_requested',
      subjectType: 'lead',
      subjectId: lead.id,
      after: {
        motivo: request.motivo,
        nota: request.nota ?? null,
        tarjeta: cardRequests,
        transferencia: Math.max(0, transferDue) / 100,
      },
    });
    if (transferDue > 0) {
      const [row] = await tx
        .insert(payments)
        .values({
          leadId: lead.id,
          contractId: contract.id,
          kind: 'reembolso',
          instalment: null,
          amountCents: transferDue,
          method: 'transferencia',
          state: 'pagado',
          staffId: actor.actorId,
          note: request.nota ?? null,
          paidAt: new Date(),
        })
        .returning({ id: payments.id });
      await recordAudit(tx, {
        ...actor,
        action: 'payment.refunded',
        subjectType: 'lead',
        subjectId: lead.id,
        after: { pago: row?.id ?? null, importe: transferDue / 100, metodo: 'transferencia' },
      });
      await enqueueMail(tx, ctx.config.mailFrom, [
        {
          to: lead.email,
          mail: refundMail({
            nombre: lead.nombre,
            amountCents: transferDue,
            metodo: PAYMENT_METHOD_LABELS.transferencia,
            motivo: REFUND_REASONS[request.motivo],
            areaLink: ctx.links.billing(),
          }),
        },
      ]);
    }
  });
  ctx.mailEnqueued();
  await cancelInstalments(ctx, rows, log);
  return billingStatusOf(ctx.db, lead.id);
}

/** Refuses a refund of a case with nothing paid (409), or whose payments were all refunded. */
function refundableOrRefuse(
  contract: ContractRow | undefined,
  rows: readonly PaymentRow[],
): asserts contract is ContractRow {
  const paid = paidCents(rows);
  if (contract === undefined || paid <= 0) {
    throw new ApiError(409, BILLING_MESSAGES.nothingToRefund);
  }
  if (paid - refundedCents(rows) <= 0) throw new ApiError(409, BILLING_MESSAGES.alreadyRefunded);
}

/**
 * Refuses a refund whose reason is not the case's (decision 0601): withdrawal only once the client
 * has withdrawn, the bank's refusal only while the contract stands.
 */
function reasonMatchesOrRefuse(
  contract: ContractRow | undefined,
  motivo: RefundRequest['motivo'],
): void {
  const withdrawn = contract?.withdrawnAt != null;
  if (refundReasonFor(withdrawn) === motivo) return;
  throw new ApiError(
    409,
    withdrawn ? BILLING_MESSAGES.refundWithdrawn : BILLING_MESSAGES.refundNotWithdrawn,
  );
}

/** What was paid by transfer and not yet returned, in cents. */
function transferOwed(rows: readonly PaymentRow[]): number {
  const byTransfer = rows.filter((row) => row.method === 'transferencia');
  return paidCents(byTransfer) - refundedCents(byTransfer);
}
