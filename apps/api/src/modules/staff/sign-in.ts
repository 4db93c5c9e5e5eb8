import {
  STAFF_MESSAGES,
  type StaffActivationRequest,
  type StaffLoginRequest,
  type StaffMember,
} from '@cbp/core';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { staffInvitations, staffMembers, staffRefreshTokens, staffSessions } from '../../db/schema';
import { clearCounter, countHit, readCounter } from '../../lib/counters';
import { ApiError, messages } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newOpaqueToken, unseal } from '../../lib/secrets';
import type { StaffClaims } from '../../lib/staff-tokens';
import { recordAudit } from '../audit/service';
import {
  memberView,
  totpKey,
  usableInvitation,
  type IssuedStaffSession,
  type MemberRow,
} from './accounts';
import { acceptedTotpStep } from './totp';

const failuresKey = (email: string) => `staff-login-account:${email}`;

async function startStaffSession(
  ctx: AppContext,
  executor: Executor,
  member: MemberRow,
): Promise<IssuedStaffSession> {
  const expiresAt = new Date(Date.now() + ctx.config.staff.sessionTtlSeconds * 1000);
  const [session] = await executor
    .insert(staffSessions)
    .values({ staffId: member.id, expiresAt })
    .returning({ id: staffSessions.id });
  if (session === undefined) throw new Error('staff session insert returned no row');
  return issueStaffTokens(
    ctx,
    executor,
    {
      staffId: member.id,
      sessionId: session.id,
      role: member.role,
    },
    expiresAt,
  );
}

async function issueStaffTokens(
  ctx: AppContext,
  executor: Executor,
  claims: StaffClaims,
  sessionExpiresAt: Date,
): Promise<IssuedStaffSession> {
  const refreshToken = newOpaqueToken();
  await executor.insert(staffRefreshTokens).values({
    sessionId: claims.sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: sessionExpiresAt,
  });
  const secondsLeft = Math.floor((sessionExpiresAt.getTime() - Date.now()) / 1000);
  const ttl = Math.max(1, Math.min(ctx.staffTokens.ttlSeconds, secondsLeft));
  return {
    access_token: await ctx.staffTokens.sign(claims),
    expires_in: ttl,
    refreshToken,
    sessionExpiresAt,
  };
}

function codeError(message: string): ApiError {
  return new ApiError(401, message, { errors: { codigo: message } });
}

export async function activateStaff(
  ctx: AppContext,
  input: StaffActivationRequest,
  ip: string,
): Promise<{ session: IssuedStaffSession; member: StaffMember }> {
  const { invitation, member, secret } = await usableInvitation(ctx, ctx.db, input.token);
  let totpStep: number | undefined;
  if (input.codigo !== undefined) {
    totpStep = acceptedTotpStep(secret, member.email, input.codigo);
    if (totpStep === undefined) {
      throw new ApiError(400, STAFF_MESSAGES.totpInvalid, {
        errors: { codigo: STAFF_MESSAGES.totpInvalid },
      });
    }
  } else if (ctx.config.staff.totpRequired) {
    throw new ApiError(400, STAFF_MESSAGES.totpRequired, {
      errors: { codigo: STAFF_MESSAGES.totpRequired },
    });
  }
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(staffInvitations)
      .set({ usedAt: new Date() })
      .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.usedAt)))
      .returning({ id: staffInvitations.id });
    if (spent === undefined) throw new ApiError(400, STAFF_MESSAGES.invalidInvitation);
    const [activated] = await tx
      .update(staffMembers)
      .set({
        passwordHash,
        activatedAt: new Date(),
        totpSecretSealed: totpStep === undefined ? null : invitation.totpSecretSealed,
        totpLastStep: totpStep ?? null,
      })
      .where(eq(staffMembers.id, member.id))
      .returning();
    if (activated === undefined) throw new ApiError(400, STAFF_MESSAGES.invalidInvitation);
    await recordAudit(tx, {
      actorKind: 'staff',
      actorId: activated.id,
      actorEmail: activated.email,
      action: 'staff.activated',
      subjectType: 'staff',
      subjectId: activated.id,
      after: { verificacionEnDosPasos: totpStep !== undefined },
      ip,
    });
    return { session: await startStaffSession(ctx, tx, activated), member: memberView(activated) };
  });
}

/**
 * Accepts a TOTP step only if it is later than the last one accepted, in one statement: of
 * sign-ins racing with the same code, the database lets exactly one through (the row lock of
 * the UPDATE makes the others see the step already spent).
 */
async function spendTotpStep(executor: Executor, staffId: string, step: number): Promise<boolean> {
  const [spent] = await executor
    .update(staffMembers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffMembers.id, staffId),
        or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step)),
      ),
    )
    .returning({ id: staffMembers.id });
  return spent !== undefined;
}

/**
 * Sign-in with the same protections as the clients': a per-account failure counter checked
 * before any hashing, the same answer for an unknown e-mail and a wrong password, and every
 * attempt in the audit log. The TOTP code is asked for only once the password is right.
 */
