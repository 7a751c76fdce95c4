import { Worker } from 'node:worker_threads';
import { RESULT_SECTIONS, type AnalysisInput, type ResultSection } from '@ona/analytics';
import type { WorkerMessage } from './analysis-worker.ts';
import type { ResultPart } from './result-parts.ts';

// From source (tsx, vitest) the worker is a .ts file that tsx loads like in the parent; in the
// built server (apps/server/dist, scripts/build-server.ts) it is a .js bundle beside server.js.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './analysis-worker.ts' : './analysis-worker.js', import.meta.url);
const WORKER_EXEC_ARGV = FROM_SOURCE ? ['--import', 'tsx'] : [];

export interface AnalysisThreadOptions {
  /**
   * The most the analysis thread's heap may grow to, in MB (ANALYSIS_HEAP_MB). Past it V8 stops
   * the thread instead of the whole process running out of memory, and the run fails saying so.
   */
  heapMb?: number | undefined;
  /**
   * The nice value the analysis thread takes, and with it the engine's pool threads it starts
   * (ANALYSIS_NICE): on Linux a thread's priority is its own and new threads inherit it, so the
   * process's main thread (requests, heartbeats) keeps its priority.
   */
  nice?: number | undefined;
}

/** The message a run stores when its analysis needed more memory than the limit allows. */
export function heapLimitMessage(heapMb: number): string {
  return `The analysis needed more memory than its limit of ${heapMb} MB (ANALYSIS_HEAP_MB) and was stopped. Raise ANALYSIS_HEAP_MB on the process that runs analyses (a worker process, or the server with ANALYSIS_IN_PROCESS=true) if the machine has the memory.`;
}

/**
 * Runs the engine in a worker thread and collects its result in its stored parts, in the result's
 * key order (joined, they give the same JSON as the whole result): for a caller that wants the
 * parts together (a preview, a run analysed at start-up). A run that is stored as it goes uses
 * `analyseInThread`.
 */
export async function runAnalysisInWorker(input: AnalysisInput, onProgress: (step: string, percent: number) => void, options: AnalysisThreadOptions = {}): Promise<ResultPart[]> {
  const bySection = new Map<ResultSection, ResultPart[]>();
  await analyseInThread(input, onProgress, (section, parts) => bySection.set(section, parts), options);
  return RESULT_SECTIONS.flatMap((section) => bySection.get(section) ?? []);
}

/**
 * Runs the engine in a worker thread, with its heap (and each of the engine pool threads') bounded by `heapMb` when given (Node's
 * resourceLimits: V8 ends the thread with ERR_WORKER_OUT_OF_MEMORY, the process lives on).
 * Hands each section of the result to `onSection` in its stored parts (result-parts.ts), split
 * and compressed in the thread, as soon as the engine has finished it; resolves once the last is
 * handed over.
 */
export function analyseInThread(
  input: AnalysisInput,
  onProgress: (step: string, percent: number) => void,
  onSection: (section: ResultSection, parts: ResultPart[]) => void,
  options: AnalysisThreadOptions = {},
): Promise<void> {
  const worker = startAnalysisThread(input, options);
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      if (message.type === 'progress') onProgress(message.step, Math.round((message.done / message.total) * 95));
      else if (message.type === 'section') {
        onSection(
          message.section,
          message.parts.map((part) => ({ path: part.path, page: part.page, body: Buffer.from(part.body.buffer, part.body.byteOffset, part.body.byteLength) })),
        );
      } else if (message.type === 'done') {
        settled = true;
        resolve();
        void worker.terminate();
      } else {
        settled = true;
        // A pool thread of the engine that reached the limit: the same message as this thread's own.
        reject(new Error(message.outOfMemory && options.heapMb !== undefined ? heapLimitMessage(options.heapMb) : message.message));
        void worker.terminate();
      }
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (!settled) reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' && options.heapMb !== undefined ? new Error(heapLimitMessage(options.heapMb)) : err);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`analysis worker stopped with code ${code}`));
      settled = true;
    });
  });
}

/**
 * The thread, started with its copy of the input. Apart from the handlers below, so that no
 * closure of theirs holds `input`: they live as long as the run, and the input (every employee,
 * every 360 nomination as an object) would live on in this thread beside the analysis thread's
 * copy for the whole run.
 */
function startAnalysisThread(input: AnalysisInput, options: AnalysisThreadOptions): Worker {
  return new Worker(WORKER_URL, {
    workerData: { input, heapMb: options.heapMb, nice: options.nice },
    // The nomination columns (the survey's and the 360 block's) move to the thread rather than
    // being copied: this thread has no further use for them (after this call they are empty here).
    transferList: nominationBuffers(input),
    execArgv: WORKER_EXEC_ARGV,
    ...(options.heapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } }),
  });
}

/** The distinct buffers of the survey's and the 360 block's nomination columns that can move to another thread (not shared ones). */
function nominationBuffers(input: AnalysisInput): ArrayBuffer[] {
  const columns = [input.nominations, ...(input.leadership360 ? [input.leadership360.nominations] : [])];
  const buffers = columns.flatMap(({ source, target, question }) => [source.buffer, target.buffer, question.buffer]);
  return [...new Set(buffers)].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer && buffer.byteLength > 0);
}
