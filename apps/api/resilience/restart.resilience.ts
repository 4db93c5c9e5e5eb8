/**
 * POST /api/leads under autocannon while the PostgreSQL server behind the API is restarted:
 * every lead the API acknowledged (201) must be in the database afterwards, and the outage
 * must be answered 503 with Retry-After, never 500. RESILIENCE_LOAD_SECONDS (default 30) and
 * RESILIENCE_CONNECTIONS (default 10) adjust it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { passingLeadRequest } from '@cbp/core/testing';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, clusterUnavailable, startCluster } from './cluster';
import { report, statusLine } from './figures';
import { type ServerProcess, startServerProcess } from './server-process';

const seconds = Number(process.env.RESILIENCE_LOAD_SECONDS ?? 30);
const connections = Number(process.env.RESILIENCE_CONNECTIONS ?? 10);
const unavailable = clusterUnavailable();
if (unavailable !== undefined) {
  console.warn(
    `Se omite la carga con reinicio: no se puede crear un PostgreSQL propio (${unavailable}).`,
  );
}

describe.skipIf(unavailable !== undefined)('PostgreSQL restarted under load', () => {
  let cluster: Cluster | undefined;
  let server: ServerProcess | undefined;
  let dataDir = '';

  beforeAll(async () => {
    cluster = await startCluster();
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-resiliencia-'));
    server = await startServerProcess({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    cluster?.stop();
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged lead and answers the outage with 503, never 500', async () => {
    const running = server;
    const database = cluster;
    if (running === undefined || database === undefined) throw new Error('no server');
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let retryAfterMissing = 0;
    let sequence = 0;

    const load = autocannon({
      url: running.url,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/leads',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            sequence += 1;
            const email = `carga.${String(sequence)}.${randomBytes(3).toString('hex')}@correo.es`;
            return { ...request, body: JSON.stringify(passingLeadRequest(email)) };
          },
          onResponse: (status, body, _context, headers) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 201) {
              const parsed = JSON.parse(body) as { data: { id: string } };
              acknowledged.push(parsed.data.id);
            }
            if (status === 503 && headers?.['retry-after'] === undefined) retryAfterMissing += 1;
          },
        },
      ],
    });

    // A third of the way in, the database goes down and comes back.
    await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 3));
    const restartStarted = Date.now();
    database.restart();
    const restartMs = Date.now() - restartStarted;
    const result = await load;

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let found = 0;
    try {
      const rows = await client.query<{ count: string }>(
        'select count(*) from leads where id = any($1::uuid[])',
        [acknowledged],
      );
      found = Number(rows.rows[0]?.count ?? 0);
    } finally {
      await client.end();
    }

    report(
      `Carga con reinicio de PostgreSQL (${String(seconds)} s, ${String(connections)} conexiones)`,
      [
        ['peticiones', result.requests.total],
        ['leads confirmados (201)', acknowledged.length],
        ['leads perdidos', acknowledged.length - found],
        ['respuestas por código', statusLine(statuses)],
        ['503 sin Retry-After', retryAfterMissing],
        ['errores de conexión', result.errors],
        ['reinicio de PostgreSQL (ms)', restartMs],
        ['peticiones por segundo (media)', result.requests.average],
      ],
    );
    // The API itself stayed up all along and answers again.
    const health = await fetch(`${running.url}/health-check`);
    expect(health.status).toBe(200);
    expect(result.errors).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(found).toBe(acknowledged.length);
    expect(statuses.get(500) ?? 0).toBe(0);
    expect([...statuses.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(retryAfterMissing).toBe(0);
  });
});
