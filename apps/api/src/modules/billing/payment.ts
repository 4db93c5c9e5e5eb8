import {
  BILLING_MESSAGES,
  emailSchema,
  PAYMENT_TYPE_BY_PLAN,
  planChargeAmount,
  RULES,
  type BillingStatus,
  type CheckoutSessionQuery,
  type CheckoutSessionResponse,
  type PaymentRequest,
  type TransferInstructions,
  type TransferReceiptRequest,
  TRANSFER_PROCESSING_TEXT,
} from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, messages } from '../../lib/errors';
import { isUuid } from '../../lib/sql-filters';
import type { CheckoutDetails } from '../../providers/payments';
import { leadRow, loadOwnedLead, lockCase, sessionCase } from '../case-access/access';
import type { AccessClaims } from '../../lib/access-token';
import {
  applyPaidCheckout,
  checkoutStateOf,
  expireAtGateway,
  recordOpenedCheckout,
} from './checkouts';
import { paidInstalments, recordPaid, transferReferenceOf, type Actor } from './records';
import { billingStatusOf, currentContract, type ContractRow } from './status';
import { gatewayFailure } from './service';

/** A contract that can still be paid, or the refusal saying why not. */
function payableContract(contract: ContractRow | undefined): ContractRow {
  if (contract === undefined || contract.withdrawnAt !== null) {
    throw new ApiError(409, BILLING_MESSAGES.noContract);
  }
  return contract;
}

/**
 * POST /api/stripe-session: the lead named must be the session's (404 otherwise), the user is
 * always the session's, and a signed card contract for that plan must be there.
 */
export async function createCheckoutSession(
  ctx: AppContext,
  claims: AccessClaims,
  body: PaymentRequest,
  query: CheckoutSessionQuery,
  log: FastifyBaseLogger,
): Promise<CheckoutSessionResponse> {
  if (!isUuid(body.leadId)) throw new ApiError(404, messages.leadNotFound);
  const lead = await loadOwnedLead(ctx, claims, body.leadId);
  const contract = payableContract(await currentContract(ctx.db, lead.id));
  if (contract.startedAt !== null) throw new ApiError(409, BILLING_MESSAGES.alreadyPaid);
  if (contract.method !== 'tarjeta') {
    throw new ApiError(409, BILLING_MESSAGES.cardContractRequired);
  }
  if (PAYMENT_TYPE_BY_PLAN[contract.plan] !== body.paymentType) {
    throw new ApiError(409, BILLING_MESSAGES.planMismatch);
  }
  const prefilled = emailSchema.safeParse(query.prefilled_email ?? '');
  let created: { id: string; url: string };
  try {
    created = await ctx.payments.gateway.createCheckout({
      plan: contract.plan,
      caseRef: lead.id,
      contractId: contract.id,
      userId: claims.userId,
      customerEmail: prefilled.success ? prefilled.data : lead.email,
      successUrl: ctx.links.checkoutSuccess(),
      cancelUrl: ctx.links.checkoutCancel(),
      // One session per contract and day: a second press gives the same page back.
      idempotencyKey: `checkout:${contract.id}:${ctx.today()}`,
    });
  } catch (error) {
    return gatewayFailure(error);
  }
  // Kept under the case's lock: a signature or withdrawal made meanwhile closes it at once.
  const stillPayable = await ctx.db.transaction(async (tx) => {
    await lockCase(tx, lead.id);
    const current = await currentContract(tx, lead.id);
    const payable =
      current?.id === contract.id && current.withdrawnAt === null && current.startedAt === null;
    await recordOpenedCheckout(tx, {
      id: created.id,
      leadId: lead.id,
      contractId: contract.id,
      state: payable ? 'abierta' : 'caducada',
    });
    return payable;
  });
  if (!stillPayable) {
    await expireAtGateway(ctx, [created.id], log);
    throw new ApiError(409, BILLING_MESSAGES.contractChanged);
  }
  return { sessionId: created.id, url: created.url };
}

