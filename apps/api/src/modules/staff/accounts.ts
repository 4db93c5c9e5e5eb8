import {
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type StaffInvitation,
  type StaffInviteRequest,
  type StaffMember,
} from '@cbp/core';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { staffInvitations, staffMembers, staffSessions } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { hashToken, newOpaqueToken, seal, unseal } from '../../lib/secrets';
import { isUuid } from '../../lib/sql-filters';
import { recordAudit } from '../audit/service';
import { enqueueMail } from '../mail/outbox';
import { staffInvitationMail } from '../mail/account-mails';
import { newTotpSecret, totpUri } from './totp';

export type MemberRow = typeof staffMembers.$inferSelect;

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

export function totpKey(ctx: AppContext): Buffer {
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

export async function usableInvitation(ctx: AppContext, executor: Executor, token: string) {
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
