#!/usr/bin/env node
// Runs every bench, one after the other, even when one fails, and fails at the end naming the
// ones that failed. A bench is a package script named `bench:<name>` (a package with only a
// `bench` script of its own counts as one bench).
//
//   node scripts/bench.mjs                    every workspace package (pnpm bench)
//   node scripts/bench.mjs apps/api           the benches of the packages given (pnpm bench in one)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The package folders the workspace file lists (`- apps/*` entries), in its order. */
export function workspacePackages(workspaceRoot) {
  const manifest = readFileSync(path.join(workspaceRoot, 'pnpm-workspace.yaml'), 'utf8');
  const globs = [...manifest.matchAll(/^\s*-\s*['"]?([\w./-]+)\/\*['"]?\s*$/gm)].map(
    (match) => match[1] ?? '',
  );
  return globs.flatMap((parent) => {
    const folder = path.join(workspaceRoot, parent);
    if (!existsSync(folder)) return [];
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(folder, entry.name))
      .filter((dir) => existsSync(path.join(dir, 'package.json')))
      .sort();
  });
}

/**
 * The benches of one package: its `bench:*` scripts in the order they are written, or its own
 * `bench` when it has no others and it is not this runner.
 * @returns {{ dir: string, packageName: string, script: string }[]}
 */
export function benchesOf(dir) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const scripts = manifest.scripts ?? {};
  const packageName = manifest.name ?? path.basename(dir);
  const named = Object.keys(scripts).filter((name) => name.startsWith('bench:'));
  if (named.length > 0) return named.map((script) => ({ dir, packageName, script }));
  const own = scripts.bench;
  if (typeof own === 'string' && !own.includes('scripts/bench.mjs')) {
    return [{ dir, packageName, script: 'bench' }];
  }
  return [];
}

function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Runs each bench with `pnpm run` in its package, its output as it comes; answers the results. */
export function runBenches(benches) {
  return benches.map((bench) => {
    const label = `${bench.packageName} ${bench.script}`;
    console.log(`\n▶ ${label}`);
    const started = Date.now();
    const run = spawnSync('pnpm', ['run', bench.script], { cwd: bench.dir, stdio: 'inherit' });
    const code = run.status ?? 1;
    return { label, code, ms: Date.now() - started, signal: run.signal };
  });
}

function main() {
  const given = process.argv.slice(2);
  const dirs = given.length > 0 ? given.map((dir) => path.resolve(dir)) : workspacePackages(root);
  const benches = dirs.flatMap(benchesOf);
  if (benches.length === 0) {
    console.log('No hay mediciones que ejecutar.');
    return;
  }
  const results = runBenches(benches);
  console.log('\nResumen de las mediciones:');
  for (const result of results) {
    const verdict =
      result.code === 0
        ? 'bien '
        : `FALLA (${result.signal ? `señal ${result.signal}` : `código ${result.code}`})`;
    console.log(`  ${verdict} ${result.label} · ${duration(result.ms)}`);
  }
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length > 0) {
    console.log(
      `\nFallaron ${failed.length} de ${results.length}: ${failed.map((result) => result.label).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  main();
}
