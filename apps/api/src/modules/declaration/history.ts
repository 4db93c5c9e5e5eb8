import type { CaseHistoryItem } from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { signedDeclarations } from '../../db/schema';

/** Each time the client signed the declaración responsable, for the client's history. */
export async function declarationHistoryOf(
  ctx: AppContext,
  leadId: string,
): Promise<CaseHistoryItem[]> {
  const rows = await ctx.db
    .select({ signedAt: signedDeclarations.signedAt })
    .from(signedDeclarations)
    .where(eq(signedDeclarations.leadId, leadId))
    .orderBy(desc(signedDeclarations.signedAt))
    .limit(50);
  return rows.map((row) => ({
    fecha: row.signedAt.toISOString(),
    accion: 'Declaración responsable firmada',
    descripcion: 'Firmaste la declaración responsable que enviaremos a tu banco con tu expediente.',
    estado: 'completado',
    origen: 'cliente',
  }));
}
