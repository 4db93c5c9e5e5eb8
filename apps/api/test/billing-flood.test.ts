import { randomBytes } from 'node:crypto';
import { SIGNATURE_MESSAGES } from '@cbp/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, outbox, signedContracts } from '../src/db/schema';
import { UNVERIFIED_SESSION_MAILS_PER_HOUR } from '../src/modules/mail/recipient-cap';
import { mailsTo, newClient, signBody, signaturePng, type Client } from './billing-helpers';
import {
  field,
  passingLead,
  recoveryLinkIn,
  serverFor,
  text,
  variants,
  type TestServer,
  expectRateLimited,
} from './helpers';

/*
 * Someone who posts a lead with a stranger's e-mail gets a session for it: what that session can
 * make the server store and mail must stay bounded (signing, checkout, transfer, mail cap).
 */

const contractsOf = (server: TestServer, leadId: string) =>
  server.ctx.db.select().from(signedContracts).where(eq(signedContracts.leadId, leadId));

const signAuditsOf = (server: TestServer, leadId: string) =>
  server.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'contract.signed'), eq(auditLog.subjectId, leadId)));

const signRequest = (server: TestServer, client: Client, overrides: Record<string, unknown> = {}) =>
  server.request('/api/contrato', { token: client.token, json: signBody(overrides) });

describe.each(variants)('repeated signing on $name', (variant) => {
  const server = serverFor(variant);

  it('answers the same plan, method and consents again with the contract in force: 200, nothing new', async () => {
    const client = await newClient(server());
    const first = await signRequest(server(), client);
    expect(first.status).toBe(201);
    const again = await signRequest(server(), client, {
      firma: { tipo: 'escrita', nombre: 'Lucía Pérez García' },
    });
    expect(again.status).toBe(200);
    expect(text(again.body, 'data', 'id')).toBe(text(first.body, 'data', 'id'));
    expect(await contractsOf(server(), client.leadId)).toHaveLength(1);
    expect(await signAuditsOf(server(), client.leadId)).toHaveLength(1);
    expect(await mailsTo(server(), client.email)).toHaveLength(2); // the link and one copy

    // Another method is another contract.
    const transfer = await signRequest(server(), client, { metodo: 'transferencia' });
    expect(transfer.status).toBe(201);
    expect(text(transfer.body, 'data', 'id')).not.toBe(text(first.body, 'data', 'id'));
  });

  it('ends identical signatures sent at once in one contract, one audit row and one mail', async () => {
    const client = await newClient(server());
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => signRequest(server(), client)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => text(answer.body, 'data', 'id'))).size).toBe(1);
    expect(await contractsOf(server(), client.leadId)).toHaveLength(1);
    expect(await signAuditsOf(server(), client.leadId)).toHaveLength(1);
    const copies = (await mailsTo(server(), client.email)).filter((mail) =>
      mail.asunto.includes('contrato'),
    );
    expect(copies).toHaveLength(1);
  });
});

