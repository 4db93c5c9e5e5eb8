import type { InferSelectModel } from 'drizzle-orm';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { passwordTokens, users } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newOpaqueToken } from '../../lib/secrets';
import { enqueueMail } from '../mail/outbox';
import { mayMailRecipient } from '../mail/recipient-cap';
import { passwordChangedMail, resetPasswordMail } from '../mail/templates';
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
    if (!(await mayMailRecipient(tx, user.email))) return false;
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
 * Sets a new password with the token of a mailed link, spends every other link of the person
 * and, when it replaces a password, closes every session and mails the owner. A link that is
 * unknown, spent or expired is a 400.
 */
export async function updatePasswordWithLink(
  ctx: AppContext,
  accessToken: string,
  password: string,
  ip?: string,
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
      .returning({ userId: passwordTokens.userId, leadId: passwordTokens.leadId });
    if (token === undefined) return undefined;
    // Any other link still in someone's inbox stops working too.
    await tx
      .update(passwordTokens)
      .set({ usedAt: changedAt })
      .where(and(eq(passwordTokens.userId, token.userId), isNull(passwordTokens.usedAt)));
    const [before] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, token.userId));
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: changedAt,
        updatedAt: changedAt,
        // The link mailed for a lead proves that lead's e-mail: it becomes the one to work on.
        ...(token.leadId === null ? {} : { currentLeadId: token.leadId }),
      })
      .where(eq(users.id, token.userId))
      .returning();
    if (user === undefined) return undefined;
    await recordAudit(tx, {
      actorKind: 'cliente',
      actorId: user.id,
      actorEmail: user.email,
      action: before?.passwordHash == null ? 'client.password_created' : 'client.password_changed',
      subjectType: 'user',
      subjectId: user.id,
      ip: ip ?? null,
    });
    // Replacing a password closes every open session; creating the first one keeps the
    // visitor's lead session, which never reached the account anyway.
    if (before?.passwordHash != null) {
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
