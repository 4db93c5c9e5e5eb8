import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

describe('the API suites under CI', () => {
  it('fail, saying why, when PostgreSQL does not answer instead of running on PGlite alone', () => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
    );
    const run = spawnSync(
      process.execPath,
      [vitest, 'run', '--project', 'api', 'apps/api/src/lib/client-address.test.ts'],
      {
        cwd: root,
        env: {
          ...env,
          CI: 'true',
          // Port 9 (discard) answers nothing a PostgreSQL client understands.
          TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:9/test',
          NO_COLOR: '1',
          FORCE_COLOR: '0',
        },
        encoding: 'utf8',
      },
    );
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}\n${run.stderr}`).toContain(
      'CI=true y PostgreSQL no responde en 127.0.0.1:9',
    );
  }, 60_000);
});