describe.each(variants)('signing, checkout and transfer limits on $name', (variant) => {
  const limit = { max: 3, windowMs: 60_000 };
  const server = serverFor(variant, {
    rateLimits: {
      signing: limit,
      checkout: limit,
      transferInstructions: limit,
      signingPerAddress: { max: 5, windowMs: 60_000 },
      checkoutPerAddress: { max: 5, windowMs: 60_000 },
      transferInstructionsPerAddress: { max: 5, windowMs: 60_000 },
    },
  });

  it('refuses a fourth signature of one session with 429, Retry-After and a Spanish message', async () => {
    const client = await newClient(server());
    const statuses: number[] = [];
    let last;
    for (const plan of ['unico', 'fraccionado', 'unico', 'fraccionado'] as const) {
      last = await signRequest(server(), client, { plan, metodo: 'transferencia' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expectRateLimited(last);
    expect(await contractsOf(server(), client.leadId)).toHaveLength(3);

    const transfer = () =>
      server().request('/api/pagos/transferencia', { token: client.token, method: 'POST' });
    const transfers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) transfers.push((await transfer()).status);
    expect(transfers).toEqual([200, 200, 200, 429]);
  });

  it('limits one address across sessions, so new leads do not reset it', async () => {
    // The address's counters are shared with the test above: start from a fresh window.
    await server().ctx.db.execute(sql`delete from rate_limits`);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const client = await newClient(server());
      statuses.push((await signRequest(server(), client)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('limits opening checkouts per session', async () => {
    await server().ctx.db.execute(sql`delete from rate_limits`);
    const client = await newClient(server());
    expect((await signRequest(server(), client)).status).toBe(201);
    const open = () =>
      server().request('/api/stripe-session', {
        token: client.token,
        json: { leadId: client.leadId, userId: null, paymentType: 'single' },
      });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await open()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe.each(variants)(
  'mail a lead session causes to an unverified address on $name',
  (variant) => {
    const server = serverFor(variant);

    it('counts against the cap across leads; over it the signing still succeeds and the mail is kept as withheld', async () => {
      const email = passingLead().email;
      const clients: Client[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const lead = await server().request('/api/leads', { json: passingLead({ email }) });
        expect(lead.status).toBe(201);
        clients.push({
          token: text(lead.body, 'session', 'access_token'),
          leadId: text(lead.body, 'data', 'id'),
          email,
        });
      }
      const signings = [];
      for (const client of clients) {
        for (const metodo of ['tarjeta', 'transferencia'] as const) {
          signings.push((await signRequest(server(), client, { metodo })).status);
        }
      }
      expect(signings).toEqual([201, 201, 201, 201, 201, 201]);

      const received = await mailsTo(server(), email);
      const copies = received.filter((mail) => mail.asunto.includes('contrato'));
      expect(copies.length).toBeLessThanOrEqual(UNVERIFIED_SESSION_MAILS_PER_HOUR);
      expect(received.length).toBeLessThanOrEqual(6);
      const withheld = await server()
        .ctx.db.select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, email), eq(outbox.status, 'withheld')));
      expect(withheld.length).toBe(6 - copies.length);
      expect(withheld.every((row) => row.html === null && row.lastError !== null)).toBe(true);
    });

    it('never lets copies of contracts keep the link that verifies the address from being sent', async () => {
      const email = passingLead().email;
      const lead = await server().request('/api/leads', { json: passingLead({ email }) });
      const client: Client = {
        token: text(lead.body, 'session', 'access_token'),
        leadId: text(lead.body, 'data', 'id'),
        email,
      };
      for (const plan of ['unico', 'fraccionado'] as const) {
        for (const metodo of ['tarjeta', 'transferencia'] as const) {
          expect((await signRequest(server(), client, { plan, metodo })).status).toBe(201);
        }
      }
      const reset = await server().request('/api/auth/reset-password-request', { json: { email } });
      expect(reset.status).toBe(200);
      // No account yet: the person runs the simulator again and gets a create-password link.
      await server().request('/api/leads', { json: passingLead({ email }) });
      const received = await mailsTo(server(), email);
      // The first link counted too: two of the four copies went, the other two were withheld.
      const copies = received.filter((mail) => mail.asunto.includes('contrato'));
      expect(copies).toHaveLength(UNVERIFIED_SESSION_MAILS_PER_HOUR - 1);
      const links = received.filter((mail) =>
        mail.enlaces.some((url) => url.includes('/reset-password#')),
      );
      // The simulator's link, the reset link and the second simulator's link.
      expect(links).toHaveLength(3);
    });

    it('lets mail to an address verified by its owner past the cap', async () => {
      const email = passingLead().email;
      const lead = await server().request('/api/leads', { json: passingLead({ email }) });
      const [welcome] = await mailsTo(server(), email);
      if (welcome === undefined) throw new Error('no welcome mail');
      const password = 'una-clave-muy-segura-2026';
      const update = await server().request('/api/auth/update-password', {
        json: { password, recovery_url: recoveryLinkIn(welcome) },
        token: text(lead.body, 'session', 'access_token'),
      });
      expect(update.status).toBe(200);
      const login = await server().request('/api/auth/login', { json: { email, password } });
      const owner: Client = {
        token: text(login.body, 'session', 'access_token'),
        leadId: text(lead.body, 'data', 'id'),
        email,
      };
      for (const plan of ['unico', 'fraccionado'] as const) {
        for (const metodo of ['tarjeta', 'transferencia'] as const) {
          expect((await signRequest(server(), owner, { plan, metodo })).status).toBe(201);
        }
      }
      const copies = (await mailsTo(server(), email)).filter((mail) =>
        mail.asunto.includes('contrato'),
      );
      expect(copies).toHaveLength(4);
    });
  },
);

describe.each(variants.slice(0, 1))('drawn signature limits on $name', (variant) => {
  const server = serverFor(variant);

  async function drawn(width: number, height: number, noise: boolean): Promise<string> {
    const channels = 4;
    const raw = noise
      ? randomBytes(width * height * channels)
      : Buffer.alloc(width * height * channels);
    const png = await sharp(raw, { raw: { width, height, channels } }).png().toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  }

  it('refuses a drawn signature over the byte limit with a Spanish 400 and stores nothing', async () => {
    const client = await newClient(server());
    const imagen = await drawn(300, 200, true);
    expect(imagen.length).toBeGreaterThan(200_000);
    expect(imagen.length).toBeLessThan(700_000);
    const answer = await signRequest(server(), client, { firma: { tipo: 'dibujada', imagen } });
    expect(answer.status).toBe(400);
    expect(field(answer.body, 'message')).toBe(SIGNATURE_MESSAGES.tooLarge);
    expect(await contractsOf(server(), client.leadId)).toHaveLength(0);
  });

  it('refuses a drawn signature of more points than a pad gives, small as its file may be', async () => {
    const client = await newClient(server());
    const imagen = await drawn(4000, 3000, false);
    expect(imagen.length).toBeLessThan(200_000);
    const answer = await signRequest(server(), client, { firma: { tipo: 'dibujada', imagen } });
    expect(answer.status).toBe(400);
    expect(field(answer.body, 'message')).toBe(SIGNATURE_MESSAGES.tooLarge);
  });

  it('still takes a signature as the pad draws it', async () => {
    const client = await newClient(server());
    const answer = await signRequest(server(), client, {
      firma: { tipo: 'dibujada', imagen: await signaturePng() },
    });
    expect(answer.status).toBe(201);
    const current = await server()
      .ctx.db.select()
      .from(signedContracts)
      .where(and(eq(signedContracts.leadId, client.leadId), isNull(signedContracts.supersededAt)));
    expect(current).toHaveLength(1);
  });
});
