import {
  type CaseChecklistDocument,
  type CaseStepState,
  checklistEntryState,
  DOCUMENT_MESSAGES,
  type DeliveryResponse,
  type DocumentsOverview,
  holderLabel,
  HOLDER_CATEGORIES,
  NO_CASE_MESSAGE,
  type UploadResult,
  withoutHiddenCharacters,
} from '@cbp/core';
import { and, eq, isNull } from 'drizzle-orm';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { Database, Executor } from '../../db/client';
import { documentDeliveries, documents } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import type { AccessClaims } from '../../lib/access-token';
import { loadOwnedLead, sessionCase } from '../case-access/access';
import { assertFileEditable, assertFileEditableIn, openSubmissionOf } from '../case-access/lock';
import { enqueueMail } from '../mail/outbox';
import { documentsDeliveredMail } from '../mail/case-mails';
import { inspectUpload } from './content';
import {
  caseUsage,
  fitsInQuota,
  quotaReached,
  saveCaseFile,
  toStoredFile,
  type DocumentRow,
} from './files';
import { documentsOverview } from './overview';

export async function overviewOf(ctx: AppContext, leadId: string): Promise<DocumentsOverview> {
  const overview = await documentsOverview(ctx.db, leadId);
  if (overview === undefined) throw new ApiError(404, NO_CASE_MESSAGE);
  return overview;
}

/**
 * Each checklist entry with the label of whose it is ('Titular 2', 'Miembro 1'; null for the
 * household's and the mortgage's), in the screen's order.
 */
function checklistEntries(
  overview: DocumentsOverview,
): { entry: CaseChecklistDocument; owner: string | null }[] {
  return [
    ...overview.checklist.hogar.map((entry) => ({ entry, owner: null })),
    ...Object.entries(overview.checklist.holders).flatMap(([key, holder]) =>
      HOLDER_CATEGORIES.flatMap((category) =>
        holder[category].map((entry) => ({ entry, owner: holderLabel(key) })),
      ),
    ),
    ...overview.checklist.hipoteca.map((entry) => ({ entry, owner: null })),
  ];
}

/**
 * The entries the person uploads today: needed by the household's situation and not produced
 * by the product. A file goes only there; entries shown as not needed keep theirs.
 */
function uploadEntries(
  overview: DocumentsOverview,
): { entry: CaseChecklistDocument; owner: string | null }[] {
  return checklistEntries(overview).filter(
    ({ entry }) => entry.necesario && entry.origen === 'subida',
  );
}

/** 'DNI/NIE (Titular 2)'; the mortgage's documents by their name alone. */
function entryLabel(entry: { nombre: string }, owner: string | null): string {
  return owner === null ? entry.nombre : `${entry.nombre} (${owner})`;
}

/** Whether `documentId` is an entry of the case's checklist the person uploads today. */
export async function isChecklistEntry(
  ctx: AppContext,
  leadId: string,
  documentId: string,
): Promise<boolean> {
  const overview = await overviewOf(ctx, leadId);
  return uploadEntries(overview).some(({ entry }) => entry.id === documentId);
}

const EXTENSION_ALIASES: Record<'pdf' | 'jpg' | 'png', readonly string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg', 'jpeg', 'jpe'],
  png: ['png'],
};
/** Extensions a person's file may wrongly carry: replaced by the one its content has. */
const KNOWN_EXTENSIONS =
  /\.(?:pdf|jpe?g|jpe|png|heic|heif|avif|gif|webp|tiff?|bmp|docx?|odt|txt|zip)$/i;

/**
 * The name a stored file gets: the person's own name, without folders nor the invisible and
 * control characters typed text may not have (decision 0313),
 * ending in the extension its content really has ('nómina' → 'nómina.pdf', 'DNI.png' holding a
 * JPEG → 'DNI.jpg'; 'escritura.JPEG' stays as it is).
 */
export function storedFileName(original: string, extension: 'pdf' | 'jpg' | 'png'): string {
  const base = withoutHiddenCharacters(original).split(/[/\\]/).pop()?.trim() ?? '';
  const name = base === '' || base === '.' || base === '..' ? 'documento' : base;
  const current = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  if (current !== undefined && EXTENSION_ALIASES[extension].includes(current)) {
    return name.slice(0, 255);
  }
  const stem = name.replace(KNOWN_EXTENSIONS, '') || 'documento';
  return `${stem.slice(0, 250)}.${extension}`;
}

/** A checklist entry as GET /api/documents lists it; undefined when the case's list lacks it. */
async function checklistEntry(
  ctx: AppContext,
  leadId: string,
  documentId: string,
): Promise<CaseChecklistDocument | undefined> {
  const overview = await overviewOf(ctx, leadId);
  return uploadEntries(overview).find(({ entry }) => entry.id === documentId)?.entry;
}

