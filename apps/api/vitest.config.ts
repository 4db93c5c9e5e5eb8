import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One S3 server for the run and the check that PostgreSQL answers under CI; then migrated
    // template databases, copied for each server the files start.
    globalSetup: ['test/global-setup.ts', 'test/template-databases.ts'],
    // Files share one process: the server's modules and PGlite's WebAssembly load once, not
    // once per file. Each file still gets its own servers and databases.
    isolate: false,
    // Each file starts real servers on an embedded PostgreSQL (a second or two to copy and open).
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
