import { REVIEW_SERVER_MESSAGES } from '@cbp/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { caseSubmissions, leads } from '../../db/schema';
import { ApiError } from '../../lib/errors';

export type OpenSubmission = typeof caseSubmissions.$inferSelect;

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

/**
 * Refuses a change to a sent file (409) with a message that says what to do. Every write the
 * client can make to the file (review, documents) calls this first.
 */
export async function assertFileEditable(db: Executor, leadId: string): Promise<void> {
  if ((await openSubmissionOf(db, leadId)) !== null) {
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
