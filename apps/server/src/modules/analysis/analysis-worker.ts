import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import { runAnalysisAsync, type AnalysisInput, type AnalysisStep } from '@ona/analytics';
import type { TAnalysisStep } from '@ona/contracts';

// The contract lists the engine's steps for clients to translate: a step added to one and not the
// other fails this line at compile time.
type SameSteps = [AnalysisStep] extends [TAnalysisStep] ? ([TAnalysisStep] extends [AnalysisStep] ? true : never) : never;
export const ENGINE_STEPS_MATCH_CONTRACT: SameSteps = true;

/**
 * Runs one analysis off the main thread so that the API keeps answering. Messages to the parent:
 * progress events, then the result (or an error).
 */
export type WorkerMessage =
  | { type: 'progress'; step: string; done: number; total: number }
  | { type: 'result'; result: unknown }
  | { type: 'error'; message: string };

const input = (workerData as { input: AnalysisInput }).input;
const post = (message: WorkerMessage) => parentPort?.postMessage(message);
try {
  // Betweenness is spread over the cores for speed only: the engine decides exact or sampled from
  // the organisation's size and options, so the result is the same on any machine.
  const result = await runAnalysisAsync(input, {}, (event) => post({ type: 'progress', step: event.step, done: event.done, total: event.total }), {
    clock: () => performance.now(),
    workers: availableParallelism(),
  });
  post({ type: 'result', result });
} catch (err) {
  post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
}
