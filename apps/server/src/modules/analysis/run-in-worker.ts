import { Worker } from 'node:worker_threads';
import type { AnalysisInput } from '@ona/analytics';
import type { WorkerMessage } from './analysis-worker.ts';

// From source (tsx, vitest) the worker is a .ts file that tsx loads like in the parent; in the
// built server (apps/server/dist, scripts/build-server.ts) it is a .js bundle beside server.js.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './analysis-worker.ts' : './analysis-worker.js', import.meta.url);
const WORKER_EXEC_ARGV = FROM_SOURCE ? ['--import', 'tsx'] : [];

/** Runs the engine in a worker thread. */
export function runAnalysisInWorker(input: AnalysisInput, onProgress: (step: string, percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { input }, execArgv: WORKER_EXEC_ARGV });
    let settled = false;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress(message.step, Math.round((message.done / message.total) * 95));
      else if (message.type === 'result') {
        settled = true;
        resolve(message.result);
        void worker.terminate();
      } else {
        settled = true;
        reject(new Error(message.message));
        void worker.terminate();
      }
    });
    worker.on('error', (err) => {
      if (!settled) reject(err);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`analysis worker stopped with code ${code}`));
      settled = true;
    });
  });
}
