import { RULES } from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { checkoutSessions, payments, signedContracts } from '../../db/schema';
import { isUuid } from '../../lib/sql-filters';
import type { CheckoutDetails } from '../../providers/payments';
import { recordAudit } from '../audit/service';
import { lockCase } from '../case-access/access';
import { enqueueMail } from '../mail/outbox';
import {
  refusedPaymentFirmMail,
  refusedPaymentMail,
  refusedRefundFailedFirmMail,
  type RefusalReason,
} from './mails';
import { recordPaid, SYSTEM_ACTOR, type LeadRow } from './records';
import { currentContract, type ContractRow } from './status';

/*
 * A card checkout is bound to the contract it was opened for (decision 0550): a new signature or
 * a withdrawal closes the case's open checkouts, and a checkout paid all the same is refused,
 * refunded and told to the firm instead of being applied to whatever contract is current.
 */

type CheckoutState = (typeof checkoutSessions.$inferSelect)['state'];

/** A checkout just opened for a contract, kept so that a later signature or withdrawal closes it. */
export async function recordOpenedCheckout(
  executor: Executor,
  checkout: { id: string; leadId: string; contractId: string; state: CheckoutState },
): Promise<void> {
  await executor
    .insert(checkoutSessions)
    .values({ ...checkout, closedAt: checkout.state === 'abierta' ? null : new Date() })
    .onConflictDoNothing();
}

/** Marks the case's open checkouts expired in the caller's transaction; their ids, for the gateway. */
export async function expireOpenCheckouts(tx: Transaction, leadId: string): Promise<string[]> {
  const rows = await tx
    .update(checkoutSessions)
    .set({ state: 'caducada', closedAt: new Date() })
    .where(and(eq(checkoutSessions.leadId, leadId), eq(checkoutSessions.state, 'abierta')))
    .returning({ id: checkoutSessions.id });
  return rows.map((row) => row.id);
}

/** Closes the checkouts at the gateway once expired here; one paid all the same is refunded. */
export async function expireAtGateway(
  ctx: AppContext,
  ids: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const id of ids) {
    try {
      await ctx.payments.gateway.expireCheckout(id);
    } catch (error) {
      log.warn({ err: error, checkout: id }, 'No se pudo cerrar una página de pago anterior');
    }
  }
}

/** What became of a checkout this product opened or saw paid; undefined for one it never saw. */
export async function checkoutStateOf(
  executor: Executor,
  checkoutId: string,
): Promise<{ leadId: string; state: CheckoutState } | undefined> {
  const [row] = await executor
    .select({ leadId: checkoutSessions.leadId, state: checkoutSessions.state })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, checkoutId));
  return row;
}

/** Split plan: the subscription ends by itself after its instalments (decision 0480). */
export function scheduleInstalmentsLater(
  ctx: AppContext,
  log: FastifyBaseLogger,
  subscriptionId: string,
): void {
  ctx.background.run('programar-cuotas', log, async () => {
    await ctx.payments.gateway.scheduleInstalments({
      subscriptionId,
      idempotencyKey: `cuotas:${subscriptionId}`,
    });
  });
}

/** What a completed checkout did to its case. */
export type CheckoutOutcome = 'applied' | 'unchanged' | 'refused' | 'ignored';

/**
 * Why a paid checkout cannot be the first payment of the contract it names, or null when it can:
 * that contract must be the case's current one, signed for card, neither withdrawn nor paid, of
 * the plan paid and for the plan's first charge.
 */
function refusalOf(
  checkout: CheckoutDetails,
  named: ContractRow | undefined,
  current: ContractRow | undefined,
): RefusalReason | null {
  if (named === undefined || checkout.metadata === null) return 'sin-contrato';
  if (named.id !== current?.id) return 'contrato-sustituido';
  if (named.withdrawnAt !== null) return 'contrato-desistido';
  if (named.startedAt !== null) return 'contrato-ya-pagado';
  if (named.method !== 'tarjeta') return 'forma-de-pago-distinta';
  if (checkout.metadata.plan !== named.plan) return 'plan-distinto';
  const expected = Math.round(RULES.plans[named.plan].pago_inicial * 100);
  if (checkout.amountTotalCents !== null && checkout.amountTotalCents !== expected) {
    return 'importe-distinto';
  }
  return null;
}

/** The contract a checkout names, if it is one of this case's. */
async function namedContract(
  tx: Transaction,
  leadId: string,
  contractId: string,
): Promise<ContractRow | undefined> {
  if (!isUuid(contractId)) return undefined;
  const [row] = await tx
    .select()
    .from(signedContracts)
    .where(and(eq(signedContracts.id, contractId), eq(signedContracts.leadId, leadId)));
  return row;
}

/**
 * A completed and paid checkout of this product: the first payment of the contract it was opened
 * for, recorded once whether the webhook or the success page's server-side check sees it first.
 * Paid for a contract no longer in force, it is refused: logged, audited, told to the firm and
 * the client, and refunded (its subscription cancelled) once the transaction is committed.
 */
