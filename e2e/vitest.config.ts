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
  },
});
