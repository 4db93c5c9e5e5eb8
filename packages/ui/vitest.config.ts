import { fileURLToPath } from 'node:url';

import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import type { Plugin } from 'vite';
import { defineProject } from 'vitest/config';

import { prebundledDependencies, unbundledDependencies } from './storybook/config.ts';
import { chromiumArgs, chromiumExecutablePath } from './test/chromium.ts';

const packageDir = fileURLToPath(new URL('.', import.meta.url));
const storybookConfigDir = fileURLToPath(new URL('../../.storybook', import.meta.url));
const screenshotSetup = fileURLToPath(new URL('storybook/vitest.setup.ts', import.meta.url));

/** Built by a function because two projects sharing one browser object fail to start. */
function chromium() {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs },
    }),
    instances: [{ browser: 'chromium' as const }],
  };
}

/**
 * Adds the package's other two projects: `ui-unit` (component tests, `*.test.tsx` beside the
 * components, in Chromium) and `ui-node` (Node tests in test/: tokens, the packed package).
 *
 * Vitest names the projects of a nested `projects` list "@cbp/ui (storybook)", which
 * `--project storybook` would not match; so this file is the `storybook` project and brings the
 * others along. Select them together with it, as the package's `test` script does:
 * `--project storybook --project ui-unit --project ui-node`.
 */
function siblingProjects(): Plugin {
  return {
    name: 'cbp:ui-sibling-projects',
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Vitest awaits every configureVitest hook (Promise.all), though the hook's type says void.
    async configureVitest({ injectTestProjects }) {
      await injectTestProjects([
        {
          plugins: [react()],
          optimizeDeps: { include: prebundledDependencies, exclude: unbundledDependencies },
          test: {
            name: 'ui-unit',
            root: packageDir,
            include: ['src/**/*.test.{ts,tsx}'],
            browser: chromium(),
          },
        },
        {
          test: {
            name: 'ui-node',
            root: packageDir,
            environment: 'node',
            include: ['test/**/*.test.ts'],
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
      ]);
    },
  };
}

export default defineProject({
  plugins: [storybookTest({ configDir: storybookConfigDir }), siblingProjects()],
  test: {
    name: 'storybook',
    browser: chromium(),
    setupFiles: [screenshotSetup],
  },
});
