import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { mailbox, outbox } from '../../db/schema';
import type { RenderedMail } from './templates';

export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  /** All-or-nothing delivery of a batch, when the transport can do it in one step. */
  sendMany?(mails: OutgoingMail[]): Promise<void>;
  close?(): Promise<void>;
}

/** Writes messages to the outbox inside the caller's transaction, in one statement. */
export async function enqueueMail(
  executor: Executor,
  from: string,
  messages: { to: string; mail: RenderedMail }[],
): Promise<void> {
  if (messages.length === 0) return;
  await executor.insert(outbox).values(
    messages.map(({ to, mail }) => ({
      template: mail.template,
      fromAddress: from,
      toAddress: to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    })),
  );
}

/** Delivers into the database mailbox shown at /dev/correo (embedded mode). */
export function mailboxTransport(db: Database): MailTransport {
  const rows = (mails: OutgoingMail[]) =>
    mails.map((mail) => ({
      outboxId: mail.id,
      fromAddress: mail.from,
      toAddress: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    }));
  const insert = async (mails: OutgoingMail[]) => {
    await db.insert(mailbox).values(rows(mails)).onConflictDoNothing({ target: mailbox.outboxId });
  };
  return {
    kind: 'mailbox',
    send: (mail) => insert([mail]),
    sendMany: insert,
  };
}

export interface WorkerOptions {
  pollIntervalMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  batchSize?: number;
  /** How long a claimed message stays invisible to other workers while it is being sent. */
  leaseMs?: number;
}

interface WorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type OutboxRow = typeof outbox.$inferSelect;

function toOutgoing(message: OutboxRow): OutgoingMail {
  return {
    id: message.id,
    from: message.fromAddress,
    to: message.toAddress,
    subject: message.subject,
    html: message.html ?? '',
    text: message.text ?? '',
  };
}

export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  const exponential = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(maxMs, exponential);
}

/**
 * Sends what the outbox holds. Several instances may run it at once: a message is claimed
 * with FOR UPDATE SKIP LOCKED plus a lease, so each one is sent by a single worker.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private started = false;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly options: WorkerOptions,
    private readonly log: WorkerLogger,
  ) {}

  start(): void {
    this.started = true;
    this.timer = setInterval(() => {
      this.nudge();
    }, this.options.pollIntervalMs);
    this.timer.unref();
    this.nudge();
  }

  /**
   * Asks for a delivery round now, e.g. right after a transaction enqueued mail. Ignored
   * until start(): a worker that is not running delivers only when told to (tests).
   */
  nudge(): void {
    if (!this.started) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'Error al procesar la cola de correo');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Runs delivery rounds until nothing due is left; returns how many messages were tried. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const tried = await this.runOnce();
      total += tried;
      if (tried === 0) return total;
    }
  }

  async runOnce(): Promise<number> {
    const batchSize = this.options.batchSize ?? 25;
    const leaseMs = this.options.leaseMs ?? 120_000;
    const now = sql`now()`;
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          lte(outbox.nextAttemptAt, now),
          or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(outbox)
      .set({
        lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(inArray(outbox.id, due))
      .returning();

    if (claimed.length === 0) return 0;

    // One insert and one update for a whole batch keeps the embedded database's commits
    // (each one a disk flush) from multiplying with the number of messages.
    if (this.transport.sendMany !== undefined && claimed.length > 1) {
      try {
        await this.transport.sendMany(claimed.map(toOutgoing));
        await this.markSent(claimed);
        return claimed.length;
      } catch (error) {
        this.log.warn(
          { err: error },
          'Fallo al entregar un lote de correos; se entregan uno a uno',
        );
      }
    }
    for (const message of claimed) {
      await this.deliver(message);
    }
    return claimed.length;
  }

  private async markSent(messages: OutboxRow[]): Promise<void> {
    const scrub = this.transport.kind === 'smtp' ? { html: null, text: null } : {};
    await this.db
      .update(outbox)
      .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null, ...scrub })
      .where(
        inArray(
          outbox.id,
          messages.map((message) => message.id),
        ),
      );
    for (const message of messages) {
      this.log.info(
        { outboxId: message.id, template: message.template, attempts: message.attempts },
        'Correo entregado',
      );
    }
  }

  private async deliver(message: OutboxRow): Promise<void> {
    try {
      await this.transport.send(toOutgoing(message));
      await this.markSent([message]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = message.attempts >= this.options.maxAttempts;
      const delay = backoffDelay(
        message.attempts,
        this.options.backoffBaseMs,
        this.options.backoffMaxMs,
      );
      await this.db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: reason.slice(0, 500),
          nextAttemptAt: sql`now() + ${delay} * interval '1 millisecond'`,
        })
        .where(eq(outbox.id, message.id));
      const details = {
        outboxId: message.id,
        template: message.template,
        attempts: message.attempts,
        reason,
      };
      if (giveUp) this.log.error(details, 'Correo descartado tras agotar los reintentos');
      else
        this.log.warn(
          { ...details, retryInMs: delay },
          'Fallo al enviar un correo; se reintentará',
        );
    }
  }

  /** Resolves once nothing is due and no round is running (tests, graceful shutdown). */
  async settle(): Promise<void> {
    for (;;) {
      const current = this.running;
      if (current !== undefined) {
        await current;
        continue;
      }
      const tried = await this.drain();
      if (tried === 0 && this.idle()) return;
    }
  }

  /** A nudge may have started a round while drain() was awaiting. */
  private idle(): boolean {
    return this.running === undefined;
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.running;
  }
}
