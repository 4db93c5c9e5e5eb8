import type { StoredFile, StoredMimeType } from '@cbp/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { documents } from '../../db/schema';
import { newStorageKey } from '../../providers/storage';

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
  /** Runs in the transaction that records the file (its audit entry), so both or neither are kept. */
  alongside?: (tx: Transaction, row: DocumentRow) => Promise<void>;
}

/**
 * Stores a checked file and records it on the case. The object is written first and the row
 * after, so no row ever points at half a file; if the row cannot be written the object is
 * removed. An upload into a slot supersedes the slot's current file in the same transaction.
 */
export async function saveCaseFile(ctx: AppContext, file: NewCaseFile): Promise<DocumentRow> {
  const storageKey = newStorageKey(file.leadId);
  const body = Buffer.isBuffer(file.body) ? Readable.from([file.body]) : file.body;
  const stored = await ctx.storage.put(storageKey, body);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (file.slot !== undefined) {
        // Two uploads finishing at once into one slot take turns: the second supersedes the first.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`document-slot:${file.leadId}:${file.slot}`}))`,
        );
        await tx
          .update(documents)
          .set({ supersededAt: new Date() })
          .where(
            and(
              eq(documents.leadId, file.leadId),
              eq(documents.slot, file.slot),
              isNull(documents.supersededAt),
            ),
          );
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
      await file.alongside?.(tx, row);
      return row;
    });
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
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
