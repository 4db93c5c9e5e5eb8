/**
 * The API as a child process, started by its own start script as `pnpm start` runs it. Kept
 * apart from the harness so the global setup can start it too (it cannot import Vitest).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('../../api', import.meta.url));

export interface Running {
  child: ChildProcess;
  url: string;
  port: number;
}

/** The environment of an API serving `webDir` with its data in `dataDir`. */
export function apiEnv(options: {
  port: number;
  dataDir: string;
  webDir: string;
  extra?: Record<string, string> | undefined;
}): NodeJS.ProcessEnv {
  const baseEnv: NodeJS.ProcessEnv = { ...process.env };
  // The API resolves relative paths from INIT_CWD; everything here is absolute anyway.
  delete baseEnv.INIT_CWD;
  delete baseEnv.DATABASE_URL;
  delete baseEnv.SMTP_URL;
  delete baseEnv.PUBLIC_URL;
  return {
    ...baseEnv,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    WEB_DIR: options.webDir,
    LOG_LEVEL: 'warn',
    ...options.extra,
  };
}

const START_TIMEOUT_MS = 120_000;

export function launchServer(env: NodeJS.ProcessEnv, log: string[]): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`El servidor no arrancó en ${START_TIMEOUT_MS} ms:\n${log.join('')}`));
    }, START_TIMEOUT_MS);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      log.push(chunk);
      const match = /Servidor en (http:\/\/[^\s]+)/.exec(log.join(''));
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        const url = match[1];
        resolve({ child, url, port: Number(new URL(url).port) });
      }
    });
    child.stderr.on('data', (chunk: string) => {
      log.push(chunk);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`El servidor terminó (código ${String(code)}):\n${log.join('')}`));
    });
  });
}

export async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/**
 * A data folder left by one start of the API: its embedded database has every migration
 * applied. Each file's server starts on a copy, and skips the seconds a new one costs.
 */
export async function firstStartData(webDir: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-web-e2e-template-'));
  const log: string[] = [];
  const running = await launchServer(apiEnv({ port: 0, dataDir, webDir }), log);
  await terminate(running.child);
  return dataDir;
}
