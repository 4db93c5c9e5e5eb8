import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

const webDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * The screen audit (`pnpm audit:screens`), outside `pnpm test`: one long run that walks every
 * screen of /app and /gestion with three seeded cases and writes what it saw to `.audit/`. It
 * shares the end-to-end tests' build and server harness (their global setup builds the site).
 */
export default defineConfig({
  test: {
    name: 'audit-screens',
    root: webDir,
    environment: 'node',
    include: ['scripts/audit-screens.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 40 * 60_000,
    hookTimeout: 240_000,
  },
});
