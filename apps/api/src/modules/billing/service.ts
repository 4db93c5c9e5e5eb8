import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  BILLING_MESSAGES,
  CONTRACT_TERMS_VERSION,
  emailSchema,
  FIRM,
  PAYMENT_TYPE_BY_PLAN,
  planChargeAmount,
  RULES,
  type BillingStatus,
  type CaseStepState,
  type CheckoutSessionQuery,
  type CheckoutSessionResponse,
  type ContractSignRequest,
  type PaymentRequest,
  type RefundRequest,
  refundReasonFor,
  type SignedContract,
  type TransferInstructions,
  type TransferReceiptRequest,
} from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { payments, signedContracts } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { isUuid } from '../../lib/sql-filters';
import { newStorageKey } from '../../providers/storage';
import { PaymentGatewayError, type CheckoutDetails } from '../../providers/payments';
import { recordAudit } from '../audit/service';
import { leadRow, loadOwnedLead, lockCase, sessionCase } from '../case-access/access';
import type { AccessClaims } from '../auth/access-token';
import { consentRecords, type ConsentRecord } from '../contract/consents';
import {
  contractPdf,
  signatureBytes,
  signatureSha256,
  type SignatureInput,
} from '../contract/contract-pdf';
import { sha256Hex } from '../contract/pdf-layout';
import { checkIpAddress, PAYMENT_METHOD_LABELS } from '../contract/input';
import { enqueueMail } from '../mail/outbox';
import { enqueueSessionMail } from '../mail/recipient-cap';
import {
  applyPaidCheckout,
  checkoutStateOf,
  expireAtGateway,
  expireOpenCheckouts,
  recordOpenedCheckout,
} from './checkouts';
import {
  accountLine,
  contractSignedMail,
  refundMail,
  withdrawalFirmMail,
  withdrawalMail,
} from './mails';
import { paidInstalments, recordPaid, transferReferenceOf, type Actor } from './records';
import {
  billingStatusOf,
  contractPayments,
  contractView,
  currentContract,
  paidCents,
  refundedCents,
  withdrawalLastDay,
  type ContractRow,
  type PaymentRow,
} from './status';

export const TRANSFER_DELAY = '24 a 48 horas';

/** A gateway failure as the client reads it: its Spanish message, answered 502. */
export function gatewayFailure(error: unknown): never {
  if (error instanceof PaymentGatewayError) {
    throw new ApiError(error.status === 400 ? 409 : 502, error.message);
  }
  throw error;
}

function clientActor(claims: AccessClaims, email: string, ip: string): Actor {
  return { actorKind: 'cliente', actorId: claims.userId, actorEmail: email, ip };
}

export interface SigningContext {
  ip: string;
  userAgent: string;
}

/**
 * POST /api/contrato: the evidence PDF is generated, stored encrypted and its SHA-256 written to
 * the audit log in the transaction that records the signature; the copy is e-mailed now
 * (decision 0483). Signing again before paying supersedes the previous contract.
 */
