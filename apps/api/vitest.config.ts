import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One S3 server for the run, and the check that PostgreSQL answers under CI.
    globalSetup: ['test/global-setup.ts'],
    // Each file starts real servers on an embedded PostgreSQL (about 3 s to open and migrate).
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
