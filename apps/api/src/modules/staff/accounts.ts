import {
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type StaffActivationRequest,
  type StaffInvitation,
  type StaffInviteRequest,
  type StaffLoginRequest,
  type StaffMember,
} from '@cbp/core';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { staffInvitations, staffMembers, staffRefreshTokens, staffSessions } from '../../db/schema';
import { clearCounter, countHit, readCounter } from '../../lib/counters';
import { ApiError, messages } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newOpaqueToken, seal, unseal } from '../../lib/secrets';
import { isUuid } from '../../lib/sql-filters';
import { recordAudit } from '../audit/service';
import { enqueueMail } from '../mail/outbox';
import { staffInvitationMail } from '../mail/account-mails';
import type { StaffClaims } from '../../lib/staff-tokens';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp';

type MemberRow = typeof staffMembers.$inferSelect;

export interface IssuedStaffSession {
  access_token: string;
  expires_in: number;
  /** Goes to the browser only in its httpOnly cookie, never in a body. */
  refreshToken: string;
  sessionExpiresAt: Date;
}

/** Who made a request, as the audit log keeps it. */
export interface StaffActor {
  member: MemberRow;
  ip: string;
}

export function memberView(member: MemberRow): StaffMember {
  return {
    id: member.id,
    email: member.email,
    nombre: member.nombre,
    rol: member.role,
    estado:
      member.disabledAt !== null
        ? 'desactivado'
        : member.activatedAt !== null
          ? 'activo'
          : 'invitado',
    verificacionEnDosPasos: member.totpSecretSealed !== null,
    creadoEl: member.createdAt.toISOString(),
  };
}

const failuresKey = (email: string) => `staff-login-account:${email}`;

function totpKey(ctx: AppContext): Buffer {
  return ctx.staffTotpKey;
}

async function createInvitation(ctx: AppContext, tx: Executor, member: MemberRow): Promise<void> {
  const token = newOpaqueToken();
  const ttl = ctx.config.staff.invitationTtlSeconds;
  await tx.insert(staffInvitations).values({
    staffId: member.id,
    tokenHash: hashToken(token),
    totpSecretSealed: seal(totpKey(ctx), newTotpSecret()),
    expiresAt: new Date(Date.now() + ttl * 1000),
  });
  await enqueueMail(tx, ctx.config.mailFrom, [
    {
      to: member.email,
      mail: staffInvitationMail({
        nombre: member.nombre,
        rolLabel: STAFF_ROLE_LABELS[member.role].toLowerCase(),
        link: ctx.links.staffActivation(token),
        ttlSeconds: ttl,
        totpRequired: ctx.config.staff.totpRequired,
      }),
    },
  ]);
}

/**
 * The first administrator comes from STAFF_ADMIN_EMAIL: invited when no staff account has that
 * e-mail, and invited again at a later start while the account is still waiting and its last
 * link has expired. Returns whether an invitation was sent.
 */
export async function ensureFirstAdmin(ctx: AppContext): Promise<boolean> {
  const email = ctx.config.staff.adminEmail;
  if (email === undefined) return false;
  const sent = await ctx.db.transaction(async (tx) => {
    // Instances starting together: one invites, the others then find the invitation.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`first-admin:${email}`}))`);
    const [existing] = await tx.select().from(staffMembers).where(eq(staffMembers.email, email));
    if (existing !== undefined) {
      if (existing.activatedAt !== null || existing.disabledAt !== null) return false;
      const [pending] = await tx
        .select({ id: staffInvitations.id })
        .from(staffInvitations)
        .where(
          and(
            eq(staffInvitations.staffId, existing.id),
            isNull(staffInvitations.usedAt),
            gt(staffInvitations.expiresAt, sql`now()`),
          ),
        );
      if (pending !== undefined) return false;
      await createInvitation(ctx, tx, existing);
      return true;
    }
    const [member] = await tx
      .insert(staffMembers)
      .values({ email, nombre: 'Administración', role: 'admin' })
      .returning();
    if (member === undefined) throw new Error('staff insert returned no row');
    await createInvitation(ctx, tx, member);
    await recordAudit(tx, {
      actorKind: 'sistema',
      action: 'staff.invited',
      subjectType: 'staff',
      subjectId: member.id,
      after: { email, rol: 'admin' },
    });
    return true;
  });
  if (sent) ctx.mailEnqueued();
  return sent;
}

/**
 * Invites someone to the team. An e-mail already in the team is invited again only when that
 * account is waiting or disabled (a person who lost their TOTP app is disabled, then invited
 * again): the new invitation replaces every earlier link and clears the old password and TOTP
 * secret. An active account must be disabled first, which also closes its sessions.
 */
