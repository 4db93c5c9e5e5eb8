import { and, exists, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';

import type { Database } from './db/client';
import { passwordTokens, refreshTokens, sessions } from './db/schema';
import { deleteExpiredRateLimits } from './plugins/rate-limit-store';
import { deleteOldIdempotencyKeys } from './modules/leads/service';

/**
 * How long a session or recovery link that can no longer be used is kept: long enough to look
 * into a reused refresh token or a reset nobody asked for, then it goes (decision 0311).
 */
export const ENDED_RECORD_RETENTION_DAYS = 30;

const retentionCutoff = sql`now() - make_interval(days => ${ENDED_RECORD_RETENTION_DAYS})`;

/**
 * Sessions that ended before the retention period: revoked then, or whose refresh tokens had
 * all expired by then. Their refresh tokens go with them (on delete cascade).
 */
export async function deleteEndedSessions(db: Database): Promise<void> {
  const liveToken = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        sql`${refreshTokens.sessionId} = ${sessions.id}`,
        sql`${refreshTokens.expiresAt} >= ${retentionCutoff}`,
      ),
    );
  const anyToken = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(sql`${refreshTokens.sessionId} = ${sessions.id}`);
  await db
    .delete(sessions)
    .where(
      or(
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, retentionCutoff)),
        and(exists(anyToken), notExists(liveToken)),
      ),
    );
}

/** Recovery and account-creation links that expired before the retention period. */
export async function deleteExpiredPasswordTokens(db: Database): Promise<void> {
  await db.delete(passwordTokens).where(lt(passwordTokens.expiresAt, retentionCutoff));
}

/** Uploads that were never finished (decision 0471), removed once they have expired. */
export interface ExpiringUploads {
  /** Where they wait: this machine's disk, or the bucket every instance shares. */
  readonly kind: 'disk' | 's3';
  deleteExpired(): Promise<number>;
  /** Copies made to check a complete upload, left by a process killed meanwhile. */
  deleteStaleCopies?(olderThan: Date): Promise<number>;
}

/** Where documents are stored: files a killed write left half written. */
export interface TemporaryFiles {
  deleteStaleTemporary(olderThan: Date): Promise<number>;
}

/**
 * How old a temporary file must be before it is taken for a leftover: storing the largest file
 * (50 MB) takes seconds, and no request lasts longer than REQUEST_TIMEOUT_SECONDS (decision 0592).
 */
export const TEMPORARY_FILE_AGE_MS = 60 * 60 * 1000;

/** An arbitrary constant: the instance that tidies what all of them share holds it meanwhile. */
export const MAINTENANCE_LOCK_ID = 731_005;

/**
 * Everything the server tidies when it starts and on its maintenance timer; each part stands
 * on its own. What the instances share (the database, the staging bucket) is tidied by one
 * instance at a time, and skipped by another that finds it under way; what is on this
 * machine's disk is tidied by every instance (decision 0757).
 */
export async function runMaintenance(
  db: Database,
  uploads?: ExpiringUploads,
  storage?: TemporaryFiles,
  /** PGlite is one process, whose transaction would hold back the work's own queries. */
  databaseKind: 'pglite' | 'postgres' = 'pglite',
): Promise<void> {
  const olderThan = new Date(Date.now() - TEMPORARY_FILE_AGE_MS);
  const once =
    databaseKind === 'postgres'
      ? onOneInstance
      : <T>(_db: Database, work: () => Promise<T>) => work();
  const [shared, ...local] = await Promise.allSettled([
    once(db, () =>
      Promise.allSettled([
        deleteExpiredRateLimits(db),
        deleteOldIdempotencyKeys(db),
        deleteEndedSessions(db),
        deleteExpiredPasswordTokens(db),
        uploads?.kind === 's3' ? uploads.deleteExpired() : undefined,
      ]),
    ),
    uploads?.kind === 's3' ? undefined : uploads?.deleteExpired(),
    uploads?.deleteStaleCopies?.(olderThan),
    storage?.deleteStaleTemporary(olderThan),
  ]);
  const results = [...local, ...(shared.status === 'fulfilled' ? (shared.value ?? []) : [])];
  if (shared.status === 'rejected') results.push(shared);
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (failures.length > 0) throw new AggregateError(failures, 'Maintenance failed');
}

/** Runs `work` unless another instance is running it now (undefined then). */
async function onOneInstance<T>(db: Database, work: () => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ taken: boolean }>(
      sql`select pg_try_advisory_xact_lock(${MAINTENANCE_LOCK_ID}) as taken`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    if ((rows[0] as { taken?: boolean } | undefined)?.taken !== true) return undefined;
    return work();
  });
}
