import {
  madridDay,
  RULES,
  type BillingStatus,
  type PaymentRecord,
  type PaymentState,
  type SignedContract,
} from '@cbp/core';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, signedContracts, transferReferences } from '../../db/schema';
import { leadIsClient } from '../auth/users';

export type ContractRow = typeof signedContracts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** The case's transfer reference if it was ever given, without making one. */
export async function existingTransferReference(
  executor: Executor,
  leadId: string,
): Promise<string | null> {
  const [existing] = await executor
    .select({ reference: transferReferences.reference })
    .from(transferReferences)
    .where(eq(transferReferences.leadId, leadId));
  return existing?.reference ?? null;
}

/** The case's contract in force: the last one signed, not superseded by a later signature. */
export async function currentContract(
  executor: Executor,
  leadId: string,
): Promise<ContractRow | undefined> {
  const [row] = await executor
    .select()
    .from(signedContracts)
    .where(and(eq(signedContracts.leadId, leadId), isNull(signedContracts.supersededAt)))
    .orderBy(desc(signedContracts.signedAt))
    .limit(1);
  return row;
}

export async function contractPayments(
  executor: Executor,
  contractId: string,
): Promise<PaymentRow[]> {
  return executor
    .select()
    .from(payments)
    .where(eq(payments.contractId, contractId))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
}

/** An ISO day plus some calendar days. */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The last day to withdraw (decision 0486): 14 calendar days counted from the day the contract
 * started (its first payment), in Spain's calendar; null before it starts.
 */
export function withdrawalLastDay(contract: ContractRow): string | null {
  if (contract.startedAt === null) return null;
  return addDays(madridDay(contract.startedAt), RULES.contract.withdrawalCalendarDays);
}

export function paidCents(rows: readonly PaymentRow[]): number {
  return rows
    .filter((row) => row.kind !== 'reembolso' && row.state === 'pagado')
    .reduce((sum, row) => sum + row.amountCents, 0);
}

export function refundedCents(rows: readonly PaymentRow[]): number {
  return rows
    .filter((row) => row.kind === 'reembolso')
    .reduce((sum, row) => sum + row.amountCents, 0);
}

export function paymentState(contract: ContractRow | undefined, rows: PaymentRow[]): PaymentState {
  if (contract === undefined) return 'sin-contrato';
  const refunded = refundedCents(rows);
  if (refunded > 0 && refunded >= paidCents(rows)) return 'reembolsado';
  if (contract.withdrawnAt !== null) return 'desistido';
  if (contract.startedAt !== null) return 'confirmado';
  return 'pendiente';
}

export function contractView(row: ContractRow): SignedContract {
  return {
    id: row.id,
    plan: row.plan,
    metodo: row.method,
    terminosVersion: row.termsVersion,
    firmadoEn: row.signedAt.toISOString(),
    sha256: row.sha256,
  };
}

export function paymentView(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    tipo: row.kind,
    cuota: row.instalment,
    importe: row.amountCents / 100,
    metodo: row.method,
    estado: row.state,
    fecha: row.paidAt.toISOString(),
    recibo: row.receiptNumber,
  };
}

/** What the client's screens and the back-office show of a case's contract and payments. */
export async function billingStatusOf(executor: Executor, leadId: string): Promise<BillingStatus> {
  const contract = await currentContract(executor, leadId);
  const rows = contract === undefined ? [] : await contractPayments(executor, contract.id);
  const estado = paymentState(contract, rows);
  return {
    estado,
    contrato: contract === undefined ? null : contractView(contract),
    pagos: rows.slice(-50).map(paymentView),
    desistimientoHasta:
      contract !== undefined && estado === 'confirmado' ? withdrawalLastDay(contract) : null,
    esCliente: await leadIsClient(executor, leadId),
    referenciaTransferencia: await existingTransferReference(executor, leadId),
  };
}
