import { REVIEW_SERVER_MESSAGES } from '@cbp/core';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { caseSubmissions, leads, submissionBuilds } from '../../db/schema';
import { ApiError } from '../../lib/errors';

export type OpenSubmission = typeof caseSubmissions.$inferSelect;
export type SubmissionBuildRow = typeof submissionBuilds.$inferSelect;

/** The states of a build that hold the file: accepted or being built. */
export const ACTIVE_BUILD_STATES = ['aceptado', 'en-preparacion'] as const;

/** The case's sent file while it stands (not reopened by the firm), if any. */
export async function openSubmissionOf(
  db: Executor,
  leadId: string,
): Promise<OpenSubmission | null> {
  const [row] = await db
    .select()
    .from(caseSubmissions)
    .where(and(eq(caseSubmissions.leadId, leadId), isNull(caseSubmissions.reopenedAt)))
    .limit(1);
  return row ?? null;
}

/** The case's build accepted or in progress, if any (one at most: a partial unique index). */
export async function activeBuildOf(
  db: Executor,
  leadId: string,
): Promise<SubmissionBuildRow | null> {
  const [row] = await db
    .select()
    .from(submissionBuilds)
    .where(
      and(
        eq(submissionBuilds.leadId, leadId),
        inArray(submissionBuilds.state, [...ACTIVE_BUILD_STATES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The case's latest build, whatever its state. */
export async function latestBuildOf(
  db: Executor,
  leadId: string,
): Promise<SubmissionBuildRow | null> {
  const [row] = await db
    .select()
    .from(submissionBuilds)
    .where(eq(submissionBuilds.leadId, leadId))
    .orderBy(desc(submissionBuilds.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Whether the client may no longer change the file: it is sent, or its sending was accepted and
 * the bank file is being built from it (decision 0580).
 */
export async function fileLocked(db: Executor, leadId: string): Promise<boolean> {
  if ((await openSubmissionOf(db, leadId)) !== null) return true;
  return (await activeBuildOf(db, leadId)) !== null;
}

/**
 * Refuses a change to a sent file (409) with a message that says what to do. Every write the
 * client can make to the file (review, documents) calls this first.
 */
export async function assertFileEditable(db: Executor, leadId: string): Promise<void> {
  if (await fileLocked(db, leadId)) {
    throw new ApiError(409, REVIEW_SERVER_MESSAGES.locked);
  }
}

/**
 * The same refusal inside the transaction that writes the change. It first takes the case's lead
 * row in share mode, so it waits for a send in progress (which holds the row for update) and then
 * sees it: a change and a send never both get in.
 */
export async function assertFileEditableIn(tx: Transaction, leadId: string): Promise<void> {
  await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for('share');
  await assertFileEditable(tx, leadId);
}
