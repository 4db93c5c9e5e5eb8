/**
 * Builds the web app when its build is missing or older than its sources, so `pnpm start`
 * and the end-to-end tests always serve the current site. Run directly by Node (type
 * stripping), so it imports nothing of the project.
 *
 *   node apps/web/scripts/ensure-build.ts     builds if needed, then exits
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = path.resolve(webDir, '../..');

export const clientBuildDir = path.join(webDir, 'build', 'client');
/**
 * Written by the last step of `react-router build` (`buildEnd` in react-router.config.ts) and
 * removed before each build: its age is the age of a build that finished. Outside `client/`,
 * so it is never served.
 */
export const buildCompleteMarker = path.join(webDir, 'build', 'build-complete');

const sources = [
  path.join(webDir, 'app'),
  path.join(webDir, 'public'),
  path.join(webDir, 'react-router.config.ts'),
  path.join(webDir, 'prerender'),
  path.join(webDir, 'vite.config.ts'),
  // How the build is cut into files.
  path.join(webDir, 'bundle'),
  path.join(webDir, 'package.json'),
  // Their `sideEffects` and `exports` decide what the bundle keeps.
  path.join(repoDir, 'packages', 'core', 'package.json'),
  path.join(repoDir, 'packages', 'ui', 'package.json'),
  path.join(repoDir, 'packages', 'ui', 'src'),
  path.join(repoDir, 'packages', 'core', 'src'),
  path.join(repoDir, 'tailwind.config.ts'),
];

// Stories, tests and screenshots never reach the site; changing them needs no new build.
const irrelevant =
  /(?:^|[\\/])(?:node_modules|__screenshots__)(?:[\\/]|$)|\.(?:stories|test)\.tsx?$/;

async function newestChange(target: string): Promise<number> {
  let info;
  try {
    info = await stat(target);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return irrelevant.test(target) ? 0 : info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(target)) {
    const child = path.join(target, entry);
    if (irrelevant.test(child)) continue;
    newest = Math.max(newest, await newestChange(child));
  }
  return newest;
}

export async function buildIsCurrent(): Promise<boolean> {
  let built: number;
  try {
    built = (await stat(buildCompleteMarker)).mtimeMs;
  } catch {
    return false;
  }
  const changes = await Promise.all(sources.map(newestChange));
  return Math.max(...changes) <= built;
}

async function runBuild(): Promise<void> {
  // A build that fails half-way must not look finished to the next run.
  await rm(buildCompleteMarker, { force: true });
  const cli = path.join(webDir, 'node_modules', '@react-router', 'dev', 'bin.cjs');
  return new Promise((resolve, reject) => {
    // Always the production build: run from a test runner, NODE_ENV=test would otherwise give
    // React's development build, which `pnpm start` would then serve as current.
    const child = spawn(process.execPath, [cli, 'build'], {
      cwd: webDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`La compilación de la web terminó con el código ${String(code)}`));
    });
  });
}

const lockDir = path.join(
  tmpdir(),
  `cbp-web-build-${createHash('sha256').update(webDir).digest('hex').slice(0, 12)}.lock`,
);
const STALE_LOCK_MS = 10 * 60 * 1000;

/** Only one build at a time per checkout, even from several test runs at once. */
async function withBuildLock<T>(task: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await mkdir(lockDir);
      break;
    } catch {
      const since = await stat(lockDir).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (since > STALE_LOCK_MS) await rm(lockDir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await task();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}

/** Builds unless the build is current; resolves with what it did. */
export async function ensureWebBuild(
  log: (line: string) => void = (line) => {
    process.stdout.write(`${line}\n`);
  },
): Promise<'built' | 'current'> {
  if (await buildIsCurrent()) return 'current';
  return withBuildLock(async () => {
    // Another run may have built it while this one waited.
    if (await buildIsCurrent()) return 'current';
    log('Compilando la web (apps/web)...');
    await runBuild();
    return 'built';
  });
}

/**
 * Copies the current build (building it first if needed) to `target`, holding the build lock,
 * so a server can keep serving it while another run rebuilds the shared folder.
 */
export async function snapshotWebBuild(
  target: string,
  log: (line: string) => void = (line) => {
    process.stdout.write(`${line}\n`);
  },
): Promise<void> {
  await withBuildLock(async () => {
    if (!(await buildIsCurrent())) {
      log('Compilando la web (apps/web)...');
      await runBuild();
    }
    await cp(clientBuildDir, target, { recursive: true });
  });
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (invokedDirectly) {
  ensureWebBuild().then(
    (result) => {
      if (result === 'current') process.stdout.write('La web compilada está al día.\n');
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
