import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema';
import {
  field,
  passingLead,
  readMailbox,
  recoveryLinkIn,
  startTestServer,
  type TestServer,
  variants,
  serverFor,
  expectRateLimited,
} from './helpers';

const limits = {
  leads: { max: 3, windowMs: 60_000 },
  login: { max: 2, windowMs: 60_000 },
  resetRequest: { max: 2, windowMs: 60_000 },
  updatePassword: { max: 2, windowMs: 60_000 },
  refresh: { max: 100, windowMs: 60_000 },
};

describe.each(variants)('rate limits on $name', (variant) => {
  const server = serverFor(variant, { rateLimits: limits });

  it('answers the fourth lead within the window with 429 and a Spanish message', async () => {
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      last = await server().request('/api/leads', { json: passingLead() });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expectRateLimited(last);
  });

  it('limits login attempts, wrong or right alike', async () => {
    const attempt = () =>
      server().request('/api/auth/login', {
        json: { email: 'ana@correo.es', password: 'no-es-esta-clave' },
      });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const third = await attempt();
    expect(third.status).toBe(429);
    expect(field(third.body, 'message')).toMatch(/^Has hecho demasiadas solicitudes\./);
  });

  it('limits reset requests', async () => {
    const attempt = () =>
      server().request('/api/auth/reset-password-request', { json: { email: 'ana@correo.es' } });
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(429);
  });

  it('limits attempts at a new password, so made-up recovery links cannot be tried forever', async () => {
    const attempt = () =>
      server().request('/api/auth/update-password', {
        json: {
          password: 'una-clave-bien-larga',
          recovery_url: 'http://localhost/reset-password#access_token=inventado&type=recovery',
        },
      });
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(400);
    const third = await attempt();
    expect(third.status).toBe(429);
    expect(field(third.body, 'message')).toMatch(/^Has hecho demasiadas solicitudes\./);
  });

  it('keeps the counters in the database, one row per route and client', async () => {
    const rows = await server().ctx.db.select().from(rateLimits);
    const keys = rows.map((row) => row.key).sort();
    expect(keys).toEqual([
      'leads:127.0.0.1',
      'login-account:ana@correo.es',
      'login:127.0.0.1',
      'reset:127.0.0.1',
      'update-password:127.0.0.1',
    ]);
    expect(rows.find((row) => row.key === 'leads:127.0.0.1')?.hits).toBe(4);
  });

  it('opens a new window once the old one has ended', async () => {
    await server()
      .ctx.db.update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) });
    const response = await server().request('/api/leads', { json: passingLead() });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('2');
  });
});

describe.each(variants)('limits that a change of address does not escape, on $name', (variant) => {
  const server = serverFor(variant, {
    // Behind a proxy the client address comes from X-Forwarded-For, as in production.
    trustProxy: true,
    rateLimits: {
      login: { max: 100, windowMs: 60_000 },
      loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
      resetRequest: { max: 2, windowMs: 60_000 },
    },
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const signIn = (email: string, password: string, address: string) =>
    server().request('/api/auth/login', { json: { email, password }, headers: from(address) });

  async function account(): Promise<string> {
    const lead = passingLead();
    await server().request('/api/leads', { json: lead });
    const mail = (await readMailbox(server())).find((message) => message.para === lead.email);
    if (mail === undefined) throw new Error('no welcome mail');
    const update = await server().request('/api/auth/update-password', {
      json: { password: 'la-clave-de-verdad', recovery_url: recoveryLinkIn(mail) },
    });
    expect(update.status).toBe(200);
    return lead.email;
  }

  it('stops sign-in on one account after 3 failures from 3 addresses, even with the right password', async () => {
    const email = await account();
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await signIn(email, 'no-es-esta', address)).status).toBe(401);
    }
    const locked = await signIn(email, 'la-clave-de-verdad', '198.51.100.4');
    expect(locked.status).toBe(429);
    expect(field(locked.body, 'message')).toBe(
      'Has hecho demasiadas solicitudes. Espera un minuto y vuelve a intentarlo.',
    );
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers an unknown e-mail exactly as it answers an account', async () => {
    const email = await account();
    const unknown = `nadie.${crypto.randomUUID()}@correo.es`;
    const answers = [];
    for (const [index, target] of [email, unknown].entries()) {
      const seen = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const answer = await signIn(target, 'no-es-esta', `203.0.113.${index * 10 + attempt}`);
        seen.push({ status: answer.status, body: answer.body });
      }
      answers.push(seen);
    }
    expect(answers[0]?.map((answer) => answer.status)).toEqual([401, 401, 401, 429]);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('lets the owner in again after a successful sign-in clears the failures', async () => {
    const email = await account();
    expect((await signIn(email, 'no-es-esta', '192.0.2.1')).status).toBe(401);
    expect((await signIn(email, 'no-es-esta', '192.0.2.2')).status).toBe(401);
    expect((await signIn(email, 'la-clave-de-verdad', '192.0.2.3')).status).toBe(200);
    expect((await signIn(email, 'no-es-esta', '192.0.2.4')).status).toBe(401);
    expect((await signIn(email, 'no-es-esta', '192.0.2.5')).status).toBe(401);
    expect((await signIn(email, 'la-clave-de-verdad', '192.0.2.6')).status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    const reset = (address: string) =>
      server().request('/api/auth/reset-password-request', {
        json: { email: 'ana@correo.es' },
        headers: from(address),
      });
    expect((await reset('2001:db8:1:2::1')).status).toBe(200);
    expect((await reset('2001:db8:1:2:ffff::9')).status).toBe(200);
    expect((await reset('2001:db8:1:2::abcd')).status).toBe(429);
    expect((await reset('2001:db8:1:3::1')).status).toBe(200);
  });
});

const postgres = variants.find((variant) => variant.name === 'PostgreSQL');

// Without a PostgreSQL server the suite says so as a skipped test, not as a line in the log.
describe.skipIf(postgres === undefined)(
  'rate limits shared by two instances on one PostgreSQL',
  () => {
    let first: TestServer;
    let second: TestServer;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      if (postgres === undefined) throw new Error('Sin PostgreSQL');
      const provisioned = await postgres.provision();
      cleanup = provisioned.cleanup;
      first = await startTestServer(provisioned, { rateLimits: limits });
      second = await startTestServer(provisioned, { rateLimits: limits });
    });

    afterAll(async () => {
      try {
        await first.close();
        await second.close();
      } finally {
        await cleanup();
      }
    });

    it('counts requests to either instance against the same limit', async () => {
      const order = [first, second, first, second];
      const statuses: number[] = [];
      for (const server of order) {
        statuses.push((await server.request('/api/leads', { json: passingLead() })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    });
  },
);
