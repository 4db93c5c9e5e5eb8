import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { snapshotWebBuild } from '../scripts/ensure-build';
import { firstStartData } from './api-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A private copy of apps/web/build/client that this run's servers serve. */
    webBuildDir: string;
    /** The data folder of one start of the API, whose migrated database each file's server copies. */
    firstStartDataDir: string;
  }
}

/**
 * One build per test run, and none when the current build is newer than every source. The
 * servers serve a copy: the shared build folder may be rebuilt by another run meanwhile.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const snapshot = await mkdtemp(path.join(tmpdir(), 'cbp-web-build-'));
  await snapshotWebBuild(path.join(snapshot, 'client'), (line) => {
    process.stdout.write(`[web-e2e] ${line}\n`);
  });
  const webBuildDir = path.join(snapshot, 'client');
  const firstStartDataDir = await firstStartData(webBuildDir).catch(async (error: unknown) => {
    await rm(snapshot, { recursive: true, force: true });
    throw error;
  });
  project.provide('webBuildDir', webBuildDir);
  project.provide('firstStartDataDir', firstStartDataDir);
  return async () => {
    await rm(snapshot, { recursive: true, force: true });
    await rm(firstStartDataDir, { recursive: true, force: true });
  };
}