export interface FinishedUpload {
  claims: AccessClaims;
  leadId: string;
  email: string;
  documentId: string;
  fileName: string;
  /** The complete upload on this machine's disk. */
  file: string;
  ip: string;
  /** Keeps the outcome, in the transaction that stores the file when it is kept. */
  remember?: (executor: Executor, outcome: UploadOutcome) => Promise<void>;
}

/** Why a complete upload was not kept: 422 for the file or its entry, 413 for the quota. */
export type UploadOutcome =
  { ok: true; result: UploadResult } | { ok: false; status: 413 | 422; message: string };

/**
 * Checks a complete upload by its content and, if the firm can open it, stores it (encrypted)
 * in its checklist entry, superseding the file there before, with its audit entry. A file
 * refused for its content leaves nothing stored and is audited with the reason. An entry the
 * household no longer has (it shrank while the file was on its way) and a file the case has
 * no room for are refused with nothing stored and nothing audited (decision 0590).
 */
export async function recordUpload(
  ctx: AppContext,
  upload: FinishedUpload,
): Promise<UploadOutcome> {
  const actor = {
    actorKind: 'cliente' as const,
    actorId: upload.claims.userId,
    actorEmail: upload.email,
    ip: upload.ip,
  };
  // The file may have been sent while this upload was under way.
  await assertFileEditable(ctx.db, upload.leadId);
  const refused = async (outcome: UploadOutcome, executor: Executor = ctx.db) => {
    await upload.remember?.(executor, outcome);
    return outcome;
  };
  const entry = await checklistEntry(ctx, upload.leadId, upload.documentId);
  if (entry === undefined) {
    return refused({ ok: false, status: 422, message: DOCUMENT_MESSAGES.unknownDocument });
  }
  const { size } = await stat(upload.file);
  if (
    !fitsInQuota(
      await caseUsage(ctx.db, upload.leadId, upload.documentId),
      size,
      ctx.config.documentQuota,
    )
  ) {
    return refused({ ok: false, status: 413, message: quotaReached(ctx).message });
  }
  const inspection = await inspectUpload(upload.file, { fileName: upload.fileName });
  if (!inspection.ok) {
    const { reason, message } = inspection;
    return ctx.db.transaction(async (tx) => {
      await recordAudit(tx, {
        ...actor,
        action: 'documents.upload_refused',
        subjectType: 'lead',
        subjectId: upload.leadId,
        after: { documento: upload.documentId, motivo: reason },
      });
      return refused({ ok: false, status: 422, message }, tx);
    });
  }
  const kept = (row: DocumentRow): UploadOutcome => ({
    ok: true,
    result: {
      data: {
        documento: {
          ...entry,
          archivo: toStoredFile(row),
          estado: row.estado,
          motivoRechazo: null,
        },
      },
    },
  });
  let row: DocumentRow;
  try {
    row = await saveCaseFile(ctx, {
      leadId: upload.leadId,
      userId: upload.claims.userId,
      origin: 'subida',
      slot: upload.documentId,
      fileName: storedFileName(upload.fileName, inspection.extension),
      mimeType: inspection.mimeType,
      body: inspection.open(),
      enforceQuota: true,
      alongside: async (tx, saved) => {
        await assertFileEditableIn(tx, upload.leadId);
        await recordAudit(tx, {
          ...actor,
          action: 'documents.uploaded',
          subjectType: 'document',
          subjectId: saved.id,
          after: {
            lead: upload.leadId,
            documento: upload.documentId,
            nombre: saved.fileName,
            tipo: saved.mimeType,
            bytes: saved.size,
          },
        });
        await upload.remember?.(tx, kept(saved));
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 413) {
      return await refused({ ok: false, status: 413, message: error.message });
    }
    throw error;
  } finally {
    await inspection.dispose();
  }
  return kept(row);
}

/**
 * A stored file of a case the session may reach, decrypted as a stream. Superseded files of
 * one's own case may still be read; any other id answers 404, as an unknown one does.
 */
export async function openOwnFile(
  ctx: AppContext,
  claims: AccessClaims,
  fileId: string,
): Promise<{ row: DocumentRow; content: Readable }> {
  const [row] = await ctx.db.select().from(documents).where(eq(documents.id, fileId)).limit(1);
  if (row === undefined) throw new ApiError(404, DOCUMENT_MESSAGES.notFound);
  try {
    await loadOwnedLead(ctx, claims, row.leadId);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) {
      throw new ApiError(404, DOCUMENT_MESSAGES.notFound);
    }
    throw error;
  }
  if (row.contentDeletedAt !== null) throw new ApiError(404, DOCUMENT_MESSAGES.replacedAndDeleted);
  return { row, content: await ctx.storage.get(row.storageKey) };
}

/**
 * A stored file of `leadId`'s case, decrypted, for work the server does on the case itself (the
 * bank file's build); a file of another case is not found.
 */
export async function openCaseFile(
  ctx: AppContext,
  leadId: string,
  fileId: string,
): Promise<{ row: DocumentRow; content: Readable }> {
  const [row] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, fileId), eq(documents.leadId, leadId)))
    .limit(1);
  if (row === undefined) throw new ApiError(404, DOCUMENT_MESSAGES.notFound);
  return { row, content: await ctx.storage.get(row.storageKey) };
}