export async function applyPaidCheckout(
  ctx: AppContext,
  tx: Transaction,
  checkout: CheckoutDetails,
  log: FastifyBaseLogger,
): Promise<CheckoutOutcome> {
  if (checkout.status !== 'complete' || checkout.paymentStatus !== 'paid') return 'ignored';
  const leadId = checkout.metadata?.leadId ?? checkout.clientReferenceId;
  if (leadId === null || !isUuid(leadId)) {
    log.warn({ checkout: checkout.id }, 'Pago con tarjeta sin caso: no se registra');
    return 'ignored';
  }
  // The case's lock: a signature or a withdrawal at the same moment waits for this, or goes first.
  const lead = await lockCase(tx, leadId);
  if (lead === undefined) {
    log.error({ checkout: checkout.id, leadId }, 'Pago con tarjeta de un caso que no existe');
    return 'ignored';
  }
  const [opened] = await tx
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, checkout.id));
  if (opened?.state === 'rechazada') return 'refused';
  if (opened?.state === 'aplicada') return 'unchanged';
  const [recorded] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerRef, checkout.id));
  if (recorded !== undefined) return 'unchanged';

  const current = await currentContract(tx, lead.id);
  // A checkout opened before they named their contract is taken as the current contract's.
  const contractId = checkout.metadata?.contractId ?? opened?.contractId ?? current?.id;
  const named = contractId === undefined ? undefined : await namedContract(tx, lead.id, contractId);
  const reason = refusalOf(checkout, named, current);
  if (reason !== null || named === undefined) {
    await refuseCheckout(
      ctx,
      tx,
      { lead, checkout, contractId: named?.id ?? null, reason: reason ?? 'sin-contrato' },
      log,
    );
    return 'refused';
  }
  const contract = named;
  const paid = await recordPaid(ctx, tx, {
    lead,
    contract,
    kind: contract.plan === 'unico' ? 'unico' : 'inicial',
    instalment: null,
    amountCents:
      checkout.amountTotalCents ?? Math.round(RULES.plans[contract.plan].pago_inicial * 100),
    method: 'tarjeta',
    providerRef: checkout.id,
    paymentIntentId: checkout.paymentIntentId,
    invoiceId: checkout.invoiceId,
    subscriptionId: checkout.subscriptionId,
    paidAt: new Date(),
    staffId: null,
    actor: SYSTEM_ACTOR,
    action: 'payment.confirmed',
  });
  if (paid === undefined) return 'unchanged';
  await closeCheckout(tx, {
    id: checkout.id,
    leadId: lead.id,
    contractId: contract.id,
    state: 'aplicada',
    reason: null,
    paymentIntentId: checkout.paymentIntentId,
    subscriptionId: checkout.subscriptionId,
  });
  if (checkout.subscriptionId !== null) {
    scheduleInstalmentsLater(ctx, log, checkout.subscriptionId);
  }
  return 'applied';
}

async function closeCheckout(
  tx: Transaction,
  row: {
    id: string;
    leadId: string;
    contractId: string | null;
    state: 'aplicada' | 'rechazada';
    reason: RefusalReason | null;
    paymentIntentId: string | null;
    subscriptionId: string | null;
  },
): Promise<void> {
  const closedAt = new Date();
  await tx
    .insert(checkoutSessions)
    .values({ ...row, closedAt })
    .onConflictDoUpdate({
      target: checkoutSessions.id,
      set: {
        state: row.state,
        reason: row.reason,
        paymentIntentId: row.paymentIntentId,
        subscriptionId: row.subscriptionId,
        closedAt,
      },
    });
}

interface Refusal {
  lead: LeadRow;
  checkout: CheckoutDetails;
  contractId: string | null;
  reason: RefusalReason;
}

async function refuseCheckout(
  ctx: AppContext,
  tx: Transaction,
  { lead, checkout, contractId, reason }: Refusal,
  log: FastifyBaseLogger,
): Promise<void> {
  const amountCents = checkout.amountTotalCents ?? 0;
  log.error(
    { checkout: checkout.id, leadId: lead.id, contractId, reason },
    'Pago con tarjeta que no corresponde al contrato en vigor: no se aplica y se devuelve',
  );
  await closeCheckout(tx, {
    id: checkout.id,
    leadId: lead.id,
    contractId,
    state: 'rechazada',
    reason,
    paymentIntentId: checkout.paymentIntentId,
    subscriptionId: checkout.subscriptionId,
  });
  await recordAudit(tx, {
    ...SYSTEM_ACTOR,
    action: 'payment.rejected',
    subjectType: 'lead',
    subjectId: lead.id,
    after: {
      sesion: checkout.id,
      contrato: contractId,
      motivo: reason,
      importe: amountCents / 100,
      suscripcion: checkout.subscriptionId,
    },
  });
  const notice = refusedNotice(ctx, lead, checkout, reason);
  await enqueueMail(tx, ctx.config.mailFrom, [
    { to: ctx.config.firmEmail, mail: refusedPaymentFirmMail(notice) },
    {
      to: lead.email,
      mail: refusedPaymentMail({ nombre: lead.nombre, amountCents, areaLink: ctx.links.billing() }),
    },
  ]);
  ctx.background.run('devolver-pago-no-aplicado', log, () =>
    refundRefused(ctx, { lead, checkout, contractId, reason }, log),
  );
}

