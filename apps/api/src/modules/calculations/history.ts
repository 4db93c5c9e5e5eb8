import { type CaseHistoryItem, formatEuros } from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { calculations } from '../../db/schema';

/** Each instalment the client calculated, with what came out, for the client's history. */
export async function calculationsHistoryOf(
  ctx: AppContext,
  leadId: string,
): Promise<CaseHistoryItem[]> {
  const rows = await ctx.db
    .select({ createdAt: calculations.createdAt, result: calculations.result })
    .from(calculations)
    .where(eq(calculations.leadId, leadId))
    .orderBy(desc(calculations.createdAt))
    .limit(100);
  return rows.map((row) => {
    const result = row.result as { cumpleRequisitos?: unknown; nuevaCuota?: unknown };
    const descripcion =
      result.cumpleRequisitos === true && typeof result.nuevaCuota === 'number'
        ? `Con los datos de tu hipoteca, la nueva cuota sería de ${formatEuros(result.nuevaCuota)} al mes.`
        : 'Con los datos indicados no se cumplen los requisitos del Código de Buenas Prácticas.';
    return {
      fecha: row.createdAt.toISOString(),
      accion: 'Cuota calculada',
      descripcion,
      estado: 'completado',
      origen: 'cliente',
    };
  });
}
