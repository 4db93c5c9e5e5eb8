/**
 * A steady load for minutes on the embedded default (PGlite), sampling the server's heap after
 * a full garbage collection: after the warm-up its trend must stay flat. RESILIENCE_SOAK_SECONDS
 * (default 150) and RESILIENCE_SOAK_RATE (requests per second, default 60) adjust it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { passingLeadRequest } from '@cbp/core/testing';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { report } from './figures';
import { type ServerProcess, startServerProcess } from './server-process';

const seconds = Number(process.env.RESILIENCE_SOAK_SECONDS ?? 150);
const rate = Number(process.env.RESILIENCE_SOAK_RATE ?? 60);
/** Heap growth after the warm-up that counts as a leak. */
const MAX_SLOPE_MB_PER_MINUTE = 1;

const MB = 1024 * 1024;

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const point of points) {
    numerator += (point.x - meanX) * (point.y - meanY);
    denominator += (point.x - meanX) ** 2;
  }
  return denominator === 0 ? 0 : numerator / denominator;
}

describe('soak on the embedded default', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-resiliencia-soak-'));
    server = await startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: '', BENCH_REPORT_MEMORY_MS: '2000' },
      ['--expose-gc'],
    );
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the heap flat under a steady load', async () => {
    const running = server;
    if (running === undefined) throw new Error('no server');
    let sequence = 0;
    const result = await autocannon({
      url: running.url,
      connections: 4,
      overallRate: rate,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/leads',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            sequence += 1;
            const email = `soak.${String(sequence)}.${randomBytes(3).toString('hex')}@correo.es`;
            return { ...request, body: JSON.stringify(passingLeadRequest(email)) };
          },
        },
        { method: 'GET', path: '/health-check' },
      ],
    });

    const samples = running.lines
      .map((line) => /^MEMORY (\d+) (\d+) (\d+)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => ({
        at: Number(match[1]),
        heap: Number(match[2]) / MB,
        rss: Number(match[3]) / MB,
      }));
    expect(samples.length).toBeGreaterThan(10);
    const start = samples[0]?.at ?? 0;
    const afterWarmUp = samples.slice(Math.floor(samples.length / 4));
    const trend = slope(
      afterWarmUp.map((sample) => ({ x: (sample.at - start) / 60_000, y: sample.heap })),
    );
    const first = afterWarmUp[0];
    const last = samples.at(-1);

    report(`Prueba de resistencia (${String(seconds)} s, ${String(rate)} peticiones/s, PGlite)`, [
      ['peticiones', result.requests.total],
      ['respuestas no 2xx', result.non2xx],
      ['heap tras el calentamiento (MB)', first?.heap.toFixed(1) ?? ''],
      ['heap al final (MB)', last?.heap.toFixed(1) ?? ''],
      ['tendencia del heap (MB/min)', trend.toFixed(2)],
      ['RSS al final (MB)', last?.rss.toFixed(0) ?? ''],
    ]);
    expect(result.non2xx).toBe(0);
    expect(result.errors).toBe(0);
    expect(trend).toBeLessThan(MAX_SLOPE_MB_PER_MINUTE);
  });
});
