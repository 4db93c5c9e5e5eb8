import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';

export interface CounterState {
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** The hits so far in the current window of `key` (0 when it has none or it has ended). */
export async function readCounter(db: Executor, key: string): Promise<CounterState> {
  const [row] = await db
    .select({
      hits: sql<number>`case when ${rateLimits.resetAt} <= now() then 0 else ${rateLimits.hits} end`,
      ttlMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.resetAt} - now())) * 1000)::float8`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row === undefined ? { hits: 0, ttlMs: 0 } : { hits: row.hits, ttlMs: row.ttlMs };
}

/** Counts one more hit in a fixed window of `windowMs`, opening a new window when the last ended. */
export async function countHit(db: Executor, key: string, windowMs: number): Promise<CounterState> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
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
    });
  if (row === undefined) throw new Error('counter upsert returned no row');
  return row;
}

export async function clearCounter(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
