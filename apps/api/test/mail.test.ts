import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { backoffDelay } from '../src/modules/mail/outbox';
import { passingLead, text, variants, serverFor } from './helpers';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP peer that can be told to refuse the next N messages with a temporary error. */
class SmtpPeer {
  readonly received: Received[] = [];
  refuseNext = 0;
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
    smtpUrl: `smtp://127.0.0.1:${String(peer.port)}`,
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
    expect(await server().worker.runOnce()).toBe(2);
    const [afterSecond] = await rowsFor(body.email);
    expect(afterSecond).toMatchObject({ status: 'pending', attempts: 2 });
    // The second delay doubles to 800 ms.
    const waitLeft = (afterSecond?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(waitLeft).toBeGreaterThan(600);
    expect(waitLeft).toBeLessThanOrEqual(800);

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
