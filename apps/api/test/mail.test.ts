import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../src/db/schema';
import { backoffDelay, OutboxWorker, STUCK_AFTER_MS } from '../src/modules/mail/outbox';
import { passingLead, text, variants, serverFor } from './helpers';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP peer that can be told to refuse the next N messages with a temporary error. */
class SmtpPeer {
  readonly received: Received[] = [];
  refuseNext = 0;
  /** Messages whose data arrives but which get no reply, as when a connection dies mid-send. */
  holdNext = 0;
  private held: ((error?: Error) => void)[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.holdNext > 0) {
            this.holdNext -= 1;
            this.received.push({
              to: session.envelope.rcptTo.map((address) => address.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            this.held.push(callback);
            return;
          }
          if (this.refuseNext > 0) {
            this.refuseNext -= 1;
            const error = Object.assign(new Error('Buzón temporalmente no disponible'), {
              responseCode: 451,
            });
            callback(error);
            return;
          }
          this.received.push({
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve) => {
      server.listen(port, '127.0.0.1', () => {
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    for (const release of this.held.splice(0)) release(new Error('Cierre del servidor'));
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
    this.server = undefined;
  }
}

function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  ).toString('utf8');
}

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('backoffDelay', () => {
  it('doubles from the base on each attempt and stops at the cap', () => {
    // base 30 s: 30, 60, 120, 240 s ... capped at one hour
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(backoffDelay(20, 30_000, 3_600_000)).toBe(3_600_000);
  });
});

describe.each(variants)('outbox delivery over SMTP on $name', (variant) => {
  const peer = new SmtpPeer();
  // Registered first, so the peer starts before the server and stops after it.
  beforeAll(() => peer.start());
  afterAll(() => peer.stop());
  const server = serverFor(variant, () => ({
    // A short socket timeout stands for a connection that dies while a message is handed over.
    smtpUrl: `smtp://127.0.0.1:${String(peer.port)}?socketTimeout=2000`,
    mail: { backoffBaseMs: 400, backoffMaxMs: 10_000, maxAttempts: 3 },
  }));

  async function rowsFor(email: string) {
    return server().ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
  }

  it('keeps a refused message, retries it with a growing delay and delivers it once', async () => {
    // The lead's welcome and the firm's notice are each refused twice.
    peer.refuseNext = 4;
    const body = passingLead();
    const created = await server().request('/api/leads', { json: body });
    expect(created.status).toBe(201);
    expect(await server().worker.runOnce()).toBe(2);

    const [afterFirst] = await rowsFor(body.email);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFirst?.lastError).toContain('451');
    expect(afterFirst?.html).not.toBeNull();
    // Not due again before its delay (400 ms) has passed.
    expect(await server().worker.runOnce()).toBe(0);

    await wait(450);
    const beforeSecond = Date.now();
    expect(await server().worker.runOnce()).toBe(2);
    const afterSecondRun = Date.now();
    const [afterSecond] = await rowsFor(body.email);
    expect(afterSecond).toMatchObject({ status: 'pending', attempts: 2 });
    // The second delay doubles to 800 ms, counted from the attempt (somewhere within the run,
    // however long a busy machine made it take).
    const nextAttempt = afterSecond?.nextAttemptAt.getTime() ?? 0;
    expect(nextAttempt - beforeSecond).toBeGreaterThanOrEqual(800 - 5);
    expect(nextAttempt - afterSecondRun).toBeLessThanOrEqual(800 + 5);

    await wait(850);
    await server().worker.settle();
    const [delivered] = await rowsFor(body.email);
    expect(delivered).toMatchObject({ status: 'sent', lastError: null });
    // Once an SMTP server has the message, the copy with the password link is dropped.
    expect(delivered?.html).toBeNull();
    expect(delivered?.text).toBeNull();

    const toLead = peer.received.filter((mail) => mail.to.includes(body.email));
    expect(toLead).toHaveLength(1);
    const text = decodeQuotedPrintable(toLead[0]?.raw ?? '');
    expect(text).toContain('Subject: =?UTF-8?');
    expect(text).toContain('¡Hola, Lucía!');
    expect(text).toMatch(/\/reset-password#access_token=[\w-]+&type=recovery/);
    expect(
      peer.received.filter((mail) => mail.to.includes(server().ctx.config.firmEmail)).length,
    ).toBeGreaterThan(0);
  });

  it('loses nothing while the mail server is down and delivers when it is back', async () => {
    const port = peer.port;
    await peer.stop();
    const body = passingLead();
    const created = await server().request('/api/leads', { json: body });
    const leadId = text(created.body, 'data', 'id');
    await server().worker.runOnce();
    const [down] = await rowsFor(body.email);
    expect(down).toMatchObject({ status: 'pending', attempts: 1 });
    expect(down?.lastError).toMatch(/ECONNREFUSED|connect/i);

    await peer.start(port);
    await wait(450);
    await server().worker.settle();
    const [up] = await rowsFor(body.email);
    expect(up?.status).toBe('sent');
    expect(peer.received.some((mail) => decodeQuotedPrintable(mail.raw).includes(leadId))).toBe(
      true,
    );
  });

  it('records the Message-ID the mail server accepted', async () => {
    const body = passingLead();
    await server().request('/api/leads', { json: body });
    await server().worker.settle();
    const [row] = await rowsFor(body.email);
    expect(row?.status).toBe('sent');
    expect(row?.smtpMessageId).toBe(`<${row?.id ?? ''}@cbp-api>`);
    const delivered = peer.received.find((mail) => mail.to.includes(body.email));
    expect(delivered?.raw).toContain(`Message-ID: ${row?.smtpMessageId ?? ''}`);
  });

  it('never sends again a message that was being delivered when the process stopped', async () => {
    const body = passingLead();
    await server().request('/api/leads', { json: body });
    const [queued] = await rowsFor(body.email);
    if (queued === undefined) throw new Error('no welcome mail queued');

    // A worker whose process dies while the mail server is taking the message.
    const handedOver: string[] = [];
    const dying = new OutboxWorker(
      server().ctx.db,
      {
        kind: 'smtp',
        send: (mail) => {
          handedOver.push(mail.id);
          return new Promise<never>(() => undefined);
        },
      },
      { ...server().ctx.config.mail, batchSize: 1 },
      silentLog,
    );
    void dying.runOnce();
    await vi.waitFor(() => {
      expect(handedOver.length).toBeGreaterThan(0);
    });
    const interrupted = handedOver[0];
    // As if the restart came long after the interruption.
    await server().ctx.db.execute(
      sql`update outbox set sending_since = now() - interval '1 hour' where id = ${interrupted}`,
    );

    const before = peer.received.length;
    await server().worker.settle();
    const [after] = await server()
      .ctx.db.select()
      .from(outbox)
      .where(eq(outbox.id, interrupted ?? ''));
    expect(after?.status).toBe('sending');
    expect(peer.received.slice(before).some((mail) => mail.raw.includes(interrupted ?? ''))).toBe(
      false,
    );

    const report = await server().request('/dev/correo/mensajes.json');
    expect(
      (report.body as { atascados: { id: string; estado: string }[] }).atascados,
    ).toContainEqual(expect.objectContaining({ id: interrupted, estado: 'sending' }));
    const page = await server().request('/dev/correo');
    expect(page.text).toContain('Correos que necesitan revisión');
    expect(page.text).toContain('puede que no llegara');

    const logged: string[] = [];
    const restarted = new OutboxWorker(
      server().ctx.db,
      { kind: 'smtp', send: () => Promise.reject(new Error('no')) },
      server().ctx.config.mail,
      {
        ...silentLog,
        error: (_details, message) => logged.push(message),
      },
    );
    expect(await restarted.reportStuck(STUCK_AFTER_MS)).toBeGreaterThan(0);
    expect(logged).toContain('Correo atascado en envío: puede que no se entregara; revísalo');
  });

  it('does not retry a message whose connection dropped before the server confirmed it', async () => {
    // The welcome and the firm's notice both reach the server and get no reply.
    peer.holdNext = 2;
    const body = passingLead();
    await server().request('/api/leads', { json: body });
    const before = peer.received.length;
    await server().worker.settle();
    const [row] = await rowsFor(body.email);
    expect(row).toMatchObject({ status: 'sending', attempts: 1 });
    expect(row?.lastError).toMatch(/timeout/i);
    await wait(450);
    await server().worker.settle();
    const copies = peer.received.slice(before).filter((mail) => mail.to.includes(body.email));
    expect(copies).toHaveLength(1);
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    peer.refuseNext = 100;
    const body = passingLead();
    await server().request('/api/leads', { json: body });
    // Delays of 400 and 800 ms between the three attempts.
    for (const delay of [0, 450, 850]) {
      await wait(delay);
      await server().worker.runOnce();
    }
    const [row] = await rowsFor(body.email);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await server().worker.runOnce()).toBe(0);
    peer.refuseNext = 0;
  });
});
