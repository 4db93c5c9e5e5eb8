import { describe, expect, it } from 'vitest';
import { apiOperations, fuzzOperation, startingSessions } from './fuzz-requests';
import { serverFor, variants } from './helpers';

/** Per operation; `pnpm test:resilience` sends 10.000 (apps/api/resilience). */
const RUNS: Record<string, number> = { PGlite: 250, PostgreSQL: 150 };

describe.each(variants)('malformed requests on $name', (variant) => {
  const server = serverFor(variant);

  it('never answer 5xx on any endpoint, and every refusal carries a Spanish message', async () => {
    const operations = await apiOperations(server());
    expect(operations.length).toBeGreaterThan(8);
    const sessions = await startingSessions(server(), 3);
    let refusals = 0;
    let successes = 0;
    for (const operation of operations) {
      const stats = await fuzzOperation(server(), operation, RUNS[variant.name] ?? 100, sessions);
      for (const [status, count] of stats.statuses) {
        if (status >= 400) refusals += count;
        else successes += count;
      }
    }
    // The generator reaches both refusals and successes, not just one kind of answer.
    expect(refusals).toBeGreaterThan(500);
    expect(successes).toBeGreaterThan(50);
  }, 240_000);
});
