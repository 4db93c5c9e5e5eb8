import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { outbox, users } from '../../db/schema';
import { enqueueMail } from './outbox';
import type { RenderedMail } from './templates';

/** Whose session asks for the mail; only the person matters here. */
interface SessionClaims {
  userId: string;
}

/**
 * Mails that anyone can cause by typing an address into a public form: the simulator's welcome
 * or "you already have an account" message and the password-reset link. The firm's own notices
 * do not count.
 */
export const UNAUTHENTICATED_TEMPLATES = [
  'crear-contrasena',
  'cuenta-existente',
  'restablecer-contrasena',
] as const;

/** At most this many of them reach one recipient per hour, whoever asks and from wherever. */
export const UNAUTHENTICATED_MAILS_PER_HOUR = 3;

/**
 * Mails a client's session sends to the client's own address. A lead session is had by anyone
 * who typed the address into the simulator, so until the address is verified these are capped
 * too (decision 0587).
 */
export const SESSION_TEMPLATES = ['contrato-firmado', 'desistimiento'] as const;

/**
 * A session's mail to an unverified address goes only while fewer than this many capped mails
 * of either kind reached it within the hour. The links count towards it but are never held back
 * by it: they have their own share above, so a flood of contract copies cannot keep the owner
 * from getting the link that verifies the address.
 */
export const UNVERIFIED_SESSION_MAILS_PER_HOUR = 3;

/** The most mails one unverified address can get in an hour from everything capped here. */
export const UNVERIFIED_RECIPIENT_MAILS_PER_HOUR =
  UNAUTHENTICATED_MAILS_PER_HOUR + UNVERIFIED_SESSION_MAILS_PER_HOUR;

/** Kept on a withheld mail instead of its body, for whoever reads the outbox. */
export const WITHHELD_REASON =
  'No enviado: demasiados correos en una hora a una dirección que nadie ha verificado.';

/**
 * Takes a transaction-scoped lock on the recipient, so concurrent requests for one address are
 * counted one after the other, and counts its capped mails of the last hour (withheld ones were
 * never sent and do not count).
 */
async function cappedMailsWithinHour(
  tx: Transaction,
  recipient: string,
  templates: readonly string[],
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-cap:${recipient}`}))`);
  const [recent] = await tx
    .select({ total: count() })
    .from(outbox)
    .where(
      and(
        eq(outbox.toAddress, recipient),
        inArray(outbox.template, templates),
        ne(outbox.status, 'withheld'),
        gt(outbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return recent?.total ?? 0;
}

/**
 * Whether one more unauthenticated mail may go to `recipient` now; the caller enqueues it (or
 * {@link withholdMail}) in the same transaction.
 */
export async function mayMailRecipient(tx: Transaction, recipient: string): Promise<boolean> {
  const sent = await cappedMailsWithinHour(tx, recipient, UNAUTHENTICATED_TEMPLATES);
  return sent < UNAUTHENTICATED_MAILS_PER_HOUR;
}

/**
 * Records a mail the cap held back: the firm sees it in the case's mails and the outbox keeps
 * no body (a create-password link in it would be a secret nobody should get).
 */
export async function withholdMail(
  tx: Transaction,
  from: string,
  message: { to: string; mail: Pick<RenderedMail, 'template' | 'subject'> },
): Promise<void> {
  await tx.insert(outbox).values({
    template: message.mail.template,
    fromAddress: from,
    toAddress: message.to,
    subject: message.mail.subject,
    html: null,
    text: null,
    status: 'withheld',
    lastError: WITHHELD_REASON,
  });
}

/**
 * Whether the session is the verified owner of `recipient`: an account whose owner set a
 * password through a link mailed there, acting through its own session or a lead it sent while
 * signed in. A lead posted by anyone else for that address (unverified for the account) is not.
 */
async function isVerifiedOwner(
  tx: Transaction,
  claims: SessionClaims,
  lead: { unverifiedForAccount: boolean },
  recipient: string,
): Promise<boolean> {
  if (lead.unverifiedForAccount) return false;
  const [user] = await tx
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, claims.userId));
  return user !== undefined && user.passwordHash !== null && user.email === recipient;
}

/**
 * Enqueues a mail a client's session causes to the client's own address: at once for the
 * verified owner, otherwise within the cap; over it the mail is withheld (recorded, not sent)
 * and the caller's action goes on. Returns whether it was enqueued.
 */
export async function enqueueSessionMail(
  tx: Transaction,
  from: string,
  session: { claims: SessionClaims; lead: { unverifiedForAccount: boolean } },
  message: { to: string; mail: RenderedMail },
): Promise<boolean> {
  const allowed =
    (await isVerifiedOwner(tx, session.claims, session.lead, message.to)) ||
    (await cappedMailsWithinHour(tx, message.to, [
      ...UNAUTHENTICATED_TEMPLATES,
      ...SESSION_TEMPLATES,
    ])) < UNVERIFIED_SESSION_MAILS_PER_HOUR;
  if (allowed) await enqueueMail(tx, from, [message]);
  else await withholdMail(tx, from, message);
  return allowed;
}
