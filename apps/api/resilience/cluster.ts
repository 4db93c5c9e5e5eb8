/**
 * A PostgreSQL server of the harness's own (initdb in a temporary folder, a free port), so it can
 * be restarted under load without touching anyone else's database.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/s3-server';

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => path.join(root, version, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')));
}

export interface Cluster {
  url: string;
  restart(): void;
  stop(): void;
}

/** Why a private cluster cannot be made here, or undefined when it can. */
export function clusterUnavailable(): string | undefined {
  if (binDir() === undefined) return 'no se encuentra initdb (paquete postgresql)';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'como root hace falta el usuario postgres para ejecutar initdb';
    }
  }
  return undefined;
}

export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  if (bin === undefined) throw new Error('initdb no disponible');
  const root = mkdtempSync(path.join(tmpdir(), 'cbp-resiliencia-pg-'));
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
    chmodSync(root, 0o700);
  }
  const run = (program: string, args: string[]) => {
    const command = path.join(bin, program);
    execFileSync(
      asRoot ? 'runuser' : command,
      asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
      {
        stdio: 'ignore',
      },
    );
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${String(port)} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const ctl = (action: string[]) => {
    run('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      path.join(root, 'postgres.log'),
      '-w',
      ...action,
    ]);
  };
  ctl(['start']);
  return {
    url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
    restart: () => {
      ctl(['-m', 'fast', 'restart']);
    },
    stop: () => {
      try {
        ctl(['-m', 'fast', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
