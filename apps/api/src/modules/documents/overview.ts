import {
  buildDocumentChecklist,
  retrievedDocumentName,
  type CaseChecklist,
  type CaseChecklistDocument,
  type DocumentsOverview,
  type RetrievedFile,
} from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentDeliveries, leads } from '../../db/schema';
import { currentCaseFiles, toStoredFile, type DocumentRow } from './files';

function review(row: DocumentRow | undefined) {
  return {
    archivo: row === undefined ? null : toStoredFile(row),
    estado: row?.estado ?? 'pendiente',
    motivoRechazo: row?.estado === 'rechazado' ? (row.rejectReason ?? null) : null,
  } as const;
}

/**
 * The case's documents as the client and the firm see them: the checklist for the case's
 * household (spec 02, section 3) with each entry's current file and review, then the retrieved
 * files. Files in slots the household no longer has are kept in the database but not listed.
 */
export async function documentsOverview(
  db: Database,
  leadId: string,
): Promise<DocumentsOverview | undefined> {
  const [lead] = await db
    .select({
      numeroTitulares: leads.numeroTitulares,
      miembrosUnidadFamiliar: leads.miembrosUnidadFamiliar,
    })
    .from(leads)
    .where(eq(leads.id, leadId))
    .limit(1);
  if (lead === undefined) return undefined;
  const [rows, [delivery]] = await Promise.all([
    currentCaseFiles(db, leadId),
    db
      .select({ createdAt: documentDeliveries.createdAt })
      .from(documentDeliveries)
      .where(eq(documentDeliveries.leadId, leadId))
      .orderBy(desc(documentDeliveries.createdAt))
      .limit(1),
  ]);
  const bySlot = new Map(rows.filter((row) => row.slot !== null).map((row) => [row.slot, row]));
  const blank = buildDocumentChecklist(lead.numeroTitulares, lead.miembrosUnidadFamiliar);
  const entry = (document: { id: string; nombre: string }): CaseChecklistDocument => ({
    id: document.id,
    nombre: document.nombre,
    ...review(bySlot.get(document.id)),
  });
  const checklist: CaseChecklist = {
    holders: Object.fromEntries(
      Object.entries(blank.holders).map(([key, holder]) => [
        key,
        { personal: holder.personal.map(entry), laboral: holder.laboral.map(entry) },
      ]),
    ),
    hipoteca: blank.hipoteca.map(entry),
  };
  const obtenidos: RetrievedFile[] = rows
    .filter((row) => row.origin === 'obtenido')
    .map((row) => ({
      tipo_documento: row.model ?? 'DESCONOCIDO',
      ejercicio: row.modelYear,
      nombre: retrievedDocumentName(row.model ?? '', row.modelYear),
      ...review(row),
      archivo: toStoredFile(row),
    }));
  return {
    numeroTitulares: lead.numeroTitulares,
    miembrosUnidadFamiliar: lead.miembrosUnidadFamiliar,
    checklist,
    obtenidos,
    entregadoEn: delivery?.createdAt.toISOString() ?? null,
  };
}
