import { UPLOAD_PATH } from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema';
import { seal, unseal } from '../../../lib/secrets';
import type { UploadOutcome } from '../service';

/**
 * The answer each finished upload got is kept with the stored answers of idempotent requests
 * (idempotency_keys, removed after 24 hours with them, as long as an unfinished upload lives),
 * so a repeated last PATCH gets it again on any instance (decisions 0593 and 0755).
 */
const SCOPE = `PATCH ${UPLOAD_PATH} (final)`;

/** Whose upload it was: only its owner, on the same case, is given its answer again. */
export interface UploadOwner {
  userId: string;
  leadId: string;
}

const fingerprint = (owner: UploadOwner) =>
  createHash('sha256').update(`${owner.userId}\n${owner.leadId}`).digest('hex');

export async function rememberAnswer(
  ctx: AppContext,
  executor: Executor,
  uploadId: string,
  owner: UploadOwner,
  outcome: UploadOutcome,
): Promise<void> {
  await executor.insert(idempotencyKeys).values({
    scope: SCOPE,
    key: uploadId,
    requestHash: fingerprint(owner),
    statusCode: outcome.ok ? 200 : outcome.status,
    responseSealed: seal(ctx.idempotencyKey, JSON.stringify(outcome)),
  });
}

/** The answer a finished upload of this owner got, if it is still kept. */
export async function rememberedAnswer(
  ctx: AppContext,
  uploadId: string,
  owner: UploadOwner,
): Promise<UploadOutcome | undefined> {
  const [stored] = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, SCOPE), eq(idempotencyKeys.key, uploadId)));
  if (stored === undefined || stored.requestHash !== fingerprint(owner)) return undefined;
  try {
    return JSON.parse(unseal(ctx.idempotencyKey, stored.responseSealed)) as UploadOutcome;
  } catch {
    // Sealed under a signing secret that has since been replaced: the answer is gone.
    return undefined;
  }
}
