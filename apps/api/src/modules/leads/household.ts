import type { ReviewCounts } from '@cbp/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { leads } from '../../db/schema';

/**
 * Sets how many holders and household members the case has (the review's step 1); the document
 * checklist follows. Files of people no longer counted stay stored (decision 0502). Answers the
 * counts before, or null when they were already these.
 */
export async function setHouseholdCounts(
  executor: Executor,
  leadId: string,
  counts: ReviewCounts,
): Promise<ReviewCounts | null> {
  const [before] = await executor
    .select({
      numeroTitulares: leads.numeroTitulares,
      miembrosUnidadFamiliar: leads.miembrosUnidadFamiliar,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (
    before === undefined ||
    (before.numeroTitulares === counts.numeroTitulares &&
      before.miembrosUnidadFamiliar === counts.miembrosUnidadFamiliar)
  ) {
    return null;
  }
  await executor
    .update(leads)
    .set({
      numeroTitulares: counts.numeroTitulares,
      miembrosUnidadFamiliar: counts.miembrosUnidadFamiliar,
    })
    .where(eq(leads.id, leadId));
  return before;
}
