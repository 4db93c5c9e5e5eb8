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

/**
 * Everything the server tidies when it starts and on its maintenance timer; each part stands
 * on its own.
 */
export async function runMaintenance(
  db: Database,
  uploads?: ExpiringUploads,
  storage?: TemporaryFiles,
): Promise<void> {
  const olderThan = new Date(Date.now() - TEMPORARY_FILE_AGE_MS);
  const results = await Promise.allSettled([
    deleteExpiredRateLimits(db),
    deleteOldIdempotencyKeys(db),
    deleteEndedSessions(db),
    deleteExpiredPasswordTokens(db),
    uploads?.deleteExpired(),
    uploads?.deleteStaleCopies?.(olderThan),
    storage?.deleteStaleTemporary(olderThan),
  ]);
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (failures.length > 0) throw new AggregateError(failures, 'Maintenance failed');
}
