import type { User } from '@cbp/core';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { leads, signedContracts, users } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import type { AccessClaims } from '../../lib/access-token';

/**
 * The lead a lead session names, in one read: that lead is its case, so the screens that work on
 * the case need not read the session's user first. 401 when the lead is gone.
 */
export async function leadOfLeadSession(
  ctx: AppContext,
  claims: Pick<AccessClaims, 'userId' | 'leadId'>,
) {
  const [lead] = await ctx.db
    .select()
    .from(leads)
    .where(and(eq(leads.id, claims.leadId ?? ''), eq(leads.userId, claims.userId)));
  if (lead === undefined) throw new ApiError(401, messages.unauthorized);
  return lead;
}

/**
 * The user a session sees. A lead session is built from its lead alone, so a visitor who
 * typed someone else's e-mail learns nothing of that person's account.
 */
export async function userForClaims(
  ctx: AppContext,
  claims: Pick<AccessClaims, 'userId' | 'scope' | 'leadId'>,
): Promise<User> {
  if (claims.scope === 'lead') {
    const lead = await leadOfLeadSession(ctx, claims);
    return {
      id: claims.userId,
      email: lead.email,
      nombre: lead.nombre,
      apellidos: lead.apellidos,
      leadId: lead.id,
      // A lead session learns only whether its own case was paid, never the account's status.
      estado: (await leadIsClient(ctx.db, lead.id)) ? 'CLIENTE' : 'LEAD',
    };
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.userId));
  if (user === undefined) throw new ApiError(401, messages.unauthorized);
  return {
    id: user.id,
    email: user.email,
    nombre: user.nombre,
    apellidos: user.apellidos,
    leadId: user.currentLeadId ?? (await latestOwnLead(ctx, user.id)),
    estado: user.clientSince === null ? 'LEAD' : 'CLIENTE',
  };
}

/** For accounts made before the current lead was recorded: their newest lead of their own. */
async function latestOwnLead(ctx: AppContext, userId: string): Promise<string | null> {
  const [latest] = await ctx.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.userId, userId), eq(leads.unverifiedForAccount, false)))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return latest?.id ?? null;
}

/** Whether a payment of this case has been confirmed: its person is then CLIENTE. */
export async function leadIsClient(executor: Executor, leadId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: signedContracts.id })
    .from(signedContracts)
    .where(and(eq(signedContracts.leadId, leadId), isNotNull(signedContracts.startedAt)))
    .limit(1);
  return row !== undefined;
}
