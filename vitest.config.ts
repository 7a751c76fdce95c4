import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API tests. Browser tests live in e2e/ with their own config (they need a built client).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/site/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // expect.poll waits 1 s by default: on a busy machine a page or server that is merely slow
    // would fail a test. No test may depend on speed, so a poll waits as long as a person would.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machine,
    // which left one core idle while most API tests wait on their embedded database. Every test file
    // has its own database, app and Redis prefix, so files may run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
