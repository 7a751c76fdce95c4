import type { Reporter, TestModule } from 'vitest/node';

/** The line that opens the list; `scripts/test-all.ts` finds the browser stage's list by it. */
export const SLOWEST_FILES_HEADING = 'Slowest test files';
const SHOWN = 12;

/**
 * Ends a run with its slowest test files and their time (tests and hooks, import included). A CI
 * record keeps only the last lines of a run, and the stages' durations are what a session must keep
 * under 20 minutes: this says where the time went without a second run.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules
      .map((module) => {
        const diagnostic = module.diagnostic();
        return { file: module.relativeModuleId, seconds: (diagnostic.duration + diagnostic.collectDuration) / 1000 };
      })
      .sort((a, b) => b.seconds - a.seconds);
    const total = timed.reduce((sum, entry) => sum + entry.seconds, 0);
    const lines = timed.slice(0, SHOWN).map((entry) => `  ${entry.seconds.toFixed(0).padStart(5)} s  ${entry.file}`);
    console.log(`\n${SLOWEST_FILES_HEADING} (of ${timed.length}, ${total.toFixed(0)} s in all, workers side by side):\n${lines.join('\n')}\n`);
  }
}
