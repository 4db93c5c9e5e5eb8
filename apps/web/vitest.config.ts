import { fileURLToPath } from 'node:url';

import type { Plugin } from 'vite';
import { defineProject } from 'vitest/config';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * Adds `web-unit`: Node tests of app code (`app/**\/*.test.ts`), e.g. the session manager, and
 * of the prerender step (`prerender/**\/*.test.ts`).
 * Run them alone with `vitest run --project web-e2e --project web-unit apps/web/app` (the path
 * keeps the e2e files, and so the build of their global setup, out).
 * This file itself is the `web-e2e` project, so `--project web-e2e` selects it by that name
 * (a nested `projects` list would be named "@cbp/web (web-e2e)").
 */
function unitProject(): Plugin {
  return {
    name: 'cbp:web-unit-project',
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Vitest awaits every configureVitest hook, though its type says void.
    async configureVitest({ injectTestProjects }) {
      await injectTestProjects([
        {
          test: {
            name: 'web-unit',
            root: webDir,
            environment: 'node',
            include: ['app/**/*.test.ts', 'prerender/**/*.test.ts', 'bundle/**/*.test.ts'],
          },
        },
      ]);
    },
  };
}

export default defineProject({
  plugins: [unitProject()],
  test: {
    name: 'web-e2e',
    root: webDir,
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Files share one build and the machine's two cores; each starts its own server.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
