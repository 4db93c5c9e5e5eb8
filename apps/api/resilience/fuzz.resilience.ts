/**
 * Ten thousand fast-check requests per API operation (read from the OpenAPI document), on
 * PGlite and, when it answers, on PostgreSQL: no 5xx, Spanish refusals, and whatever a success
 * stored reads back. RESILIENCE_FUZZ_RUNS changes the count per operation.
 */
import { describe, expect, it } from 'vitest';
import { apiOperations, fuzzOperation, startingSessions } from '../test/fuzz-requests';
import { serverFor, variants } from '../test/helpers';
import { report, statusLine } from './figures';

const RUNS = Number(process.env.RESILIENCE_FUZZ_RUNS ?? 10_000);

describe.each(variants)('fuzzing every endpoint on $name', (variant) => {
  const server = serverFor(variant);

  it(`answers ${String(RUNS)} hostile requests per endpoint without a 5xx`, async () => {
    const operations = await apiOperations(server());
    const sessions = await startingSessions(server(), 5);
    const rows: [string, string][] = [];
    const started = Date.now();
    let total = 0;
    let followUps = 0;
    for (const operation of operations) {
      const stats = await fuzzOperation(server(), operation, RUNS, sessions);
      expect(stats.requests).toBe(RUNS);
      total += stats.requests;
      followUps += stats.followUps;
      rows.push([`${operation.method} ${operation.path}`, statusLine(stats.statuses)]);
    }
    report(`Fuzz en ${variant.name}: ${String(RUNS)} peticiones por operación`, [
      ...rows,
      ['peticiones en total', String(total)],
      ['lecturas de lo creado', String(followUps)],
      ['respuestas 5xx', '0'],
      ['segundos', ((Date.now() - started) / 1000).toFixed(0)],
    ]);
  });
});