/** POST /api/pagos/transferencia: what to transfer, where, and with which reference. */
export async function transferInstructions(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<TransferInstructions> {
  const { lead } = await sessionCase(ctx, claims);
  const contract = payableContract(await currentContract(ctx.db, lead.id));
  if (contract.method !== 'transferencia') {
    throw new ApiError(409, BILLING_MESSAGES.transferContractRequired);
  }
  const plan = RULES.plans[contract.plan];
  let importe: number = plan.pago_inicial;
  if (contract.startedAt !== null) {
    const next = (await paidInstalments(ctx.db, contract.id)) + 1;
    const amount = planChargeAmount(plan, { kind: 'instalment', number: next });
    if (amount === undefined) throw new ApiError(409, BILLING_MESSAGES.alreadyPaid);
    importe = amount;
  }
  return {
    importe,
    referencia: await transferReferenceOf(ctx.db, lead.id),
    cuentas: ctx.config.transferAccounts,
    plazo: TRANSFER_PROCESSING_TEXT,
  };
}

const CHECKOUT_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

/**
 * GET /api/pagos/estado: the case's status. With the checkout's id from the success redirect,
 * the gateway is asked server-side; only what it answers may confirm (never the redirect).
 */
export async function statusForClient(
  ctx: AppContext,
  claims: AccessClaims,
  checkoutId: string | undefined,
  log: FastifyBaseLogger,
): Promise<BillingStatus> {
  const { lead } = await sessionCase(ctx, claims);
  let refused = false;
  if (checkoutId !== undefined && CHECKOUT_ID.test(checkoutId)) {
    const known = await checkoutStateOf(ctx.db, checkoutId);
    refused = known?.leadId === lead.id && known.state === 'rechazada';
    if (!refused && known?.state !== 'aplicada') {
      let details: CheckoutDetails | undefined;
      try {
        details = await ctx.payments.gateway.retrieveCheckout(checkoutId);
      } catch (error) {
        // The webhook will still confirm it; the page keeps waiting.
        log.warn({ err: error }, 'No se pudo consultar la sesión de pago');
      }
      const owner = details?.metadata?.leadId ?? details?.clientReferenceId;
      if (details !== undefined && owner === lead.id) {
        const checkout = details;
        const outcome = await ctx.db.transaction((tx) => applyPaidCheckout(ctx, tx, checkout, log));
        if (outcome === 'applied' || outcome === 'refused') ctx.mailEnqueued();
        refused = outcome === 'refused';
      }
    }
  }
  const status = await billingStatusOf(ctx.db, lead.id);
  return refused ? { ...status, pagoNoAplicado: true } : status;
}

/** Staff confirms a transfer received: the same effects as a card payment (decision 0487). */
export async function confirmTransfer(
  ctx: AppContext,
  leadId: string,
  receipt: TransferReceiptRequest,
  actor: Actor & { actorId: string },
): Promise<BillingStatus> {
  const lead = await leadRow(ctx.db, leadId);
  const contract = payableContract(await currentContract(ctx.db, lead.id));
  const plan = RULES.plans[contract.plan];
  const charge =
    receipt.tipo === 'unico'
      ? ({ kind: 'single' } as const)
      : receipt.tipo === 'inicial'
        ? ({ kind: 'initial' } as const)
        : ({ kind: 'instalment', number: receipt.cuota ?? 0 } as const);
  const expected = planChargeAmount(plan, charge);
  if (expected === undefined) throw new ApiError(422, BILLING_MESSAGES.wrongCharge);
  if (receipt.tipo === 'cuota' && contract.startedAt === null) {
    throw new ApiError(422, BILLING_MESSAGES.wrongCharge);
  }
  if (Math.round(receipt.importe * 100) !== Math.round(expected * 100)) {
    throw new ApiError(422, BILLING_MESSAGES.wrongAmount);
  }
  // The value date at noon in Spain, so the receipt's date is that day.
  const paidAt =
    receipt.fechaValor === ctx.today()
      ? new Date()
      : new Date(`${receipt.fechaValor}T12:00:00+01:00`);
  const recorded = await ctx.db.transaction((tx) =>
    recordPaid(ctx, tx, {
      lead,
      contract,
      kind: receipt.tipo,
      instalment: receipt.tipo === 'cuota' ? (receipt.cuota ?? null) : null,
      amountCents: Math.round(expected * 100),
      method: 'transferencia',
      providerRef: null,
      paymentIntentId: null,
      invoiceId: null,
      subscriptionId: null,
      paidAt,
      staffId: actor.actorId,
      actor,
      action: 'payment.transfer_confirmed',
    }),
  );
  if (recorded === undefined) throw new ApiError(409, BILLING_MESSAGES.paymentAlreadyRecorded);
  ctx.mailEnqueued();
  return billingStatusOf(ctx.db, lead.id);
}
