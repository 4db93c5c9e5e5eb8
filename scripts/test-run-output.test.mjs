import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/**
 * Everything a test run prints besides its own results. Listing one project loads the
 * configuration of every project (Vite's config loader, Storybook's story index), which is
 * where the warnings came from.
 */
function extraOutputOfATestRun() {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
  );
  const run = spawnSync(process.execPath, [vitest, 'list', '--project', 'core', '--filesOnly'], {
    cwd: root,
    env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return `${run.stdout}\n${run.stderr}`
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !line.startsWith('[core] '));
}

describe('a test run', () => {
  it('prints no warnings a newcomer would take for errors', () => {
    expect(extraOutputOfATestRun()).toEqual([]);
  }, 60_000);
});
