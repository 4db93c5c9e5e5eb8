import {
  buildDocumentChecklist,
  DOCUMENT_DEFINITIONS,
  type HolderCategory,
  retrievedDocumentName,
  type CaseChecklist,
  type CaseChecklistDocument,
  type DocumentsOverview,
  type RetrievedFile,
} from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documentDeliveries, leads } from '../../db/schema';
import { currentCaseFiles, toStoredFile, type DocumentRow } from './files';
import { openSubmissionOf } from '../submission/lock';

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
 * files. Files in slots the household no longer has (the counts went down) are kept as they
 * are: the client's list leaves them out until the counts come back up, and the firm's
 * (`outsideHousehold`) lists them after the household, under whose they were.
 */
export async function documentsOverview(
  db: Executor,
  leadId: string,
  options: { outsideHousehold?: boolean } = {},
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
  const [delivery] = await db
    .select({ createdAt: documentDeliveries.createdAt })
    .from(documentDeliveries)
    .where(eq(documentDeliveries.leadId, leadId))
    .orderBy(desc(documentDeliveries.createdAt))
    .limit(1);
  const sent = await openSubmissionOf(db, leadId);
  const bySlot = new Map(rows.filter((row) => row.slot !== null).map((row) => [row.slot, row]));
  const blank = buildDocumentChecklist(lead.numeroTitulares, lead.miembrosUnidadFamiliar);
  const entry = (document: { id: string; nombre: string }): CaseChecklistDocument => ({
    id: document.id,
    nombre: document.nombre,
    ...review(bySlot.get(document.id)),
  });
  const holders: CaseChecklist['holders'] = Object.fromEntries(
    Object.entries(blank.holders).map(([key, holder]) => [
      key,
      { personal: holder.personal.map(entry), laboral: holder.laboral.map(entry) },
    ]),
  );
  if (options.outsideHousehold === true) {
    for (const [key, holder] of outsideHousehold(bySlot, blank.holders)) {
      holders[key] = {
        personal: holder.personal.map(entry),
        laboral: holder.laboral.map(entry),
      };
    }
  }
  const checklist: CaseChecklist = { holders, hipoteca: blank.hipoteca.map(entry) };
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
    enviadoEn: sent?.sentAt.toISOString() ?? null,
  };
}

/**
 * The entries with a current file whose holder or member the household no longer has, grouped
 * by whose they are, in the order the checklist would list them.
 */
function outsideHousehold(
  bySlot: Map<string | null, DocumentRow>,
  household: Readonly<Record<string, unknown>>,
): [string, Record<HolderCategory, { id: string; nombre: string }[]>][] {
  const keys = new Set<string>();
  for (const slot of bySlot.keys()) {
    const key = slot?.slice(0, slot.indexOf('/'));
    if (key !== undefined && key !== 'hipoteca' && key !== '' && !(key in household)) keys.add(key);
  }
  const order = (key: string) =>
    key.startsWith('miembro-') ? 1000 + Number(key.slice('miembro-'.length)) : Number(key);
  return [...keys]
    .sort((a, b) => order(a) - order(b))
    .map((key) => {
      const filed = (category: HolderCategory) =>
        DOCUMENT_DEFINITIONS[category]
          .map((definition) => ({ id: `${key}/${definition.slug}`, nombre: definition.nombre }))
          .filter((document) => bySlot.has(document.id));
      return [key, { personal: filed('personal'), laboral: filed('laboral') }];
    });
}