function refusedNotice(
  ctx: AppContext,
  lead: LeadRow,
  checkout: CheckoutDetails,
  reason: RefusalReason,
) {
  return {
    nombre: lead.nombre,
    apellidos: lead.apellidos,
    email: lead.email,
    leadId: lead.id,
    checkoutId: checkout.id,
    amountCents: checkout.amountTotalCents ?? 0,
    reason,
    subscriptionId: checkout.subscriptionId,
    leadLink: ctx.links.staffLead(lead.id),
  };
}

/** Waits a few seconds at most for the refusal of `checkoutId` to be visible outside its transaction. */
async function refusalCommitted(ctx: AppContext, checkoutId: string): Promise<boolean> {
  for (const pause of REFUSAL_COMMIT_WAITS_MS) {
    await sleep(pause);
    const [row] = await ctx.db
      .select({ state: checkoutSessions.state })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkoutId));
    if (row?.state === 'rechazada') return true;
  }
  return false;
}

const REFUSAL_COMMIT_WAITS_MS = [0, 50, 200, 500, 1_000, 2_000] as const;

/**
 * Returns a refused checkout's money through the gateway and cancels the subscription it opened.
 * If the gateway refuses, the firm is told to do it by hand: the money never silently stays.
 */
async function refundRefused(
  ctx: AppContext,
  { lead, checkout, reason }: Refusal,
  log: FastifyBaseLogger,
): Promise<void> {
  const { gateway } = ctx.payments;
  // Started from inside the transaction that refuses the payment: money goes back only once that
  // refusal is committed. Rolled back, the gateway sends its event again and it is refused anew.
  if (!(await refusalCommitted(ctx, checkout.id))) {
    log.error(
      { checkout: checkout.id, leadId: lead.id },
      'El rechazo del pago no llegó a guardarse: no se devuelve ahora',
    );
    return;
  }
  try {
    const intent =
      checkout.paymentIntentId ??
      (checkout.invoiceId === null
        ? undefined
        : await gateway.invoicePaymentIntent(checkout.invoiceId));
    let refund: { id: string; amountCents: number } | null = null;
    if (intent !== undefined) {
      // Kept before asking, so the refund's event is known as this checkout's when it arrives.
      await ctx.db
        .update(checkoutSessions)
        .set({ paymentIntentId: intent })
        .where(eq(checkoutSessions.id, checkout.id));
      refund = await gateway.refund({
        paymentIntentOrCharge: intent,
        idempotencyKey: `no-aplicado:${checkout.id}`,
      });
    }
    if (checkout.subscriptionId !== null) {
      await gateway.cancelInstalments({
        subscriptionId: checkout.subscriptionId,
        idempotencyKey: `cancelar:${checkout.subscriptionId}`,
      });
    }
    if (refund === null) throw new Error(`checkout ${checkout.id} has no payment to refund`);
    await recordAudit(ctx.db, {
      ...SYSTEM_ACTOR,
      action: 'payment.refund_requested',
      subjectType: 'lead',
      subjectId: lead.id,
      after: {
        motivo: reason,
        sesion: checkout.id,
        tarjeta: [{ refund: refund.id, cents: refund.amountCents }],
        suscripcionCancelada: checkout.subscriptionId,
      },
    });
  } catch (error) {
    log.error(
      { err: error, checkout: checkout.id, leadId: lead.id },
      'No se pudo devolver un pago no aplicado: el despacho debe devolverlo a mano',
    );
    await ctx.db.transaction(async (tx) => {
      await recordAudit(tx, {
        ...SYSTEM_ACTOR,
        action: 'payment.refund_failed',
        subjectType: 'lead',
        subjectId: lead.id,
        after: { sesion: checkout.id, motivo: reason },
      });
      await enqueueMail(tx, ctx.config.mailFrom, [
        {
          to: ctx.config.firmEmail,
          mail: refusedRefundFailedFirmMail(refusedNotice(ctx, lead, checkout, reason)),
        },
      ]);
    });
    ctx.mailEnqueued();
  }
}

/** The refused checkout a refunded PaymentIntent belongs to, if any. */
export async function refusedCheckoutOfIntent(
  executor: Executor,
  paymentIntentId: string,
): Promise<{ id: string; leadId: string } | undefined> {
  const [row] = await executor
    .select({ id: checkoutSessions.id, leadId: checkoutSessions.leadId })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.paymentIntentId, paymentIntentId),
        eq(checkoutSessions.state, 'rechazada'),
      ),
    );
  return row;
}

/** Whether a subscription was opened by a refused checkout: its invoices are not the case's. */
export async function subscriptionRefused(
  executor: Executor,
  subscriptionId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.subscriptionId, subscriptionId),
        eq(checkoutSessions.state, 'rechazada'),
      ),
    );
  return row !== undefined;
}
