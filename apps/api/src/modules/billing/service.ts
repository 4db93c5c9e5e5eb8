import { BILLING_MESSAGES, type BillingStatus, type CaseStepState } from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { payments } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/sql-filters';
import { PaymentGatewayError } from '../../providers/payments';
import { openAudited } from '../audit/opened-file';
import { leadRow, sessionCase } from '../case-access/access';
import type { AccessClaims } from '../../lib/access-token';
import type { Actor } from './records';
import { billingStatusOf, currentContract } from './status';

/** A gateway failure as the client reads it: its Spanish message, answered 502. */
export function gatewayFailure(error: unknown): never {
  if (error instanceof PaymentGatewayError) {
    throw new ApiError(error.status === 400 ? 409 : 502, error.message);
  }
  throw error;
}

export function clientActor(claims: AccessClaims, email: string, ip: string): Actor {
  return { actorKind: 'cliente', actorId: claims.userId, actorEmail: email, ip };
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
  const content = await openAudited(ctx, receipt.storageKey, {
    ...actor,
    action: 'receipt.viewed',
    subjectType: 'lead',
    subjectId: lead.id,
    after: { pago: receipt.id, recibo: receipt.receiptNumber },
  });
  return { receiptNumber: receipt.receiptNumber, content };
}

export async function staffBillingStatus(ctx: AppContext, leadId: string): Promise<BillingStatus> {
  await leadRow(ctx.db, leadId);
  return billingStatusOf(ctx.db, leadId);
}

/** 'Seleccionar Plan' in the client's task list: done once paid, started once signed. */
export async function planStepState(ctx: AppContext, claims: AccessClaims): Promise<CaseStepState> {
  const { lead } = await sessionCase(ctx, claims);
  const contract = await currentContract(ctx.db, lead.id);
  if (contract === undefined) return 'no-empezado';
  return contract.startedAt === null ? 'en-curso' : 'completado';
}
