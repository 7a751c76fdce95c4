import { defineConfig } from 'vitest/config';

// Browser tests: one server with the demo for the whole run, Chromium driven by playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    // expect.poll waits 1 s by default: on a busy machine a page or server that is merely slow
    // would fail a test. No test may depend on speed, so a poll waits as long as a person would.
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
