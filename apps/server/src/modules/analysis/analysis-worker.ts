import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import { RESULT_SECTIONS, runAnalysisInSections, type AnalysisInput, type AnalysisStep, type ResultSection } from '@ona/analytics';
import type { TAnalysisStep } from '@ona/contracts';
import { splitSection, type ResultPart } from './result-parts.ts';

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
 * progress events, then the result in its stored parts (or an error). Each section of the result
 * is split and compressed here as soon as the engine hands it over, and dropped: neither this
 * thread nor the parent ever holds the whole result, nor one JSON string of it (V8 caps a string
 * at about 512 MB; 100,000 people's result is past it).
 */
export type WorkerMessage =
  | { type: 'progress'; step: string; done: number; total: number }
  | { type: 'result'; parts: PostedPart[] }
  | { type: 'error'; message: string; outOfMemory?: boolean };

/** Whether a part's bytes are its whole buffer, so that moving the buffer moves nothing else. */
const ownsItsBuffer = (body: Uint8Array): boolean => body.buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.buffer.byteLength === body.byteLength;

/**
 * A part in a buffer of its own, so that it crosses to the parent moved rather than copied.
 * Zstandard hands back a part of under about 32 KB as a slice of a 64 KB output chunk (or of Node's
 * shared pool): kept as it is until the result is posted, each such part would hold its whole chunk
 * through the rest of the analysis, and a pool slice may not be moved at all. Copied into an exact
 * buffer as soon as its section is compressed, it frees the chunk at once.
 */
const inOwnBuffer = ({ path, page, body }: ResultPart): PostedPart => ({ path, page, body: ownsItsBuffer(body) ? body : new Uint8Array(body) });

const { input, heapMb, nice } = workerData as { input: AnalysisInput; heapMb?: number; nice?: number };
// Before the engine starts its pool, whose threads inherit the value (run-in-worker.ts, `nice`).
// 2026-12-03, 100,000 people on 2 cores: the analysis at equal priority took the cores from the
// web server, whose journeys list's p99 reached seconds. Only ever further back: a process started
// at a higher nice value keeps it (as root, setting 10 would raise a process started at 15). Where
// the system refuses (another platform), the analysis runs at the process's priority.
if (nice !== undefined && nice > getPriority()) {
  try {
    setPriority(nice);
  } catch {
    // Not permitted here: the run goes on at the process's priority.
  }
}
const post = (message: WorkerMessage) => parentPort?.postMessage(message);
try {
  // Betweenness is spread over the cores for speed only: the engine decides exact or sampled from
  // the organisation's size and options, so the result is the same on any machine.
  const bySection = new Map<ResultSection, PostedPart[]>();
  await runAnalysisInSections(
    input,
    {},
    (event) => post({ type: 'progress', step: event.step, done: event.done, total: event.total }),
    // The pool's threads get the same heap limit as this one: without it, one of them running out
    // would end the whole process instead of failing the run.
    { clock: () => performance.now(), workers: availableParallelism(), ...(heapMb === undefined ? {} : { workerHeapMb: heapMb }) },
    (section, value) => bySection.set(section, splitSection(section, value).map(inOwnBuffer)),
  );
  // In the result's key order: joined, the parts give the same JSON as the whole result.
  const parts = RESULT_SECTIONS.flatMap((section) => bySection.get(section) ?? []);
  parentPort?.postMessage({ type: 'result', parts } satisfies WorkerMessage, parts.map(({ body }) => body.buffer as ArrayBuffer));
} catch (err) {
  const outOfMemory = err instanceof Error && (err as Error & { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
  post({ type: 'error', message: err instanceof Error ? err.message : String(err), outOfMemory });
}
