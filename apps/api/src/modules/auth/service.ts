import type { PasswordLinkPurpose } from '@cbp/core';
import type { InferSelectModel } from 'drizzle-orm';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { leads, passwordTokens, users } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newOpaqueToken } from '../../lib/secrets';
import { enqueueMail } from '../mail/outbox';
import { mayMailRecipient, withholdMail } from '../mail/recipient-cap';
import {
  passwordChangedMail,
  RESET_PASSWORD_SUBJECT,
  resetPasswordMail,
} from '../mail/account-mails';
import { revokeUserSessions } from './sessions';
import { recordAudit } from '../audit/service';

type UserRow = InferSelectModel<typeof users>;

/** The person with this e-mail when the password is theirs; undefined for anything else. */
export async function checkPassword(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  // Verified even without an account, so the time taken says nothing about who has one.
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  return user !== undefined && valid ? user : undefined;
}

/**
 * Mails a reset link when the e-mail has an account and it has not had its hour's share of
 * unauthenticated mails; returns whether it did.
 */
export async function sendResetLink(ctx: AppContext, email: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    if (user === undefined) return false;
    if (!(await mayMailRecipient(tx, user.email))) {
      await withholdMail(tx, ctx.config.mailFrom, {
        to: user.email,
        mail: { template: 'restablecer-contrasena', subject: RESET_PASSWORD_SUBJECT },
      });
      return false;
    }
    const token = newOpaqueToken();
    const ttl = ctx.config.resetTokenTtlSeconds;
    await tx.insert(passwordTokens).values({
      userId: user.id,
      purpose: 'reset',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttl * 1000),
    });
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: user.email,
        mail: resetPasswordMail({
          nombre: user.nombre,
          link: ctx.links.recovery(token),
          ttlSeconds: ttl,
        }),
      },
    ]);
    return true;
  });
}

/**
 * What a usable e-mailed link is for (decision 0681): the first password (`crear`, the welcome
 * e-mail's link) or a reset the person asked for (`restablecer`). Unknown, spent or expired
 * links are the same 400 as when setting the password with them.
 */
export async function passwordLinkPurpose(
  ctx: AppContext,
  accessToken: string,
): Promise<PasswordLinkPurpose> {
  const [token] = await ctx.db
    .select({ purpose: passwordTokens.purpose })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(accessToken)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, sql`now()`),
      ),
    );
  if (token === undefined) throw new ApiError(400, messages.recoveryLinkInvalid);
  return token.purpose === 'create' ? 'crear' : 'restablecer';
}

/**
 * The lead a new account starts with: the one whose own lead session came with the link (the
 * person posted it in this browser), or the person's only lead. With several leads and no such
 * proof nobody can tell theirs from one a stranger posted with their e-mail, so none is taken.
 */
async function leadProvenByOwner(
  tx: Transaction,
  userId: string,
  sessionLeadId: string | undefined,
): Promise<string | null> {
  const candidates = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.userId, userId), eq(leads.unverifiedForAccount, false)));
  if (sessionLeadId !== undefined && candidates.some((lead) => lead.id === sessionLeadId)) {
    return sessionLeadId;
  }
  return candidates.length === 1 ? (candidates[0]?.id ?? null) : null;
}

/**
 * Sets a new password with the token of a mailed link, spends every other link of the person
 * and, when it replaces a password, closes every session and mails the owner. The first
 * password closes every lead session and keeps as the account's only the lead the owner proved
 * (decision 0560). A link that is unknown, spent or expired is a 400.
 */
