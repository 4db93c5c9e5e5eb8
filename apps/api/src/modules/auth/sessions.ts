import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { hashToken, newOpaqueToken } from '../../lib/secrets';
import type { AccessClaims, SessionScope } from '../../lib/access-token';
import { recordAudit } from '../audit/service';

export interface IssuedSession {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  /** Seconds the access token lives. */
  expires_in: number;
  /** Unix time (seconds) when the access token expires. */
  expires_at: number;
}

type RevokeReason = NonNullable<typeof sessions.$inferSelect.revokedReason>;

async function issueTokens(
  ctx: AppContext,
  executor: Executor,
  claims: AccessClaims,
): Promise<IssuedSession> {
  const refreshToken = newOpaqueToken();
  await executor.insert(refreshTokens).values({
    sessionId: claims.sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenTtlSeconds * 1000),
  });
  const ttl = ctx.accessTokens.ttlSeconds;
  return {
    access_token: await ctx.accessTokens.sign(claims),
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: ttl,
    expires_at: Math.floor(Date.now() / 1000) + ttl,
  };
}

export async function startSession(
  ctx: AppContext,
  executor: Executor,
  input: { userId: string; scope: SessionScope; leadId?: string },
): Promise<IssuedSession> {
  const [row] = await executor
    .insert(sessions)
    .values({ userId: input.userId, scope: input.scope, leadId: input.leadId ?? null })
    .returning({ id: sessions.id });
  if (row === undefined) throw new Error('session insert returned no row');
  return issueTokens(ctx, executor, {
    userId: input.userId,
    sessionId: row.id,
    scope: input.scope,
    leadId: input.leadId,
  });
}

export async function revokeSession(
  executor: Executor,
  sessionId: string,
  reason: RevokeReason,
): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of the person, or only those of one scope. */
export async function revokeUserSessions(
  executor: Executor,
  userId: string,
  reason: RevokeReason,
  scope?: SessionScope,
): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        scope === undefined ? undefined : eq(sessions.scope, scope),
      ),
    );
}

/** Revokes the session a refresh token belongs to, if it is one of ours. */
export async function revokeByRefreshToken(
  executor: Executor,
  refreshToken: string,
  reason: RevokeReason,
): Promise<void> {
  const [row] = await executor
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (row !== undefined) await revokeSession(executor, row.sessionId, reason);
}

/**
 * Exchanges a refresh token for a new pair. Each refresh token works once: presenting one
 * that was already exchanged means it leaked (or two tabs raced), so the whole session is
 * revoked and both holders have to sign in again.
 */
export async function rotateRefreshToken(
  ctx: AppContext,
  refreshToken: string,
  ip?: string,
): Promise<{ session: IssuedSession; claims: AccessClaims }> {
  const tokenHash = hashToken(refreshToken);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          sql`${refreshTokens.expiresAt} > now()`,
        ),
      )
      .returning({ sessionId: refreshTokens.sessionId });

    if (claimed === undefined) {
      const [known] = await tx
        .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (known?.usedAt != null) {
        await revokeSession(tx, known.sessionId, 'reuse');
        await recordAudit(tx, {
          actorKind: 'anonimo',
          action: 'client.refresh_reuse',
          subjectType: 'session',
          subjectId: known.sessionId,
          ip: ip ?? null,
        });
        return { kind: 'reused' as const, sessionId: known.sessionId };
      }
      return { kind: 'invalid' as const };
    }

    const [session] = await tx
      .update(sessions)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(sessions.id, claimed.sessionId), isNull(sessions.revokedAt)))
      .returning();
    if (session === undefined) return { kind: 'invalid' as const };

    const claims: AccessClaims = {
      userId: session.userId,
      sessionId: session.id,
      scope: session.scope,
      leadId: session.leadId ?? undefined,
    };
    return { kind: 'ok' as const, claims, session: await issueTokens(ctx, tx, claims) };
  });

  if (outcome.kind === 'ok') return { session: outcome.session, claims: outcome.claims };
  throw new ApiError(401, messages.refreshInvalid, {
    reason: outcome.kind === 'reused' ? 'refresh_token_reused' : 'refresh_token_invalid',
  });
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * The session sent along with a call that does not need one (a lead, a password link): none, an
 * expired or a revoked one all count as no session; a database failure still fails the call.
 */
export async function optionalSession(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<AccessClaims | undefined> {
  if (bearerToken(request) === undefined) return undefined;
  try {
    return await authenticate(ctx, request);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401) return undefined;
    throw error;
  }
}

/** The caller's session, checked against the database so logout and revocation take effect at once. */
export async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<AccessClaims> {
  const token = bearerToken(request);
  if (token === undefined) throw new ApiError(401, messages.missingToken);
  const claims = await ctx.accessTokens.verify(token);
  if (claims === undefined) throw new ApiError(401, messages.unauthorized);
  const [session] = await ctx.db
    .select({ revokedAt: sessions.revokedAt, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.id, claims.sessionId));
  if (session === undefined || session.revokedAt !== null || session.userId !== claims.userId) {
    throw new ApiError(401, messages.unauthorized);
  }
  return claims;
}