export async function inviteStaff(
  ctx: AppContext,
  actor: StaffActor,
  input: StaffInviteRequest,
): Promise<StaffMember> {
  const member = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, input.email));
    if (existing !== undefined && existing.activatedAt !== null && existing.disabledAt === null) {
      throw new ApiError(409, STAFF_MESSAGES.alreadyStaff, {
        errors: { email: STAFF_MESSAGES.alreadyStaff },
      });
    }
    let invited: MemberRow | undefined;
    if (existing === undefined) {
      [invited] = await tx
        .insert(staffMembers)
        .values({
          email: input.email,
          nombre: input.nombre,
          role: input.rol,
          invitedBy: actor.member.id,
        })
        .returning();
    } else {
      await tx
        .update(staffInvitations)
        .set({ usedAt: new Date() })
        .where(and(eq(staffInvitations.staffId, existing.id), isNull(staffInvitations.usedAt)));
      [invited] = await tx
        .update(staffMembers)
        .set({
          nombre: input.nombre,
          role: input.rol,
          passwordHash: null,
          totpSecretSealed: null,
          totpLastStep: null,
          activatedAt: null,
          disabledAt: null,
          invitedBy: actor.member.id,
        })
        .where(eq(staffMembers.id, existing.id))
        .returning();
    }
    if (invited === undefined) throw new Error('staff invitation returned no row');
    await createInvitation(ctx, tx, invited);
    await recordAudit(tx, {
      actorKind: 'staff',
      actorId: actor.member.id,
      actorEmail: actor.member.email,
      action: existing === undefined ? 'staff.invited' : 'staff.reinvited',
      subjectType: 'staff',
      subjectId: invited.id,
      before:
        existing === undefined
          ? null
          : { estado: memberView(existing).estado, rol: existing.role, nombre: existing.nombre },
      after: { email: invited.email, nombre: invited.nombre, rol: invited.role },
      ip: actor.ip,
    });
    return invited;
  });
  ctx.mailEnqueued();
  return memberView(member);
}

async function usableInvitation(ctx: AppContext, executor: Executor, token: string) {
  const [row] = await executor
    .select({ invitation: staffInvitations, member: staffMembers })
    .from(staffInvitations)
    .innerJoin(staffMembers, eq(staffMembers.id, staffInvitations.staffId))
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token)),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, sql`now()`),
        isNull(staffMembers.disabledAt),
        isNull(staffMembers.activatedAt),
      ),
    );
  if (row === undefined) throw new ApiError(400, STAFF_MESSAGES.invalidInvitation);
  return { ...row, secret: unseal(totpKey(ctx), row.invitation.totpSecretSealed) };
}

export async function lookupInvitation(ctx: AppContext, token: string): Promise<StaffInvitation> {
  const { member, secret } = await usableInvitation(ctx, ctx.db, token);
  return {
    email: member.email,
    nombre: member.nombre,
    rol: member.role,
    verificacionObligatoria: ctx.config.staff.totpRequired,
    totpSecreto: secret,
    totpUri: totpUri(secret, member.email),
  };
}

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

export async function listTeam(ctx: AppContext): Promise<StaffMember[]> {
  const rows = await ctx.db.select().from(staffMembers).orderBy(staffMembers.createdAt);
  return rows.map(memberView);
}

export async function disableStaff(
  ctx: AppContext,
  actor: StaffActor,
  staffId: string,
): Promise<StaffMember> {
  if (staffId === actor.member.id) throw new ApiError(409, STAFF_MESSAGES.selfDisable);
  if (!isUuid(staffId)) throw new ApiError(404, messages.notFound);
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx.select().from(staffMembers).where(eq(staffMembers.id, staffId));
    if (target === undefined) throw new ApiError(404, messages.notFound);
    if (target.disabledAt !== null) return memberView(target);
    if (target.role === 'admin') {
      const [admins] = await tx
        .select({ total: count() })
        .from(staffMembers)
        .where(and(eq(staffMembers.role, 'admin'), isNull(staffMembers.disabledAt)));
      if ((admins?.total ?? 0) <= 1) throw new ApiError(409, STAFF_MESSAGES.lastAdmin);
    }
    const [disabled] = await tx
      .update(staffMembers)
      .set({ disabledAt: new Date() })
      .where(eq(staffMembers.id, staffId))
      .returning();
    if (disabled === undefined) throw new ApiError(404, messages.notFound);
    await tx
      .update(staffSessions)
      .set({ revokedAt: new Date(), revokedReason: 'disabled' })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
    await recordAudit(tx, {
      actorKind: 'staff',
      actorId: actor.member.id,
      actorEmail: actor.member.email,
      action: 'staff.disabled',
      subjectType: 'staff',
      subjectId: staffId,
      before: { estado: memberView(target).estado },
      after: { estado: 'desactivado' },
      ip: actor.ip,
    });
    return memberView(disabled);
  });
}
