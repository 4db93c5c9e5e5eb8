import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { DEFAULT_TEST_DATABASE_URL } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder with every migration applied, copied for each test database. */
    pgliteTemplateDir: string;
    /** A PostgreSQL database with every migration applied, the template of each test database; absent when PostgreSQL does not answer. */
    postgresTemplateDatabase: string | undefined;
  }
}

/** A new PGlite database costs its own initdb (seconds of WebAssembly); a copy of a migrated one does not. */
async function pgliteTemplate(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'cbp-api-template-'));
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: root });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return {
    dir: path.join(root, 'pglite'),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function postgresTemplate(
  adminUrl: string,
): Promise<{ database: string; cleanup: () => Promise<void> } | undefined> {
  const database = `cbp_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    await adminQuery(adminUrl, `create database "${database}"`);
  } catch {
    // Not reachable: the helpers say so and run the files on PGlite only.
    return undefined;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const drop = () => adminQuery(adminUrl, `drop database if exists "${database}" with (force)`);
  try {
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { database, cleanup: drop };
}

/** Migrates one database of each kind per run; each test file starts from a copy. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const [pgliteMade, postgresMade] = await Promise.allSettled([
    pgliteTemplate(),
    postgresTemplate(adminUrl),
  ]);
  if (pgliteMade.status === 'rejected') {
    if (postgresMade.status === 'fulfilled') await postgresMade.value?.cleanup();
    throw pgliteMade.reason;
  }
  const pglite = pgliteMade.value;
  if (postgresMade.status === 'rejected') {
    await pglite.cleanup();
    throw postgresMade.reason;
  }
  const postgres = postgresMade.value;
  project.provide('pgliteTemplateDir', pglite.dir);
  project.provide('postgresTemplateDatabase', postgres?.database);
  return async () => {
    await Promise.all([pglite.cleanup(), postgres?.cleanup()]);
  };
}