/**
 * 'Finalizar subida de documentos': records what the case has and what it still lacks, audits
 * it and tells the firm by e-mail, in one transaction (decision 0474).
 */
export async function deliverDocuments(
  ctx: AppContext,
  claims: AccessClaims,
  ip: string,
): Promise<DeliveryResponse> {
  const { lead, email } = await sessionCase(ctx, claims);
  await assertFileEditable(ctx.db, lead.id);
  const overview = await overviewOf(ctx, lead.id);
  const entries = checklistEntries(overview);
  const filled = entries.filter(({ entry }) => entry.archivo !== null);
  if (filled.length === 0 && overview.obtenidos.length === 0) {
    throw new ApiError(409, DOCUMENT_MESSAGES.nothingToDeliver);
  }
  const missing = uploadEntries(overview).filter(
    ({ entry }) => entry.archivo === null && entry.obtenidoCon === null,
  );
  const faltan = missing.map(({ entry, owner }) => entryLabel(entry, owner));
  const delivered = [
    ...filled.map(({ entry, owner }) => ({
      documento: entryLabel(entry, owner),
      archivo: entry.archivo,
    })),
    ...overview.obtenidos.map((file) => ({ documento: file.nombre, archivo: file.archivo })),
  ].flatMap(({ documento, archivo }) => (archivo === null ? [] : [{ documento, archivo }]));

  const createdAt = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documentDeliveries)
      .values({
        leadId: lead.id,
        userId: claims.userId,
        documentIds: delivered.map(({ archivo }) => archivo.id),
        missing: missing.map(({ entry, owner }) => ({
          id: entry.id,
          nombre: entryLabel(entry, owner),
        })),
      })
      .returning();
    if (row === undefined) throw new Error('document_deliveries insert returned no row');
    await recordAudit(tx, {
      actorKind: 'cliente',
      actorId: claims.userId,
      actorEmail: email,
      action: 'documents.delivered',
      subjectType: 'lead',
      subjectId: lead.id,
      after: { entrega: row.id, archivos: delivered.length, faltan: faltan.length },
      ip,
    });
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: ctx.config.firmEmail,
        mail: documentsDeliveredMail({
          leadId: lead.id,
          nombre: lead.nombre,
          apellidos: lead.apellidos,
          email: lead.email,
          telefono: lead.telefono,
          entregadoEn: row.createdAt,
          entregados: delivered.map(({ documento, archivo }) => ({
            documento,
            archivo: archivo.name,
            bytes: archivo.size,
          })),
          faltan,
          leadLink: ctx.links.staffLead(lead.id),
        }),
      },
    ]);
    return row.createdAt;
  });
  ctx.mailEnqueued();
  return {
    message: DOCUMENT_MESSAGES.delivered,
    data: { entregadoEn: createdAt.toISOString(), faltan },
  };
}

async function hasCurrentFile(db: Database, leadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.leadId, leadId), isNull(documents.supersededAt)))
    .limit(1);
  return row !== undefined;
}

/** What the 'Obtener Documentos' step is read from, all of it the server's own record. */
export interface DocumentsStepFacts {
  /** The person pressed 'Finalizar' (a delivery is recorded). */
  readonly delivered: boolean;
  /** The file stands sent to the firm. */
  readonly sent: boolean;
  /** The case has at least one file (uploaded or retrieved). */
  readonly hasFile: boolean;
  /**
   * Uploads the checklist still asks for (needed, not produced by the product, not retrieved):
   * those without a file and those whose file the firm rejected.
   */
  readonly missing: number;
}

/**
 * 'Obtener Documentos' in the client's task list: done once the documents were delivered
 * ('Finalizar'), once every required document is provided, or once the file was sent; started
 * once the case has a file (uploaded or retrieved).
 */
export function documentsStepFrom(facts: DocumentsStepFacts): CaseStepState {
  if (facts.delivered || facts.sent) return 'completado';
  if (!facts.hasFile) return 'no-empezado';
  return facts.missing === 0 ? 'completado' : 'en-curso';
}

export async function documentsStepState(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<CaseStepState> {
  const { lead } = await sessionCase(ctx, claims);
  const [delivery] = await ctx.db
    .select({ id: documentDeliveries.id })
    .from(documentDeliveries)
    .where(eq(documentDeliveries.leadId, lead.id))
    .limit(1);
  const overview = await overviewOf(ctx, lead.id);
  return documentsStepFrom({
    delivered: delivery !== undefined,
    sent: (await openSubmissionOf(ctx.db, lead.id)) !== null,
    hasFile: (await hasCurrentFile(ctx.db, lead.id)) || overview.obtenidos.length > 0,
    missing: uploadEntries(overview).filter(({ entry }) => {
      const state = checklistEntryState(entry);
      return state === 'falta' || state === 'rechazado';
    }).length,
  });
}
