import { reviewDraftValuesSchema, type ReviewDraftValues } from '@cbp/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reviewDrafts } from '../../db/schema';

/** What sending the file needs of the review: the values as typed and whether it was finished. */
export interface StoredReview {
  values: ReviewDraftValues;
  updatedAt: Date;
  /** 'Finalizar revisión' accepted and nothing changed since; null otherwise. */
  finalizedAt: Date | null;
}

/** The case's review draft, or null when the client has not saved one yet. */
export async function storedReviewOf(db: Executor, leadId: string): Promise<StoredReview | null> {
  const [row] = await db
    .select({
      values: reviewDrafts.values,
      updatedAt: reviewDrafts.updatedAt,
      finalizedAt: reviewDrafts.finalizedAt,
    })
    .from(reviewDrafts)
    .where(eq(reviewDrafts.leadId, leadId))
    .limit(1);
  if (row === undefined) return null;
  const values = reviewDraftValuesSchema.safeParse(row.values);
  return {
    values: values.success ? values.data : {},
    updatedAt: row.updatedAt,
    finalizedAt: values.success ? row.finalizedAt : null,
  };
}
