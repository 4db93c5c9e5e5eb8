import { quotaReachedMessage, type StoredFile, type StoredMimeType } from '@cbp/core';
import { and, count, eq, isNull, sql, sum } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { caseSubmissions, documents } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { newStorageKey } from '../../providers/storage';
import { recordAudit } from '../audit/service';

export type DocumentRow = typeof documents.$inferSelect;

export interface NewCaseFile {
  leadId: string;
  /** The client who uploaded it; omitted for retrieved files. */
  userId?: string;
  origin: 'subida' | 'obtenido';
  /** Checklist entry of an upload ('1/dni-nie'): the file there before is superseded. */
  slot?: string;
  /** Retrieved files: the spec's model, its year and the provider's id. */
  model?: string;
  modelYear?: number;
  providerDocumentId?: string;
  fileName: string;
  mimeType: StoredMimeType;
  /** The checked content (see inspectUpload): stored encrypted, never as received unchecked. */
  body: Buffer | Readable;
  /**
   * Refuse the file (413, nothing kept) when the case would pass its quota. Uploads do;
   * retrieved files are counted but not refused, so a retrieval never stops half way (0590).
   */
  enforceQuota?: boolean;
  /** Runs in the transaction that records the file (its audit entry), so both or neither are kept. */
  alongside?: (tx: Transaction, row: DocumentRow) => Promise<void>;
}

/** What a case keeps stored: the files whose bytes are kept, and their bytes. */
export interface CaseUsage {
  files: number;
  bytes: number;
}

/**
 * Whether a file must be kept once replaced: the firm reviewed it (approved or rejected, kept
 * for the record) or a sent file holds it (the bank's PDF was made from it).
 */
async function keptForRecord(executor: Executor, row: DocumentRow): Promise<boolean> {
  if (row.estado !== 'pendiente') return true;
  const [sent] = await executor
    .select({ id: caseSubmissions.id })
    .from(caseSubmissions)
    .where(
      and(
        eq(caseSubmissions.leadId, row.leadId),
        sql`${caseSubmissions.documents} @> ${JSON.stringify([{ fileId: row.id }])}::jsonb`,
      ),
    )
    .limit(1);
  return sent !== undefined;
}

/**
 * What the case keeps stored. With `replacing`, the current file of that checklist entry is left
 * out when a new upload there would delete it, so a full case can still replace a file.
 */
export async function caseUsage(
  executor: Executor,
  leadId: string,
  replacing?: string,
): Promise<CaseUsage> {
  const [totals] = await executor
    .select({ files: count(), bytes: sum(documents.size) })
    .from(documents)
    .where(and(eq(documents.leadId, leadId), isNull(documents.contentDeletedAt)));
  const usage = { files: totals?.files ?? 0, bytes: Number(totals?.bytes ?? 0) };
  if (replacing === undefined) return usage;
  const [current] = await executor
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.leadId, leadId),
        eq(documents.slot, replacing),
        isNull(documents.supersededAt),
        isNull(documents.contentDeletedAt),
      ),
    )
    .limit(1);
  if (current === undefined || (await keptForRecord(executor, current))) return usage;
  return { files: usage.files - 1, bytes: usage.bytes - current.size };
}

/** Whether one more file of `bytes` fits in the quota after `usage`. */
export function fitsInQuota(
  usage: CaseUsage,
  bytes: number,
  quota: { maxBytes: number; maxFiles: number },
): boolean {
  return usage.files + 1 <= quota.maxFiles && usage.bytes + bytes <= quota.maxBytes;
}

/**
 * Stores a checked file and records it on the case. The object is written first and the row
 * after, so no row ever points at half a file; if the row cannot be written the object is
 * removed. An upload into a slot supersedes the slot's current file in the same transaction;
 * that file's bytes are deleted once committed unless it must be kept (see keptForRecord).
 * With `enforceQuota`, a file the case has no room for is refused with a 413 and not kept.
 */
export async function saveCaseFile(ctx: AppContext, file: NewCaseFile): Promise<DocumentRow> {
  const storageKey = newStorageKey(file.leadId);
  const body = Buffer.isBuffer(file.body) ? Readable.from([file.body]) : file.body;
  const stored = await ctx.storage.put(storageKey, body);
  let deleted: DocumentRow | undefined;
  let saved: DocumentRow;
  try {
    saved = await ctx.db.transaction(async (tx) => {
      // The case's files change one at a time: two uploads into one slot, or two that each fit
      // the quota alone, take turns.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`document-files:${file.leadId}`}))`,
      );
      const now = new Date();
      let previous: DocumentRow | undefined;
      if (file.slot !== undefined) {
        [previous] = await tx
          .update(documents)
          .set({ supersededAt: now })
          .where(
            and(
              eq(documents.leadId, file.leadId),
              eq(documents.slot, file.slot),
              isNull(documents.supersededAt),
            ),
          )
          .returning();
      }
      const [row] = await tx
        .insert(documents)
        .values({
          leadId: file.leadId,
          userId: file.userId ?? null,
          origin: file.origin,
          slot: file.slot ?? null,
          model: file.model ?? null,
          modelYear: file.modelYear ?? null,
          providerDocumentId: file.providerDocumentId ?? null,
          fileName: file.fileName,
          mimeType: file.mimeType,
          size: stored.size,
          sha256: stored.sha256,
          storageKey,
        })
        .returning();
      if (row === undefined) throw new Error('documents insert returned no row');
      if (previous !== undefined && !(await keptForRecord(tx, previous))) {
        await tx
          .update(documents)
          .set({ contentDeletedAt: now })
          .where(eq(documents.id, previous.id));
        await recordAudit(tx, {
          actorKind: 'sistema',
          action: 'documents.replaced_file_deleted',
          subjectType: 'document',
          subjectId: previous.id,
          after: {
            lead: file.leadId,
            documento: previous.slot,
            bytes: previous.size,
            sustituidoPor: row.id,
          },
        });
        deleted = previous;
      }
      if (file.enforceQuota === true) {
        const usage = await caseUsage(tx, file.leadId);
        if (usage.files > ctx.config.documentQuota.maxFiles) throw quotaReached(ctx);
        if (usage.bytes > ctx.config.documentQuota.maxBytes) throw quotaReached(ctx);
      }
      await file.alongside?.(tx, row);
      return row;
    });
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  // The row is marked first, so a failure here leaves bytes nothing reads, never a row
  // pointing at deleted bytes.
  if (deleted !== undefined) await ctx.storage.delete(deleted.storageKey).catch(() => undefined);
  return saved;
}

export function quotaReached(ctx: AppContext): ApiError {
  return new ApiError(413, quotaReachedMessage(ctx.config.documentQuota));
}

/** The current (not superseded) files of a case, oldest first. */
export async function currentCaseFiles(db: Executor, leadId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.leadId, leadId), isNull(documents.supersededAt)))
    .orderBy(documents.createdAt);
}

export function toStoredFile(row: DocumentRow): StoredFile {
  return {
    id: row.id,
    name: row.fileName,
    size: row.size,
    mimeType: row.mimeType,
    subidoEn: row.createdAt.toISOString(),
  };
}
