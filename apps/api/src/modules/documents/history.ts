import type { CaseHistoryItem } from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { documentDeliveries, documents } from '../../db/schema';
import { caseFileName } from './review';

/**
 * The case's documents in the client's history: each file the client uploaded or had retrieved
 * with Cl@ve, each time they finished uploading, and the firm's verdict on each file (the
 * latest one a file has), with the reason of a rejection.
 */
export async function documentsHistoryOf(
  ctx: AppContext,
  leadId: string,
): Promise<CaseHistoryItem[]> {
  const [files, deliveries] = await Promise.all([
    ctx.db
      .select()
      .from(documents)
      .where(eq(documents.leadId, leadId))
      .orderBy(desc(documents.createdAt))
      .limit(200),
    ctx.db
      .select({ createdAt: documentDeliveries.createdAt, missing: documentDeliveries.missing })
      .from(documentDeliveries)
      .where(eq(documentDeliveries.leadId, leadId))
      .orderBy(desc(documentDeliveries.createdAt))
      .limit(50),
  ]);
  const items: CaseHistoryItem[] = [];
  for (const file of files) {
    const nombre = caseFileName(file);
    items.push({
      fecha: file.createdAt.toISOString(),
      accion: file.origin === 'subida' ? 'Documento subido' : 'Documento obtenido con Cl@ve',
      descripcion: nombre,
      estado: 'completado',
      origen: 'cliente',
    });
    if (file.reviewedAt !== null && file.estado !== 'pendiente') {
      const rejected = file.estado === 'rechazado';
      items.push({
        fecha: file.reviewedAt.toISOString(),
        accion: rejected ? 'Documento rechazado' : 'Documento aprobado',
        descripcion: rejected ? `${nombre}. Motivo: ${file.rejectReason ?? ''}`.trim() : nombre,
        estado: 'completado',
        origen: 'despacho',
      });
    }
  }
  for (const delivery of deliveries) {
    const missing = Array.isArray(delivery.missing) ? delivery.missing.length : 0;
    items.push({
      fecha: delivery.createdAt.toISOString(),
      accion: 'Documentación entregada',
      descripcion:
        missing === 0
          ? 'Diste por terminada la subida de documentos, con todos los de tu lista.'
          : `Diste por terminada la subida de documentos; faltaban ${String(missing)} de tu lista.`,
      estado: 'completado',
      origen: 'cliente',
    });
  }
  return items;
}