export async function loginStaff(
  ctx: AppContext,
  input: StaffLoginRequest,
  ip: string,
): Promise<{ session: IssuedStaffSession; member: StaffMember }> {
  const rule = ctx.config.rateLimits.staffLoginFailuresPerAccount;
  const failures = await readCounter(ctx.db, failuresKey(input.email));
  if (failures.hits >= rule.max) {
    throw new ApiError(429, messages.tooManyRequests(Math.ceil(failures.ttlMs / 60_000)));
  }
  const [member] = await ctx.db
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.email, input.email));
  const passwordOk = await verifyPassword(member?.passwordHash ?? null, input.password);

  const fail = async (reason: string, error: ApiError): Promise<never> => {
    await countHit(ctx.db, failuresKey(input.email), rule.windowMs);
    await recordAudit(ctx.db, {
      actorKind: 'anonimo',
      actorEmail: input.email,
      action: 'staff.login_failed',
      subjectType: member === undefined ? null : 'staff',
      subjectId: member?.id ?? null,
      after: { motivo: reason },
      ip,
    });
    throw error;
  };
  const invalid = new ApiError(401, STAFF_MESSAGES.invalidCredentials);
  if (member === undefined || !passwordOk) return fail('credenciales', invalid);
  if (member.disabledAt !== null) return fail('desactivada', invalid);

  if (member.totpSecretSealed !== null) {
    if (input.codigo === undefined) throw codeError(STAFF_MESSAGES.totpRequired);
    const secret = unseal(totpKey(ctx), member.totpSecretSealed);
    const totpStep = acceptedTotpStep(secret, member.email, input.codigo);
    if (totpStep === undefined || !(await spendTotpStep(ctx.db, member.id, totpStep))) {
      return fail('codigo', codeError(STAFF_MESSAGES.totpInvalid));
    }
  } else if (ctx.config.staff.totpRequired) {
    return fail('sin-verificacion', new ApiError(401, STAFF_MESSAGES.totpNotEnrolled));
  }

  await clearCounter(ctx.db, failuresKey(input.email));
  return ctx.db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorKind: 'staff',
      actorId: member.id,
      actorEmail: member.email,
      action: 'staff.login',
      subjectType: 'staff',
      subjectId: member.id,
      ip,
    });
    return { session: await startStaffSession(ctx, tx, member), member: memberView(member) };
  });
}

/** One use per refresh token; a second use revokes the session (it leaked or two tabs raced). */
export async function refreshStaff(
  ctx: AppContext,
  refreshToken: string,
  ip: string,
): Promise<{ session: IssuedStaffSession; member: StaffMember }> {
  const tokenHash = hashToken(refreshToken);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(staffRefreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRefreshTokens.tokenHash, tokenHash),
          isNull(staffRefreshTokens.usedAt),
          gt(staffRefreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ sessionId: staffRefreshTokens.sessionId });
    if (claimed === undefined) {
      const [known] = await tx
        .select({ sessionId: staffRefreshTokens.sessionId, usedAt: staffRefreshTokens.usedAt })
        .from(staffRefreshTokens)
        .where(eq(staffRefreshTokens.tokenHash, tokenHash));
      if (known?.usedAt != null) {
        const [revoked] = await tx
          .update(staffSessions)
          .set({ revokedAt: new Date(), revokedReason: 'reuse' })
          .where(and(eq(staffSessions.id, known.sessionId), isNull(staffSessions.revokedAt)))
          .returning({ staffId: staffSessions.staffId });
        if (revoked !== undefined) {
          await recordAudit(tx, {
            actorKind: 'anonimo',
            action: 'staff.refresh_reuse',
            subjectType: 'staff',
            subjectId: revoked.staffId,
            ip,
          });
        }
      }
      return undefined;
    }
    const [row] = await tx
      .select({ session: staffSessions, member: staffMembers })
      .from(staffSessions)
      .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.id, claimed.sessionId),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, sql`now()`),
          isNull(staffMembers.disabledAt),
        ),
      );
    if (row === undefined) return undefined;
    await tx
      .update(staffSessions)
      .set({ lastUsedAt: new Date() })
      .where(eq(staffSessions.id, row.session.id));
    const session = await issueStaffTokens(
      ctx,
      tx,
      { staffId: row.member.id, sessionId: row.session.id, role: row.member.role },
      row.session.expiresAt,
    );
    return { session, member: memberView(row.member) };
  });
  if (outcome === undefined) throw new ApiError(401, messages.refreshInvalid);
  return outcome;
}

export async function logoutStaff(
  ctx: AppContext,
  refreshToken: string,
  ip: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sessionId: staffRefreshTokens.sessionId })
      .from(staffRefreshTokens)
      .where(eq(staffRefreshTokens.tokenHash, hashToken(refreshToken)));
    if (row === undefined) return;
    const [revoked] = await tx
      .update(staffSessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(and(eq(staffSessions.id, row.sessionId), isNull(staffSessions.revokedAt)))
      .returning({ staffId: staffSessions.staffId });
    if (revoked !== undefined) {
      await recordAudit(tx, {
        actorKind: 'staff',
        actorId: revoked.staffId,
        action: 'staff.logout',
        subjectType: 'staff',
        subjectId: revoked.staffId,
        ip,
      });
    }
  });
}
