import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { benchesOf } from './bench.mjs';

const runner = fileURLToPath(new URL('./bench.mjs', import.meta.url));
let scratch = '';

afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** A package folder whose scripts are the given commands. */
function fakePackage(name, scripts) {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, scripts }));
  return dir;
}

/** A script that leaves a mark in the scratch folder, then ends with `code`. */
const leavesMark = (mark, code) =>
  `node -e "require('fs').writeFileSync('${path.join(scratch, mark)}', '')" && exit ${code}`;

describe('pnpm bench', () => {
  it('runs every bench when one fails, then fails naming it', () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'cbp-bench-runner-'));
    const first = fakePackage('@fake/first', {
      bench: 'node ../runner.mjs',
      'bench:broken': leavesMark('broken', 3),
      'bench:fine': leavesMark('fine', 0),
    });
    const second = fakePackage('@fake/second', { bench: leavesMark('second', 0) });

    const run = spawnSync(process.execPath, [runner, first, second], { encoding: 'utf8' });

    expect(run.status).not.toBe(0);
    expect(existsSync(path.join(scratch, 'broken'))).toBe(true);
    expect(existsSync(path.join(scratch, 'fine'))).toBe(true);
    expect(existsSync(path.join(scratch, 'second'))).toBe(true);
    expect(run.stdout).toContain('FALLA (código 3) @fake/first bench:broken');
    expect(run.stdout).toContain('bien  @fake/first bench:fine');
    expect(run.stdout).toContain('bien  @fake/second bench');
    expect(run.stdout).toContain('Fallaron 1 de 3: @fake/first bench:broken');
  });

  it('ends well when every bench does', () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'cbp-bench-runner-'));
    const only = fakePackage('@fake/only', { 'bench:fine': leavesMark('fine', 0) });

    const run = spawnSync(process.execPath, [runner, only], { encoding: 'utf8' });

    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('Fallaron');
  });

  it('finds the API and web benches in the order they are written', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const scripts = (dir) => benchesOf(path.join(root, dir)).map((bench) => bench.script);
    expect(scripts('apps/api')).toEqual(['bench:leads', 'bench:upload']);
    expect(scripts('apps/web')).toEqual(['bench:js', 'bench:lighthouse']);
  });
});