export async function signContract(
  ctx: AppContext,
  claims: AccessClaims,
  request: ContractSignRequest,
  signing: SigningContext,
  log: FastifyBaseLogger,
): Promise<{ contract: SignedContract; created: boolean }> {
  const { lead, email } = await sessionCase(ctx, claims);
  if (request.terminosVersion !== CONTRACT_TERMS_VERSION) {
    throw new ApiError(409, BILLING_MESSAGES.outdatedTerms);
  }
  const consents = consentRecords(request.consentimientos);
  const previous = await currentContract(ctx.db, lead.id);
  const agreed = sameAgreement(previous, claims, request, consents);
  if (agreed !== undefined) return { contract: contractView(agreed), created: false };
  if (previous?.startedAt != null) throw new ApiError(409, BILLING_MESSAGES.alreadyPaid);
  if (previous?.withdrawnAt != null) throw new ApiError(409, BILLING_MESSAGES.alreadyWithdrawn);

  const signature: SignatureInput =
    request.firma.tipo === 'dibujada'
      ? { kind: 'drawn', imageDataUrl: request.firma.imagen }
      : { kind: 'typed', name: request.firma.nombre };
  const signedAt = new Date();
  const ip = checkIpAddress(signing.ip);
  const userAgent = signing.userAgent.slice(0, 500);
  const pdf = await contractPdf({
    termsVersion: CONTRACT_TERMS_VERSION,
    plan: RULES.plans[request.plan],
    paymentMethod: request.metodo,
    consents,
    client: { fullName: `${lead.nombre} ${lead.apellidos}`, email: lead.email },
    signature,
    signedAt: signedAt.toISOString(),
    ipAddress: ip,
    userAgent,
    caseReference: lead.id,
    firm: FIRM,
  });
  const signatureHash = signatureSha256(signature);
  const storageKey = newStorageKey(lead.id);
  // The signature itself is kept too (encrypted), so the application letter can carry it.
  const signatureStorageKey = newStorageKey(lead.id);
  const removeStored = () =>
    Promise.all([
      ctx.storage.delete(storageKey).catch(() => undefined),
      ctx.storage.delete(signatureStorageKey).catch(() => undefined),
    ]);
  try {
    await ctx.storage.put(storageKey, Readable.from([Buffer.from(pdf.bytes)]));
    await ctx.storage.put(
      signatureStorageKey,
      Readable.from([Buffer.from(signatureBytes(signature))]),
    );
  } catch (error) {
    await removeStored();
    throw error;
  }
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // Two signatures at once run one after the other: the later one supersedes the earlier.
      await lockCase(tx, lead.id);
      const replaced = await currentContract(tx, lead.id);
      // The same signature sent twice at once: the first one signed, this one is its answer.
      const signedMeanwhile = sameAgreement(replaced, claims, request, consents);
      if (signedMeanwhile !== undefined) {
        return { inserted: signedMeanwhile, expired: [], created: false };
      }
      if (replaced?.startedAt != null) throw new ApiError(409, BILLING_MESSAGES.alreadyPaid);
      if (replaced?.withdrawnAt != null) {
        throw new ApiError(409, BILLING_MESSAGES.alreadyWithdrawn);
      }
      await tx
        .update(signedContracts)
        .set({ supersededAt: signedAt })
        .where(and(eq(signedContracts.leadId, lead.id), isNull(signedContracts.supersededAt)));
      const [inserted] = await tx
        .insert(signedContracts)
        .values({
          leadId: lead.id,
          userId: claims.userId,
          plan: request.plan,
          method: request.metodo,
          termsVersion: CONTRACT_TERMS_VERSION,
          consents,
          signatureKind: request.firma.tipo,
          signatureSha256: signatureHash,
          signatureStorageKey,
          storageKey,
          sha256: pdf.sha256,
          ip,
          userAgent,
          signedAt,
        })
        .returning();
      if (inserted === undefined) throw new Error('signed_contracts insert returned no row');
      const expired = await expireOpenCheckouts(tx, lead.id);
      await recordAudit(tx, {
        ...clientActor(claims, email, ip),
        action: 'contract.signed',
        subjectType: 'lead',
        subjectId: lead.id,
        after: {
          contrato: inserted.id,
          sha256: pdf.sha256,
          firmaSha256: signatureHash,
          firma: request.firma.tipo,
          plan: request.plan,
          metodo: request.metodo,
          terminosVersion: CONTRACT_TERMS_VERSION,
          sustituye: replaced?.id ?? null,
          pagosCaducados: expired,
        },
      });
      await enqueueSessionMail(
        tx,
        ctx.config.mailFrom,
        { claims, lead },
        {
          to: lead.email,
          mail: contractSignedMail({
            nombre: lead.nombre,
            plan: RULES.plans[request.plan].nombre,
            metodo: PAYMENT_METHOD_LABELS[request.metodo],
            firmadoEn: signedAt,
            sha256: pdf.sha256,
            areaLink: ctx.links.billing(),
            ...(request.metodo === 'transferencia'
              ? {
                  transfer: {
                    amountCents: Math.round(RULES.plans[request.plan].pago_inicial * 100),
                    referencia: await transferReferenceOf(tx, lead.id),
                    cuentas: ctx.config.transferAccounts.map(accountLine),
                    plazo: TRANSFER_DELAY,
                  },
                }
              : {}),
          }),
        },
      );
      return { inserted, expired, created: true };
    });
    if (!row.created) {
      await removeStored();
      return { contract: contractView(row.inserted), created: false };
    }
    ctx.mailEnqueued();
    await expireAtGateway(ctx, row.expired, log);
    return { contract: contractView(row.inserted), created: true };
  } catch (error) {
    await removeStored();
    throw error;
  }
}

/**
 * The contract in force when it is the one this request asks for: same person, plan, method,
 * terms and consents. Signing it again changes nothing a court or the bank would read, so it is
 * answered with that contract instead of a new PDF, mail and audit row (decision 0586). Another
 * drawing of the same signature is not a new agreement either.
 */
