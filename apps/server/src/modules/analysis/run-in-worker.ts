import { Worker } from 'node:worker_threads';
import type { AnalysisInput } from '@ona/analytics';
import type { WorkerMessage } from './analysis-worker.ts';

const WORKER_URL = new URL('./analysis-worker.ts', import.meta.url);

/** Runs the engine in a worker thread; TypeScript is loaded there through tsx like in the parent. */
export function runAnalysisInWorker(input: AnalysisInput, onProgress: (step: string, percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { input }, execArgv: ['--import', 'tsx'] });
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
