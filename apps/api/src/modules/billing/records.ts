import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { FIRM, RULES, type PlanCharge } from '@cbp/core';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { payments, signedContracts, transferReferences, users, type leads } from '../../db/schema';
import { newStorageKey } from '../../providers/storage';
import { recordAudit, type AuditEvent } from '../audit/service';
import { moveFaseComercial } from '../leads/backoffice';
import { PAYMENT_METHOD_LABELS } from '../contract/input';
import { chargeConcept, receiptPdf } from '../contract/receipt-pdf';
import { enqueueMail } from '../mail/outbox';
import { paymentReceivedMail } from './mails';
import { existingTransferReference, type ContractRow, type PaymentRow } from './status';

export type LeadRow = typeof leads.$inferSelect;
export type Actor = Omit<AuditEvent, 'action' | 'subjectType' | 'subjectId' | 'before' | 'after'>;

export const SYSTEM_ACTOR: Actor = { actorKind: 'sistema' };

/** 'R-2026-000042': one series, the year of the payment for reading (decision 0484). */
export async function nextReceiptNumber(tx: Executor, paidAt: Date): Promise<string> {
  const result = await tx.execute<{ value: string | number }>(
    sql`select nextval('receipt_numbers') as value`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  const first = rows[0] as { value: string | number } | undefined;
  if (first === undefined) throw new Error('nextval returned no row');
  return `R-${String(paidAt.getUTCFullYear())}-${String(first.value).padStart(6, '0')}`;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomReference(): string {
  const pick = () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)] ?? 'A';
  const group = () => Array.from({ length: 4 }, pick).join('');
  return `CBP-${group()}-${group()}`;
}

/** The case's transfer reference, made the first time it is asked for (decision 0485). */
export async function transferReferenceOf(executor: Executor, leadId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await existingTransferReference(executor, leadId);
    if (existing !== null) return existing;
    await executor
      .insert(transferReferences)
      .values({ leadId, reference: randomReference() })
      .onConflictDoNothing();
  }
  throw new Error(`no transfer reference could be made for ${leadId}`);
}

export function chargeOf(row: Pick<PaymentRow, 'kind' | 'instalment'>): PlanCharge {
  if (row.kind === 'unico') return { kind: 'single' };
  if (row.kind === 'inicial') return { kind: 'initial' };
  return { kind: 'instalment', number: row.instalment ?? 1 };
}

export async function paidInstalments(executor: Executor, contractId: string): Promise<number> {
  const [row] = await executor
    .select({ paid: count() })
    .from(payments)
    .where(
      and(
        eq(payments.contractId, contractId),
        eq(payments.kind, 'cuota'),
        eq(payments.state, 'pagado'),
      ),
    );
  return row?.paid ?? 0;
}

export interface PaidInput {
  lead: LeadRow;
  contract: ContractRow;
  kind: 'unico' | 'inicial' | 'cuota';
  instalment: number | null;
  amountCents: number;
  method: 'tarjeta' | 'transferencia';
  providerRef: string | null;
  paymentIntentId: string | null;
  invoiceId: string | null;
  subscriptionId: string | null;
  paidAt: Date;
  staffId: string | null;
  actor: Actor;
  action: 'payment.confirmed' | 'payment.transfer_confirmed';
}

/**
 * Records a payment received, once: its receipt (PDF stored encrypted, numbered), the contract's
 * start, the account's promotion to CLIENTE and the lead's commercial phase Cliente on the first
 * payment, the audit entries and the client's e-mail, all in the caller's transaction. Undefined
 * when it was already recorded (a replayed webhook, a second confirmation): nothing moves twice.
 */
export async function recordPaid(
  ctx: AppContext,
  tx: Transaction,
  input: PaidInput,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .insert(payments)
    .values({
      leadId: input.lead.id,
      contractId: input.contract.id,
      kind: input.kind,
      instalment: input.instalment,
      amountCents: input.amountCents,
      method: input.method,
      state: 'pagado',
      providerRef: input.providerRef,
      paymentIntentId: input.paymentIntentId,
      invoiceId: input.invoiceId,
      subscriptionId: input.subscriptionId,
      staffId: input.staffId,
      paidAt: input.paidAt,
    })
    .onConflictDoNothing()
    .returning();
  if (row === undefined) return undefined;

  const plan = RULES.plans[input.contract.plan];
  const receiptNumber = await nextReceiptNumber(tx, input.paidAt);
  const reference =
    input.method === 'transferencia'
      ? await transferReferenceOf(tx, input.lead.id)
      : (input.paymentIntentId ?? input.providerRef ?? row.id);
  const receipt = await receiptPdf({
    receiptNumber,
    paidAt: input.paidAt.toISOString(),
    client: { fullName: `${input.lead.nombre} ${input.lead.apellidos}`, email: input.lead.email },
    caseReference: input.lead.id,
    plan,
    charge: chargeOf(row),
    payment: { method: input.method, reference },
    firm: FIRM,
  });
  const receiptKey = newStorageKey(input.lead.id);
  await ctx.storage.put(receiptKey, Readable.from([Buffer.from(receipt.bytes)]));
  const [stored] = await tx
    .update(payments)
    .set({ receiptNumber, receiptStorageKey: receiptKey })
    .where(eq(payments.id, row.id))
    .returning();

  const first = input.kind !== 'cuota';
  if (first) {
    await tx
      .update(signedContracts)
      .set({ startedAt: input.paidAt })
      .where(and(eq(signedContracts.id, input.contract.id), isNull(signedContracts.startedAt)));
    const promoted = await tx
      .update(users)
      .set({ clientSince: input.paidAt, updatedAt: new Date() })
      .where(and(eq(users.id, input.lead.userId), isNull(users.clientSince)))
      .returning({ id: users.id });
    if (promoted.length > 0) {
      await recordAudit(tx, {
        ...input.actor,
        action: 'client.promoted',
        subjectType: 'user',
        subjectId: input.lead.userId,
        after: { lead: input.lead.id, estado: 'CLIENTE' },
      });
    }
    // Paying makes the person a client of the firm: the commercial funnel says so too.
    await moveFaseComercial(tx, input.lead.id, 'Cliente', input.actor);
  }
  await recordAudit(tx, {
    ...input.actor,
    action: input.action,
    subjectType: 'lead',
    subjectId: input.lead.id,
    after: {
      pago: row.id,
      tipo: row.kind,
      cuota: row.instalment,
      importe: row.amountCents / 100,
      metodo: row.method,
      recibo: receiptNumber,
      reciboSha256: receipt.sha256,
      referencia: reference,
    },
  });
  await enqueueMail(tx, ctx.config.mailFrom, [
    {
      to: input.lead.email,
      mail: paymentReceivedMail({
        nombre: input.lead.nombre,
        concepto: chargeConcept(plan, chargeOf(row)),
        amountCents: row.amountCents,
        recibo: receiptNumber,
        pagadoEn: input.paidAt,
        metodo: PAYMENT_METHOD_LABELS[input.method],
        primerPago: first,
        areaLink: ctx.links.billing(),
      }),
    },
  ]);
  return stored ?? row;
}
