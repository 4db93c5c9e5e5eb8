import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:resilience`: long runs kept out of `pnpm test` (the root config does not list this
 * file). One file at a time, so the load and the soak are not measured against each other.
 */
export default defineConfig({
  test: {
    name: 'resilience',
    root: new URL('..', import.meta.url).pathname,
    environment: 'node',
    include: ['resilience/**/*.resilience.ts'],
    globalSetup: ['test/global-setup.ts', 'test/template-databases.ts'],
    fileParallelism: false,
    testTimeout: 15 * 60 * 1000,
    hookTimeout: 120_000,
  },
});
