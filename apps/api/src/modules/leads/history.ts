import type { CaseHistoryItem } from '@cbp/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { leads } from '../../db/schema';

/** The case's start in the client's history: the simulator's answers and contact details. */
export async function leadHistoryOf(ctx: AppContext, leadId: string): Promise<CaseHistoryItem[]> {
  const [lead] = await ctx.db
    .select({ createdAt: leads.createdAt })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (lead === undefined) return [];
  return [
    {
      fecha: lead.createdAt.toISOString(),
      accion: 'Solicitud recibida',
      descripcion: 'Completaste el simulador y nos dejaste tus datos de contacto.',
      estado: 'completado',
      origen: 'cliente',
    },
  ];
}
