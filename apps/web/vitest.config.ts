import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import type { Plugin } from 'vite';
import { defineProject } from 'vitest/config';

import {
  prebundledDependencies,
  unbundledDependencies,
} from '../../packages/ui/storybook/config.ts';
import { chromiumArgs, chromiumExecutablePath } from '../../packages/ui/test/chromium.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * Adds `web-unit`: Node tests of app code (`app/**\/*.test.ts`), e.g. the session manager, and
 * of the prerender step (`prerender/**\/*.test.ts`); and `web-browser`: hooks and components
 * rendered in Chromium (`app/**\/*.test.tsx`).
 * Run them alone with `vitest run --project 'web-*' apps/web/app` (the path keeps the e2e
 * files, and so the build of their global setup, out).
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
        {
          plugins: [tailwindcss(), react()],
          // Pre-bundled before the first test, as the kit's own tests do: a dependency met only
          // while a test runs makes Vite reload the page and fail that run.
          optimizeDeps: {
            include: [
              'react-router',
              'vitest-browser-react',
              '@cbp/core > fast-check',
              ...prebundledDependencies.map((name) => `@cbp/ui > ${name}`),
            ],
            exclude: unbundledDependencies,
          },
          test: {
            name: 'web-browser',
            root: webDir,
            include: ['app/**/*.test.tsx'],
            setupFiles: ['test/browser-setup.ts'],
            browser: {
              enabled: true,
              headless: true,
              provider: playwright({
                launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs },
              }),
              instances: [{ browser: 'chromium' }],
            },
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
