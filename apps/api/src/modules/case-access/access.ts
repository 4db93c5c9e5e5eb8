import { NO_CASE_MESSAGE } from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { leads } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { isUuid } from '../../lib/sql-filters';
import type { AccessClaims } from '../../lib/access-token';
import { leadOfLeadSession, userForClaims } from '../auth/users';

export type LeadRow = typeof leads.$inferSelect;

/** The session's case: the lead it works on (its own for a lead session, the account's current one). */
export interface SessionCase {
  lead: LeadRow;
  email: string;
}

/**
 * Loads a lead only if the session may see it: a lead session its own lead, an account
 * session the leads of its person. Anything else is "not found", so ids cannot be probed.
 */
export async function loadOwnedLead(
  ctx: AppContext,
  claims: AccessClaims,
  leadId: string,
): Promise<LeadRow> {
  // Not a uuid is no lead at all, and never reaches the uuid column, where it would be an error.
  if (!isUuid(leadId) || (claims.scope === 'lead' && claims.leadId !== leadId)) {
    throw new ApiError(404, messages.leadNotFound);
  }
  const [lead] = await ctx.db
    .select()
    .from(leads)
    .where(
      and(
        eq(leads.id, leadId),
        eq(leads.userId, claims.userId),
        // What someone else sent for this e-mail without signing in is not the account's.
        claims.scope === 'account' ? eq(leads.unverifiedForAccount, false) : undefined,
      ),
    );
  if (lead === undefined) throw new ApiError(404, messages.leadNotFound);
  return lead;
}

export async function sessionCase(ctx: AppContext, claims: AccessClaims): Promise<SessionCase> {
  if (claims.scope === 'lead') {
    const lead = await leadOfLeadSession(ctx, claims);
    return { lead, email: lead.email };
  }
  const user = await userForClaims(ctx, claims);
  if (user.leadId === null || user.leadId === undefined) throw new ApiError(404, NO_CASE_MESSAGE);
  const lead = await loadOwnedLead(ctx, claims, user.leadId);
  return { lead, email: user.email };
}

/** A lead by its id for the firm; an id that is no UUID, or unknown, answers 404. */
export async function leadRow(db: Executor, leadId: string): Promise<LeadRow> {
  if (!isUuid(leadId)) throw new ApiError(404, messages.leadNotFound);
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  if (row === undefined) throw new ApiError(404, messages.leadNotFound);
  return row;
}

/**
 * Takes the case's row lock until the caller's transaction ends, and answers the row as locked
 * (undefined when there is no such lead): changes to the client's file (the review, its sending,
 * the contract and its payment) run one after the other for one case.
 */
export async function lockCase(executor: Executor, leadId: string): Promise<LeadRow | undefined> {
  const [row] = await executor.select().from(leads).where(eq(leads.id, leadId)).for('update');
  return row;
}
