import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const ALL = ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/site/src/**/*.test.ts'];
/** Files that change what every later file in their worker would see (a module mock). */
const ISOLATED = ['apps/server/src/modules/metrics/kept-metrics.test.ts'];

// Unit and API tests. Browser tests live in e2e/ with their own config (they need a built client).
export default defineConfig({
  test: {
    // The default report, then the slowest files (a CI record keeps only a run's last lines).
    reporters: ['default', './scripts/slowest-files-reporter.ts'],
    environment: 'node',
    // Time-outs catch a hang, never slowness: a loaded CI machine ran a right test past 60 s.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // On PostgreSQL: one migrated database that each file's database copies (postgres-template.ts).
    globalSetup: ['apps/server/src/testing/postgres-template.ts'],
    // Property tests: a fixed seed on CI (vitest.setup.ts).
    setupFiles: ['vitest.setup.ts'],
    // expect.poll waits 1 s by default: on a busy machine a page or server that is merely slow
    // would fail a test. No test may depend on speed, so a poll waits as long as a person would.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machine,
    // which left one core idle while most API tests wait on their embedded database. Every test file
    // has its own database, app and Redis prefix, so files may run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: ALL,
          exclude: ISOLATED,
          // A worker imports the application once and runs file after file in it: per file, the
          // import of the whole app (about 2 s) and a new embedded database engine (about 3 s) were
          // most of the unit run (measured: 293 s in tests of 1,130 s of worker time). Every file
          // still gets its own database (a clone, test-database.ts), app and Redis prefix, and the
          // module-level caches are kept per database (a WeakMap keyed by the Database).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
