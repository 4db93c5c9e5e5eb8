import { eq, sql } from 'drizzle-orm';
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { passwordTokens, refreshTokens, sessions } from '../src/db/schema';
import {
  ENDED_RECORD_RETENTION_DAYS,
  MAINTENANCE_LOCK_ID,
  runMaintenance,
} from '../src/maintenance';
import { STAGING_DIR } from '../src/providers/storage/upload-staging';
import { DISK_STORAGE_DIR } from '../src/providers/storage';
import { passingLead, serverFor, text, variants } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const justOutside = ENDED_RECORD_RETENTION_DAYS + 1;
const justInside = ENDED_RECORD_RETENTION_DAYS - 1;

describe.each(variants)('database maintenance on $name', (variant) => {
  const server = serverFor(variant);

  /** A lead session as the simulator gets it: its id, its refresh token and its lead. */
  async function newLeadSession() {
    const response = await server().request('/api/leads', { json: passingLead() });
    expect(response.status).toBe(201);
    const leadId = text(response.body, 'data', 'id');
    const [row] = await server()
      .ctx.db.select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.leadId, leadId));
    if (row === undefined) throw new Error('no session stored for the lead');
    return { ...row, refreshToken: text(response.body, 'session', 'refresh_token') };
  }

  async function sessionExists(id: string) {
    const rows = await server().ctx.db.select().from(sessions).where(eq(sessions.id, id));
    return rows.length === 1;
  }

  it(`deletes sessions revoked more than ${String(ENDED_RECORD_RETENTION_DAYS)} days ago, with their refresh tokens, and keeps the rest`, async () => {
    const { db } = server().ctx;
    const old = await newLeadSession();
    const recent = await newLeadSession();
    const live = await newLeadSession();
    await db
      .update(sessions)
      .set({ revokedAt: daysAgo(justOutside), revokedReason: 'logout' })
      .where(eq(sessions.id, old.id));
    await db
      .update(sessions)
      .set({ revokedAt: daysAgo(justInside), revokedReason: 'reuse' })
      .where(eq(sessions.id, recent.id));

    await runMaintenance(db, undefined, undefined, server().ctx.databaseKind);

    expect(await sessionExists(old.id)).toBe(false);
    expect(
      await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, old.id)),
    ).toEqual([]);
    expect(await sessionExists(recent.id)).toBe(true);
    expect(await sessionExists(live.id)).toBe(true);
    // The live session still works after the clean-up.
    const refreshed = await server().request('/api/auth/refresh', {
      json: { refresh_token: live.refreshToken },
    });
    expect(refreshed.status).toBe(200);
  });

  it.runIf(variant.name === 'PostgreSQL')(
    'leaves the shared clean-up to the instance already doing it, and does it once that one is done',
    async () => {
      const { db } = server().ctx;
      const old = await newLeadSession();
      await db
        .update(sessions)
        .set({ revokedAt: daysAgo(justOutside), revokedReason: 'logout' })
        .where(eq(sessions.id, old.id));
      const other = new pg.Client({ connectionString: server().ctx.config.databaseUrl });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [MAINTENANCE_LOCK_ID]);
        await runMaintenance(db, undefined, undefined, 'postgres');
        expect(await sessionExists(old.id)).toBe(true);
        await other.query('select pg_advisory_unlock($1)', [MAINTENANCE_LOCK_ID]);
        await runMaintenance(db, undefined, undefined, 'postgres');
        expect(await sessionExists(old.id)).toBe(false);
      } finally {
        await other.end();
      }
    },
  );

  it('deletes a session once all its refresh tokens expired before the retention period', async () => {
    const { db } = server().ctx;
    const lapsed = await newLeadSession();
    const renewed = await newLeadSession();
    await db
      .update(refreshTokens)
      .set({ expiresAt: daysAgo(justOutside) })
      .where(eq(refreshTokens.sessionId, lapsed.id));
    // An older token of a session that was renewed since does not make it ended.
    await db.insert(refreshTokens).values({
      sessionId: renewed.id,
      tokenHash: `antiguo-${renewed.id}`,
      expiresAt: daysAgo(justOutside),
      usedAt: daysAgo(justOutside + 30),
    });

    await runMaintenance(db, undefined, undefined, server().ctx.databaseKind);

    expect(await sessionExists(lapsed.id)).toBe(false);
    expect(await sessionExists(renewed.id)).toBe(true);
  });

  it('deletes recovery links that expired before the retention period and keeps newer ones', async () => {
    const { db } = server().ctx;
    const { userId } = await newLeadSession();
    await db.insert(passwordTokens).values([
      {
        userId,
        purpose: 'reset',
        tokenHash: `viejo-${userId}`,
        expiresAt: daysAgo(justOutside),
      },
      {
        userId,
        purpose: 'reset',
        tokenHash: `reciente-${userId}`,
        expiresAt: daysAgo(justInside),
      },
    ]);

    await runMaintenance(db, undefined, undefined, server().ctx.databaseKind);

    const left = await db
      .select({ tokenHash: passwordTokens.tokenHash })
      .from(passwordTokens)
      .where(sql`${passwordTokens.tokenHash} like ${`%-${userId}`}`);
    expect(left.map((row) => row.tokenHash)).toEqual([`reciente-${userId}`]);
  });
});

describe('leftover temporary files (PGlite)', () => {
  const [pglite] = variants;
  if (pglite === undefined) throw new Error('PGlite variant missing');
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

  /** A file as a write killed half way leaves it, last touched `age` ago. */
  async function plant(folder: string, name: string, modified: Date): Promise<string> {
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, name);
    await writeFile(file, 'medio archivo');
    await utimes(file, modified, modified);
    return file;
  }

  const planted: string[] = [];
  const server = serverFor(pglite, async ({ dataDir }) => {
    planted.push(
      await plant(path.join(dataDir, DISK_STORAGE_DIR, '.tmp'), 'a'.repeat(32), hoursAgo(5)),
      await plant(path.join(dataDir, STAGING_DIR, 'copias'), 'b'.repeat(32), hoursAgo(5)),
    );
    return {};
  });

  it('are removed when the server starts, and by maintenance once old enough; a fresh one stays', async () => {
    for (const file of planted) await expect(stat(file)).rejects.toThrow();
    const { dataDir } = server().ctx.config;
    const stale = await plant(
      path.join(dataDir, DISK_STORAGE_DIR, '.tmp'),
      'c'.repeat(32),
      hoursAgo(2),
    );
    const staleCopy = await plant(
      path.join(dataDir, STAGING_DIR, 'copias'),
      'd'.repeat(32),
      hoursAgo(2),
    );
    const fresh = await plant(
      path.join(dataDir, DISK_STORAGE_DIR, '.tmp'),
      'e'.repeat(32),
      new Date(),
    );
    await runMaintenance(server().ctx.db, server().ctx.uploads, server().ctx.storage);
    await expect(stat(stale)).rejects.toThrow();
    await expect(stat(staleCopy)).rejects.toThrow();
    expect((await stat(fresh)).isFile()).toBe(true);
  });
});
