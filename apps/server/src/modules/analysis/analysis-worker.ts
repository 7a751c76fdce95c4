import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import { runAnalysisInSections, type AnalysisInput, type AnalysisStep, type ResultSection } from '@ona/analytics';
import type { TAnalysisStep } from '@ona/contracts';
import { splitSection, type ResultPart } from './result-parts.ts';
import { lowerThreadPriority } from './thread-priority.ts';

// The contract lists the engine's steps for clients to translate: a step added to one and not the
// other fails this line at compile time.
type SameSteps = [AnalysisStep] extends [TAnalysisStep] ? ([TAnalysisStep] extends [AnalysisStep] ? true : never) : never;
export const ENGINE_STEPS_MATCH_CONTRACT: SameSteps = true;

/** A stored part as it crosses to the parent thread (docs/analysis-result-parts.md). */
export interface PostedPart {
  path: readonly string[];
  page: number | null;
  body: Uint8Array;
}

/**
 * Runs one analysis off the main thread so that the API keeps answering. Messages to the parent:
 * progress events, each section of the result in its stored parts as soon as the engine hands the
 * section over (split and compressed here, then moved, not copied), and last `done` (or an error).
 * Neither this thread nor the parent ever holds the whole result, nor one JSON string of it (V8
 * caps a string at about 512 MB; 100,000 people's result is past it), and a parent that stores
 * each section as it comes has most of the run stored when the engine finishes.
 */
export type WorkerMessage =
  | { type: 'progress'; step: string; done: number; total: number }
  | { type: 'section'; section: ResultSection; parts: PostedPart[] }
  | { type: 'done' }
  | { type: 'error'; message: string; outOfMemory?: boolean };

/** Whether a part's bytes are its whole buffer, so that moving the buffer moves nothing else. */
const ownsItsBuffer = (body: Uint8Array): boolean => body.buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.buffer.byteLength === body.byteLength;

/**
 * A part in a buffer of its own, so that it crosses to the parent moved rather than copied.
 * Zstandard hands back a part of under about 32 KB as a slice of a 64 KB output chunk (or of Node's
 * shared pool): a pool slice may not be moved at all, and parts sharing a chunk could not each be
 * moved (a buffer is listed once) while the chunk would travel whole. Copied into an exact buffer,
 * each part moves alone.
 */
const inOwnBuffer = ({ path, page, body }: ResultPart): PostedPart => ({ path, page, body: ownsItsBuffer(body) ? body : new Uint8Array(body) });

const { input, heapMb, nice } = workerData as { input: AnalysisInput; heapMb?: number; nice?: number };
// Before the engine starts its pool, whose threads inherit the value (run-in-worker.ts, `nice`).
// 2026-12-03, 100,000 people on 2 cores: the analysis at equal priority took the cores from the
// web server, whose journeys list's p99 reached seconds.
lowerThreadPriority(nice);
const post = (message: WorkerMessage) => parentPort?.postMessage(message);
try {
  // Betweenness is spread over the cores for speed only: the engine decides exact or sampled from
  // the organisation's size and options, so the result is the same on any machine.
  await runAnalysisInSections(
    input,
    {},
    (event) => post({ type: 'progress', step: event.step, done: event.done, total: event.total }),
    // The pool's threads get the same heap limit as this one: without it, one of them running out
    // would end the whole process instead of failing the run.
    { clock: () => performance.now(), workers: availableParallelism(), ...(heapMb === undefined ? {} : { workerHeapMb: heapMb }) },
    (section, value) => {
      const parts = splitSection(section, value).map(inOwnBuffer);
      parentPort?.postMessage({ type: 'section', section, parts } satisfies WorkerMessage, parts.map(({ body }) => body.buffer as ArrayBuffer));
    },
  );
  post({ type: 'done' });
} catch (err) {
  const outOfMemory = err instanceof Error && (err as Error & { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
  post({ type: 'error', message: err instanceof Error ? err.message : String(err), outOfMemory });
}
