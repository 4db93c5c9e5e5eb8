/**
 * The API's own start script, as `pnpm start` runs it, serving the web build on a free port
 * with a temporary database: what every web bench measures against.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDir = fileURLToPath(new URL('..', import.meta.url));
const apiDir = path.resolve(webDir, '../api');

export interface Server {
  url: string;
  stop: () => Promise<void>;
}

/** The API's own start script, as `pnpm start` runs it, on a free port and a temporary database. */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<Server> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIR: path.join(webDir, 'build', 'client'),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  for (const name of ['INIT_CWD', 'DATABASE_URL', 'SMTP_URL', 'NODE_ENV'])
    Reflect.deleteProperty(env, name);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A bench that dies before its `finally` (its output piped into `head`, say) must not leave
  // the server running.
  const killOnExit = () => {
    child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);
  const log: string[] = [];
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`El servidor no arrancó:\n${log.join('')}`));
    }, 180_000);
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      log.push(chunk);
      const match = /Servidor en (http:\/\/\S+)/.exec(log.join(''));
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: string) => log.push(chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`El servidor terminó (código ${String(code)}):\n${log.join('')}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, stop };
}