function sameAgreement(
  contract: ContractRow | undefined,
  claims: AccessClaims,
  request: ContractSignRequest,
  consents: readonly ConsentRecord[],
): ContractRow | undefined {
  const same =
    contract !== undefined &&
    contract.withdrawnAt === null &&
    contract.userId === claims.userId &&
    contract.plan === request.plan &&
    contract.method === request.metodo &&
    contract.termsVersion === CONTRACT_TERMS_VERSION &&
    sameConsents(contract.consents, consents);
  return same ? contract : undefined;
}

function sameConsents(stored: unknown, asked: readonly ConsentRecord[]): boolean {
  if (!Array.isArray(stored) || stored.length !== asked.length) return false;
  return asked.every((consent, index) => {
    const kept: unknown = stored[index];
    return (
      typeof kept === 'object' &&
      kept !== null &&
      'id' in kept &&
      'text' in kept &&
      'accepted' in kept &&
      kept.id === consent.id &&
      kept.text === consent.text &&
      kept.accepted === consent.accepted
    );
  });
}

/** A contract's signature as it was signed: the drawn PNG, or the name typed instead. */
export type ContractSignature =
  { kind: 'drawn'; png: Uint8Array } | { kind: 'typed'; name: string };

/**
 * The signature kept with a contract, checked against the SHA-256 the contract states; null for
 * contracts signed before signatures were kept, or when what is stored does not match.
 */
export async function contractSignature(
  ctx: AppContext,
  contract: ContractRow,
): Promise<ContractSignature | null> {
  if (contract.signatureStorageKey === null) return null;
  const bytes = await buffer(await ctx.storage.get(contract.signatureStorageKey));
  if (sha256Hex(bytes) !== contract.signatureSha256) return null;
  return contract.signatureKind === 'dibujada'
    ? { kind: 'drawn', png: new Uint8Array(bytes) }
    : { kind: 'typed', name: bytes.toString('utf8') };
}

/** The signed contract's evidence PDF of the session's case. */
export async function openContractPdf(ctx: AppContext, claims: AccessClaims) {
  const { lead } = await sessionCase(ctx, claims);
  const contract = await currentContract(ctx.db, lead.id);
  if (contract === undefined) throw new ApiError(404, BILLING_MESSAGES.contractNotFound);
  return { contract, content: await ctx.storage.get(contract.storageKey) };
}

/** A receipt of the session's case. */
/** A payment of the case with its stored receipt; 404 for another case's or one without. */
async function receiptOf(ctx: AppContext, leadId: string, paymentId: string) {
  if (!isUuid(paymentId)) throw new ApiError(404, BILLING_MESSAGES.receiptNotFound);
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.leadId, leadId)));
  if (row?.receiptStorageKey == null || row.receiptNumber === null) {
    throw new ApiError(404, BILLING_MESSAGES.receiptNotFound);
  }
  return { id: row.id, receiptNumber: row.receiptNumber, storageKey: row.receiptStorageKey };
}

export async function openReceipt(ctx: AppContext, claims: AccessClaims, paymentId: string) {
  const { lead } = await sessionCase(ctx, claims);
  const receipt = await receiptOf(ctx, lead.id, paymentId);
  return {
    receiptNumber: receipt.receiptNumber,
    content: await ctx.storage.get(receipt.storageKey),
  };
}

/** A payment's receipt for the firm; each opening is audited before any byte leaves. */
export async function openReceiptForStaff(
  ctx: AppContext,
  leadId: string,
  paymentId: string,
  actor: Actor,
) {
  const lead = await leadRow(ctx.db, leadId);
  const receipt = await receiptOf(ctx, lead.id, paymentId);
  const content = await ctx.storage.get(receipt.storageKey);
  try {
    await recordAudit(ctx.db, {
      ...actor,
      action: 'receipt.viewed',
      subjectType: 'lead',
      subjectId: lead.id,
      after: { pago: receipt.id, recibo: receipt.receiptNumber },
    });
  } catch (error) {
    content.destroy();
    throw error;
  }
  return { receiptNumber: receipt.receiptNumber, content };
}

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
    plazo: TRANSFER_DELAY,
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

export async function staffBillingStatus(ctx: AppContext, leadId: string): Promise<BillingStatus> {
  await leadRow(ctx.db, leadId);
  return billingStatusOf(ctx.db, leadId);
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

/** 'Seleccionar Plan' in the client's task list: done once paid, started once signed. */
export async function planStepState(ctx: AppContext, claims: AccessClaims): Promise<CaseStepState> {
  const { lead } = await sessionCase(ctx, claims);
  const contract = await currentContract(ctx.db, lead.id);
  if (contract === undefined) return 'no-empezado';
  return contract.startedAt === null ? 'en-curso' : 'completado';
}
