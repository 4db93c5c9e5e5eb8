import { type CaseHistoryItem, formatDate } from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { caseSubmissions } from '../../db/schema';

/**
 * Each time the client sent the file, the day the firm presented it to the bank (as last
 * recorded), and each time the firm reopened it (with its note), for the client's history.
 */
export async function submissionHistoryOf(
  ctx: AppContext,
  leadId: string,
): Promise<CaseHistoryItem[]> {
  const rows = await ctx.db
    .select({
      sentAt: caseSubmissions.sentAt,
      reopenedAt: caseSubmissions.reopenedAt,
      reopenNote: caseSubmissions.reopenNote,
      bank: caseSubmissions.bank,
      presentedOn: caseSubmissions.presentedOn,
      presentedRecordedAt: caseSubmissions.presentedRecordedAt,
    })
    .from(caseSubmissions)
    .where(eq(caseSubmissions.leadId, leadId))
    .orderBy(desc(caseSubmissions.sentAt))
    .limit(50);
  return rows.flatMap((row): CaseHistoryItem[] => [
    {
      fecha: row.sentAt.toISOString(),
      accion: 'Expediente enviado',
      descripcion: 'Enviaste tu expediente al despacho para presentarlo a tu banco.',
      estado: 'completado',
      origen: 'cliente',
    },
    ...(row.presentedOn === null || row.presentedRecordedAt === null
      ? []
      : [
          {
            fecha: row.presentedRecordedAt.toISOString(),
            accion: 'Solicitud presentada a tu banco',
            descripcion: `Presentamos tu solicitud a ${row.bank} el ${formatDate(row.presentedOn)}.`,
            estado: 'completado',
            origen: 'despacho' as const,
          },
        ]),
    ...(row.reopenedAt === null
      ? []
      : [
          {
            fecha: row.reopenedAt.toISOString(),
            accion: 'Expediente reabierto por el despacho',
            descripcion:
              row.reopenNote === null || row.reopenNote.trim() === ''
                ? 'Ya puedes volver a modificar tu expediente.'
                : row.reopenNote.trim(),
            estado: 'completado',
            origen: 'despacho' as const,
          },
        ]),
  ]);
}
