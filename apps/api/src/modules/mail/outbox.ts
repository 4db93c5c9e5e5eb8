import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
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

/** What the receiving server said when it took a message. */
export interface SendReceipt {
  /** The Message-ID the server accepted (SMTP); undefined for the local mailbox. */
  messageId: string | undefined;
}

/**
 * A failure after which the message may or may not have reached the server (the connection
 * dropped while it was being handed over): it is never retried by itself.
 */
export class UncertainDeliveryError extends Error {
  override name = 'UncertainDeliveryError';
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /** Resolves once the server has taken the message; rejects when it certainly has not. */
  send(mail: OutgoingMail): Promise<SendReceipt>;
  /** All-or-nothing delivery of a batch, when the transport can do it in one step. */
  sendMany?(mails: OutgoingMail[]): Promise<void>;
  /** Whether the server takes connections now (health check); never rejects. */
  verify?(): Promise<boolean>;
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
    send: async (mail) => {
      await insert([mail]);
      return { messageId: undefined };
    },
    sendMany: insert,
  };
}

export interface WorkerOptions {
  pollIntervalMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  batchSize?: number;
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

/** A message still 'sending' after this long was interrupted, not slow. */
export const STUCK_AFTER_MS = 10 * 60 * 1000;

export interface StuckMail {
  id: string;
  template: string;
  toAddress: string;
  subject: string;
  status: 'sending' | 'failed';
  since: Date;
  lastError: string | null;
}

/** Messages that need a person: interrupted while being sent, or out of attempts. */
export async function findStuckMail(db: Executor, olderThanMs: number): Promise<StuckMail[]> {
  const rows = await db
    .select({
      id: outbox.id,
      template: outbox.template,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      status: outbox.status,
      sendingSince: outbox.sendingSince,
      nextAttemptAt: outbox.nextAttemptAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(
      or(
        eq(outbox.status, 'failed'),
        and(
          eq(outbox.status, 'sending'),
          lt(outbox.sendingSince, sql`now() - ${olderThanMs} * interval '1 millisecond'`),
        ),
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    template: row.template,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status === 'sending' ? 'sending' : 'failed',
    since: row.sendingSince ?? row.nextAttemptAt,
    lastError: row.lastError,
  }));
}

/** How many messages wait, are being sent or failed, and the age of the oldest waiting (metrics). */
export async function outboxDepth(db: Executor): Promise<{
  pending: number;
  sending: number;
  failed: number;
  oldestPendingSeconds: number;
}> {
  const pending = sql`${outbox.status} = 'pending'`;
  const [row] = await db
    .select({
      pending: sql<string>`count(*) filter (where ${pending})`,
      sending: sql<string>`count(*) filter (where ${outbox.status} = 'sending')`,
      failed: sql<string>`count(*) filter (where ${outbox.status} = 'failed')`,
      oldest: sql<
        string | null
      >`extract(epoch from now() - min(${outbox.createdAt}) filter (where ${pending}))`,
    })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'sending', 'failed']));
  return {
    pending: Number(row?.pending ?? 0),
    sending: Number(row?.sending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  };
}

export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  const exponential = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(maxMs, exponential);
}

