import { type CaseHistoryItem, formatEuros, RULES } from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { payments, signedContracts } from '../../db/schema';
import { chargeConcept } from '../contract/receipt-pdf';
import { chargeOf } from './records';

const METHOD_WORDS = { tarjeta: 'con tarjeta', transferencia: 'por transferencia' } as const;

/**
 * The contract and the money in the client's history: each signature and withdrawal, each card
 * payment (the client's), and what the firm did: transfers it confirmed and refunds it made.
 */
export async function billingHistoryOf(
  ctx: AppContext,
  leadId: string,
): Promise<CaseHistoryItem[]> {
  const [contracts, rows] = await Promise.all([
    ctx.db
      .select()
      .from(signedContracts)
      .where(eq(signedContracts.leadId, leadId))
      .orderBy(desc(signedContracts.signedAt))
      .limit(20),
    ctx.db
      .select()
      .from(payments)
      .where(eq(payments.leadId, leadId))
      .orderBy(desc(payments.paidAt))
      .limit(100),
  ]);
  const items: CaseHistoryItem[] = [];
  const plans = new Map(contracts.map((contract) => [contract.id, RULES.plans[contract.plan]]));
  for (const contract of contracts) {
    items.push({
      fecha: contract.signedAt.toISOString(),
      accion: 'Contrato firmado',
      descripcion: `${RULES.plans[contract.plan].nombre}, pago ${METHOD_WORDS[contract.method]}.`,
      estado: 'completado',
      origen: 'cliente',
    });
    if (contract.withdrawnAt !== null) {
      items.push({
        fecha: contract.withdrawnAt.toISOString(),
        accion: 'Desistimiento del contrato',
        descripcion: 'Nos comunicaste que desistías del contrato.',
        estado: 'completado',
        origen: 'cliente',
      });
    }
  }
  for (const row of rows) {
    const plan = plans.get(row.contractId);
    const amount = formatEuros(row.amountCents / 100);
    if (row.kind === 'reembolso') {
      items.push({
        fecha: row.paidAt.toISOString(),
        accion: 'Reembolso',
        descripcion: `Te hemos devuelto ${amount} ${METHOD_WORDS[row.method]}.`,
        estado: 'completado',
        origen: 'despacho',
      });
      continue;
    }
    const concept = plan === undefined ? 'Honorarios' : chargeConcept(plan, chargeOf(row));
    if (row.method === 'transferencia') {
      items.push({
        fecha: row.paidAt.toISOString(),
        accion: 'Transferencia confirmada',
        descripcion: `Hemos recibido tu transferencia de ${amount} (${concept}).`,
        estado: 'completado',
        origen: 'despacho',
      });
      continue;
    }
    const paid = row.state === 'pagado';
    items.push({
      fecha: row.paidAt.toISOString(),
      accion: paid ? 'Pago con tarjeta' : 'Pago con tarjeta no completado',
      descripcion: paid
        ? `Pagaste ${amount} (${concept}).`
        : `No se pudo cobrar ${amount} (${concept}) con tu tarjeta.`,
      estado: paid ? 'completado' : 'fallido',
      origen: 'cliente',
    });
  }
  return items;
}
