import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { outbox } from '../../db/schema';

/**
 * Mails that anyone can cause by typing an address into a public form: the simulator's welcome
 * or "you already have an account" message and the password-reset link. The firm's own notices
 * and the messages of a signed-in person do not count.
 */
export const UNAUTHENTICATED_TEMPLATES = [
  'crear-contrasena',
  'cuenta-existente',
  'restablecer-contrasena',
] as const;

/** At most this many of them reach one recipient per hour, whoever asks and from wherever. */
export const UNAUTHENTICATED_MAILS_PER_HOUR = 3;

/**
 * Whether one more unauthenticated mail may go to `recipient` now. It takes a transaction-scoped
 * lock on the recipient first, so concurrent requests for one address are counted one after the
 * other; the caller enqueues the mail in the same transaction.
 */
export async function mayMailRecipient(tx: Transaction, recipient: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-cap:${recipient}`}))`);
  const [recent] = await tx
    .select({ total: count() })
    .from(outbox)
    .where(
      and(
        eq(outbox.toAddress, recipient),
        inArray(outbox.template, UNAUTHENTICATED_TEMPLATES),
        gt(outbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return (recent?.total ?? 0) < UNAUTHENTICATED_MAILS_PER_HOUR;
}
