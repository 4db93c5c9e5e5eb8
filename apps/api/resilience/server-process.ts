/** The API in a child process (bench/server.ts: every rate limit lifted), as load tests need. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** Lines the server wrote to its standard output after LISTENING. */
  lines: string[];
  stop(): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  nodeOptions: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'bench/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, BENCH_NO_WORKER: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        const match = /^LISTENING (\S+)/.exec(line);
        if (match?.[1] !== undefined) resolve(match[1]);
        else lines.push(line);
      }
    });
    child.on('exit', (code) => {
      reject(new Error(`el servidor terminó con código ${String(code)}`));
    });
  });
  return {
    url,
    pid: child.pid ?? 0,
    lines,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.on('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