export async function updatePasswordWithLink(
  ctx: AppContext,
  accessToken: string,
  password: string,
  meta: {
    ip?: string;
    /** The lead of a lead session sent with the request, when it is this person's. */
    sessionLeadId?: string | undefined;
  } = {},
): Promise<UserRow> {
  const usable = and(
    eq(passwordTokens.tokenHash, hashToken(accessToken)),
    isNull(passwordTokens.usedAt),
    gt(passwordTokens.expiresAt, sql`now()`),
  );
  // A made-up or spent link is turned away before the argon2id hash, which is the expensive
  // part; the update below checks the token again, so two uses of one link still make one.
  const [known] = await ctx.db
    .select({ userId: passwordTokens.userId })
    .from(passwordTokens)
    .where(usable);
  if (known === undefined) throw new ApiError(400, messages.recoveryLinkInvalid);
  const passwordHash = await hashPassword(password);
  const changedAt = new Date();

  const updated = await ctx.db.transaction(async (tx) => {
    const [token] = await tx
      .update(passwordTokens)
      .set({ usedAt: changedAt })
      .where(usable)
      .returning({ userId: passwordTokens.userId });
    if (token === undefined) return undefined;
    // Any other link still in someone's inbox stops working too.
    await tx
      .update(passwordTokens)
      .set({ usedAt: changedAt })
      .where(and(eq(passwordTokens.userId, token.userId), isNull(passwordTokens.usedAt)));
    const [before] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, token.userId))
      .for('update');
    const firstPassword = before?.passwordHash == null;
    // Only the first password decides which lead is the account's; a reset changes none.
    const currentLeadId = firstPassword
      ? await leadProvenByOwner(tx, token.userId, meta.sessionLeadId)
      : undefined;
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: changedAt,
        updatedAt: changedAt,
        ...(currentLeadId === undefined ? {} : { currentLeadId }),
      })
      .where(eq(users.id, token.userId))
      .returning();
    if (user === undefined) return undefined;
    await recordAudit(tx, {
      actorKind: 'cliente',
      actorId: user.id,
      actorEmail: user.email,
      action: firstPassword ? 'client.password_created' : 'client.password_changed',
      subjectType: 'user',
      subjectId: user.id,
      ...(currentLeadId === undefined ? {} : { after: { currentLeadId } }),
      ip: meta.ip ?? null,
    });
    if (firstPassword) {
      await setAsideUnprovenLeads(tx, user, currentLeadId ?? null, meta.ip);
      // Whoever holds a lead session of this e-mail, the owner or a stranger who typed it, now
      // needs the password: none of them reaches the new account's data through it.
      await revokeUserSessions(tx, user.id, 'password_created', 'lead');
    } else {
      await revokeUserSessions(tx, user.id, 'password_changed');
      await enqueueMail(tx, ctx.config.mailFrom, [
        {
          to: user.email,
          mail: passwordChangedMail({
            nombre: user.nombre,
            changedAt,
            resetLink: ctx.links.resetRequest(),
          }),
        },
      ]);
    }
    return user;
  });
  if (updated === undefined) throw new ApiError(400, messages.recoveryLinkInvalid);
  return updated;
}

/**
 * Every other lead posted for the e-mail before it had a password becomes what a lead sent
 * without the account's session is (decision 0314): the firm keeps it, the account never sees it.
 */
async function setAsideUnprovenLeads(
  tx: Transaction,
  user: UserRow,
  keptLeadId: string | null,
  ip: string | undefined,
): Promise<void> {
  const setAside = await tx
    .update(leads)
    .set({ unverifiedForAccount: true })
    .where(
      and(
        eq(leads.userId, user.id),
        eq(leads.unverifiedForAccount, false),
        keptLeadId === null ? undefined : ne(leads.id, keptLeadId),
      ),
    )
    .returning({ id: leads.id });
  for (const lead of setAside) {
    await recordAudit(tx, {
      actorKind: 'cliente',
      actorId: user.id,
      actorEmail: user.email,
      action: 'lead.set_aside_for_account',
      subjectType: 'lead',
      subjectId: lead.id,
      before: { unverifiedForAccount: false },
      after: { unverifiedForAccount: true },
      ip: ip ?? null,
    });
  }
}
