import {
  buildDocumentChecklist,
  factsPending,
  type CaseChecklist,
  type CaseChecklistDocument,
  type DocumentsOverview,
  type HolderCategory,
  householdFacts,
  type PlannedDocument,
  retrievalModelsFor,
  retrievedDocumentName,
  type RetrievedFile,
} from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documentDeliveries, leads } from '../../db/schema';
import { latestCalculationFactsOf } from '../calculations/service';
import { storedReviewOf } from '../case-access/review-draft';
import { openSubmissionOf } from '../case-access/lock';
import { currentCaseFiles, toStoredFile, type DocumentRow } from './files';

function review(row: DocumentRow | undefined) {
  return {
    archivo: row === undefined ? null : toStoredFile(row),
    estado: row?.estado ?? 'pendiente',
    motivoRechazo: row?.estado === 'rechazado' ? (row.rejectReason ?? null) : null,
  } as const;
}

/**
 * The case's documents as the client and the firm see them (decision 0633): the checklist built
 * from the household's facts (the case's counts, the review as kept, finished or not, and the
 * newest calculation's circumstances), each entry with its current file and review, then the
 * retrieved files. Entries the Cl@ve retrieval fills say which retrieved files do. Files in
 * slots the facts no longer ask for stay listed as not needed (decision 0634).
 */
export async function documentsOverview(
  db: Executor,
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
  // One after the other: `db` may be a transaction, whose queries share one connection.
  const rows = await currentCaseFiles(db, leadId);
  const stored = await storedReviewOf(db, leadId);
  const { circunstancias } = await latestCalculationFactsOf(db, leadId);
  const [delivery] = await db
    .select({ createdAt: documentDeliveries.createdAt })
    .from(documentDeliveries)
    .where(eq(documentDeliveries.leadId, leadId))
    .orderBy(desc(documentDeliveries.createdAt))
    .limit(1);
  const sent = await openSubmissionOf(db, leadId);

  const bySlot = new Map<string, DocumentRow>();
  for (const row of rows) if (row.slot !== null) bySlot.set(row.slot, row);
  const retrieved = rows.filter((row) => row.origin === 'obtenido');
  const facts = householdFacts(lead, stored?.values ?? {}, circunstancias);
  const plan = buildDocumentChecklist(facts, [...bySlot.keys()]);

  const entry = (document: PlannedDocument): CaseChecklistDocument => {
    const models = retrievalModelsFor(document.id);
    const covering = document.necesario
      ? retrieved.filter((row) => row.model !== null && models.includes(row.model))
      : [];
    return {
      id: document.id,
      nombre: document.nombre,
      ...review(bySlot.get(document.slot)),
      motivo: document.motivo,
      origen: document.origen,
      necesario: document.necesario,
      obtenidoCon:
        covering.length === 0
          ? null
          : covering.map((row) => retrievedDocumentName(row.model ?? '', row.modelYear)).join(', '),
    };
  };
  const holders: CaseChecklist['holders'] = Object.fromEntries(
    Object.entries(plan.holders).map(([key, lists]) => [
      key,
      Object.fromEntries(
        (Object.entries(lists) as [HolderCategory, readonly PlannedDocument[]][]).map(
          ([category, documents]) => [category, documents.map(entry)],
        ),
      ) as Record<HolderCategory, CaseChecklistDocument[]>,
    ]),
  );
  const checklist: CaseChecklist = {
    holders,
    hogar: plan.hogar.map(entry),
    hipoteca: plan.hipoteca.map(entry),
  };
  const obtenidos: RetrievedFile[] = retrieved.map((row) => ({
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
    datosPendientes: factsPending(facts),
    obtenidos,
    entregadoEn: delivery?.createdAt.toISOString() ?? null,
    enviadoEn: sent?.sentAt.toISOString() ?? null,
  };
}
