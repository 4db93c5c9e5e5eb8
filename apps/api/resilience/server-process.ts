/**
 * The API in a child process (bench/server.ts: every rate limit lifted), as load tests and the
 * two-instance journey need: a process of its own can be stopped gently or killed outright.
 */
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
  /** Kills the process with `signal` (no graceful stop for SIGKILL) and waits for it to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
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
  const ended = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
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
  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return ended;
  };
  return {
    url,
    pid: child.pid ?? 0,
    lines,
    stop: () => kill('SIGTERM'),
    kill,
  };
}
