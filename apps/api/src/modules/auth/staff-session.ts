import { STAFF_MESSAGES, type StaffRole } from '@cbp/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { staffMembers, staffSessions } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { bearerToken } from './sessions';

type MemberRow = typeof staffMembers.$inferSelect;

/**
 * The staff member behind a request. 401 without a valid staff token; 403 for a client's token,
 * which is valid but for the other side. The role is read from the database, so a change or a
 * deactivation takes effect at once.
 */
export async function authenticateStaff(
  ctx: AppContext,
  request: FastifyRequest,
  role: StaffRole | undefined,
): Promise<MemberRow> {
  const token = bearerToken(request);
  if (token === undefined) throw new ApiError(401, messages.missingToken);
  const claims = await ctx.staffTokens.verify(token);
  if (claims === undefined) {
    if ((await ctx.accessTokens.verify(token)) !== undefined) {
      throw new ApiError(403, STAFF_MESSAGES.clientToken);
    }
    throw new ApiError(401, messages.unauthorized);
  }
  const [row] = await ctx.db
    .select({ member: staffMembers })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.id, claims.sessionId),
        eq(staffSessions.staffId, claims.staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staffMembers.disabledAt),
      ),
    );
  if (row === undefined) throw new ApiError(401, messages.unauthorized);
  if (role === 'admin' && row.member.role !== 'admin') {
    throw new ApiError(403, STAFF_MESSAGES.forbidden);
  }
  return row.member;
}
