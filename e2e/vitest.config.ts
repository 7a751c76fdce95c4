import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/e2e-worker-count.ts';
import { LongestFirstSequencer } from './support/longest-first-sequencer.ts';

// Browser tests: Chromium driven by playwright-core against servers with the demo. Each worker
// has a server of its own (global-setup.ts), so files run two at a time without sharing state;
// within a worker they run one after another, as they did against the one server before.
export default defineConfig({
  test: {
    // The default report, then the slowest files (a CI record keeps only a run's last lines).
    reporters: ['default', './scripts/slowest-files-reporter.ts'],
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // Time-outs catch a hang, never slowness (no test may depend on speed): generous on a busy machine.
    testTimeout: 240_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: E2E_WORKERS,
    sequence: { sequencer: LongestFirstSequencer },
    // expect.poll waits 1 s by default: on a busy machine a page or server that is merely slow
    // would fail a test. No test may depend on speed, so a poll waits as long as a person would.
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
