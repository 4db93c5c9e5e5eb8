import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * Fixed-window counters in PostgreSQL, so every instance behind a load balancer shares them.
 * One upsert per request: it opens a new window when the old one has ended, otherwise it
 * counts one more hit, and answers the hits so far and the time left.
 */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const windowEnd = sql`now() + ${timeWindow} * interval '1 millisecond'`;
      db.insert(rateLimits)
        .values({ key, hits: 1, resetAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({
          hits: rateLimits.hits,
          ttlMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.resetAt} - now())) * 1000)::float8`,
        })
        .then(
          ([row]) => {
            if (row === undefined) {
              callback(new Error('rate limit upsert returned no row'));
              return;
            }
            callback(null, { current: row.hits, ttl: Math.ceil(row.ttlMs) });
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