/**
 * Sends what the outbox holds, at most once per message: a message is claimed by moving it
 * to 'sending' in a committed statement before it is handed to the transport, so a process
 * that stops mid-delivery leaves it 'sending' (shown at /dev/correo and in the logs) instead
 * of sending it again after the restart. Several instances may run at once: FOR UPDATE SKIP
 * LOCKED gives each message to a single worker.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly options: WorkerOptions,
    private readonly log: WorkerLogger,
  ) {}

  start(): void {
    this.started = true;
    this.reportStuck(STUCK_AFTER_MS).catch((error: unknown) => {
      this.log.warn({ err: error }, 'No se pudo revisar la cola de correo');
    });
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
    // A stopping server finishes the batch it claimed and leaves the rest pending for the
    // next instance or start: claiming more could be cut off mid-delivery by the process's end.
    while (!this.stopping) {
      const tried = await this.runOnce();
      total += tried;
      if (tried === 0) return total;
    }
    return total;
  }

  async runOnce(): Promise<number> {
    const batchSize = this.options.batchSize ?? 25;
    const now = sql`now()`;
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(outbox)
      .set({ status: 'sending', sendingSince: now, attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning();

    if (claimed.length === 0) return 0;

    // One insert and one update for a whole batch keeps the embedded database's commits
    // (each one a disk flush) from multiplying with the number of messages.
    if (this.transport.sendMany !== undefined && claimed.length > 1) {
      try {
        await this.transport.sendMany(claimed.map(toOutgoing));
        await this.markSent(claimed, undefined);
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

  private async markSent(messages: OutboxRow[], receipt: SendReceipt | undefined): Promise<void> {
    const scrub = this.transport.kind === 'smtp' ? { html: null, text: null } : {};
    await this.db
      .update(outbox)
      .set({
        status: 'sent',
        sentAt: new Date(),
        sendingSince: null,
        lastError: null,
        smtpMessageId: receipt?.messageId ?? null,
        ...scrub,
      })
      .where(
        inArray(
          outbox.id,
          messages.map((message) => message.id),
        ),
      );
    for (const message of messages) {
      this.log.info(
        {
          outboxId: message.id,
          template: message.template,
          attempts: message.attempts,
          smtpMessageId: receipt?.messageId,
        },
        'Correo entregado',
      );
    }
  }

  private async deliver(message: OutboxRow): Promise<void> {
    let receipt: SendReceipt;
    try {
      receipt = await this.transport.send(toOutgoing(message));
    } catch (error) {
      await this.recordFailure(message, error);
      return;
    }
    await this.markSent([message], receipt);
  }

  private async recordFailure(message: OutboxRow, error: unknown): Promise<void> {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const details = {
      outboxId: message.id,
      template: message.template,
      attempts: message.attempts,
    };
    if (error instanceof UncertainDeliveryError) {
      // Left 'sending': retrying could deliver it twice, so a person decides.
      await this.db.update(outbox).set({ lastError: reason }).where(eq(outbox.id, message.id));
      this.log.error(
        { ...details, reason },
        'Correo quizá no entregado: queda en envío sin reintento',
      );
      return;
    }
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
        sendingSince: null,
        lastError: reason,
        nextAttemptAt: sql`now() + ${delay} * interval '1 millisecond'`,
      })
      .where(eq(outbox.id, message.id));
    if (giveUp)
      this.log.error({ ...details, reason }, 'Correo descartado tras agotar los reintentos');
    else
      this.log.warn(
        { ...details, reason, retryInMs: delay },
        'Fallo al enviar un correo; se reintentará',
      );
  }

  /**
   * Logs the messages that a stopped process left in 'sending' for longer than `olderThanMs`
   * and the ones that ran out of attempts, so they are not forgotten; returns how many.
   */
  async reportStuck(olderThanMs: number): Promise<number> {
    const stuck = await findStuckMail(this.db, olderThanMs);
    for (const message of stuck) {
      this.log.error(
        {
          outboxId: message.id,
          template: message.template,
          status: message.status,
          since: message.since.toISOString(),
          reason: message.lastError ?? undefined,
        },
        message.status === 'sending'
          ? 'Correo atascado en envío: puede que no se entregara; revísalo'
          : 'Correo no entregado tras agotar los reintentos',
      );
    }
    return stuck.length;
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

  /** Claims no more messages and resolves once the batch being delivered is done. */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.running;
  }
}

/** The mails queued for an address, newest first, without their bodies (links carry secrets). */
export async function mailsSentTo(db: Executor, address: string) {
  const rows = await db
    .select({
      id: outbox.id,
      subject: outbox.subject,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(sql`lower(${outbox.toAddress}) = lower(${address})`)
    .orderBy(desc(outbox.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    fecha: row.createdAt.toISOString(),
    asunto: row.subject,
    estado: row.status,
  }));
}
