import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { countHit } from '../lib/counters';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * Fixed-window counters in PostgreSQL, so every instance behind a load balancer shares them.
 * One upsert per request: it opens a new window when the old one has ended, otherwise it
 * counts one more hit, and answers the hits so far and the time left.
 */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      countHit(db, key, timeWindow).then(
        (counter) => {
          callback(null, { current: counter.hits, ttl: Math.ceil(counter.ttlMs) });
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PostgresRateLimitStore;
}

export async function deleteExpiredRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
