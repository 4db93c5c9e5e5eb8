import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema';
import {
  field,
  passingLead,
  startTestServer,
  type TestServer,
  variants,
  serverFor,
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
    expect(field(last?.body, 'message')).toBe(
      'Has hecho demasiadas solicitudes. Espera un minuto y vuelve a intentarlo.',
    );
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(last?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
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
