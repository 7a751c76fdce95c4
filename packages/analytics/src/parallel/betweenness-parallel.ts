import { Worker } from 'node:worker_threads';
import type { Digraph } from '../graph/digraph.ts';
import { betweennessFromSums, planBetweenness, pivotResult } from '../metrics/betweenness.ts';
import type { BetweennessOptions, BetweennessResult } from '../metrics/betweenness.ts';
import { allSources, chunkBounds, exactChunkCount, pivotChunkCount, sumChunkPartials } from '../metrics/brandes-kernel.ts';
import type { OutRows } from '../metrics/brandes-kernel.ts';
import { TASK_FIELDS, toShared } from './brandes-tasks.ts';
import type { BrandesWorkerData, BrandesWorkerMessage, SharedOutRows } from './brandes-tasks.ts';

// From source (tsx, vitest) the worker is a .ts file that tsx loads; in the built server
// (apps/server/dist, scripts/build-server.ts) it is a .js bundle beside this code's bundle.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './betweenness-worker.ts' : './betweenness-worker.js', import.meta.url);
const WORKER_EXEC_ARGV = FROM_SOURCE ? ['--import', 'tsx'] : [];

export interface ParallelOptions {
  /** Worker threads to start (at most one per task). */
  workers: number;
}

/** Sources of one graph, summed in `chunks` contiguous parts (see exactChunkCount). */
interface BrandesJob {
  graph: OutRows;
  sources: Int32Array;
  chunks: number;
}

/**
 * Exact directed betweenness with the sources split over worker threads. Bit-for-bit equal to the
 * single-thread `betweenness` with exact computation: both add the same chunk partials in the
 * same order, whichever worker computed them.
 */
export async function betweennessParallel(csr: OutRows, options: ParallelOptions): Promise<BetweennessResult> {
  const n = csr.nodeCount;
  const [sums] = await dependencySumsInWorkers([{ graph: csr, sources: allSources(n), chunks: exactChunkCount(n) }], options.workers);
  return betweennessFromSums(sums!, 'exact', n);
}

/**
 * Betweenness of several graphs in one pool of workers (started once). Each request is planned as
 * the single-thread `betweenness` plans it (exact, or the same seeded pivots), and gives the same
 * values bit for bit.
 */
export async function betweennessManyParallel(
  requests: readonly { graph: Digraph; options: BetweennessOptions }[],
  options: ParallelOptions,
): Promise<BetweennessResult[]> {
  const plans = requests.map((request) => planBetweenness(request.graph, request.options));
  const jobs: BrandesJob[] = plans.map((plan, i) => {
    const graph = requests[i]!.graph;
    // Chunked exactly as the single-thread `betweenness` chunks it, so the additions are the same.
    return plan.method === 'exact' ? { graph, sources: allSources(graph.nodeCount), chunks: exactChunkCount(graph.nodeCount) } : { graph, sources: plan.sources, chunks: pivotChunkCount(plan.sources.length) };
  });
  const sums = await dependencySumsInWorkers(jobs, options.workers);
  return plans.map((plan, i) => (plan.method === 'exact' ? betweennessFromSums(sums[i]!, 'exact', requests[i]!.graph.nodeCount) : pivotResult(sums[i]!, plan)));
}

async function dependencySumsInWorkers(jobs: readonly BrandesJob[], workers: number): Promise<Float64Array[]> {
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`workers must be a positive integer (got ${workers}); use 1 for no parallelism or os.availableParallelism()`);
  const graphIndex = new Map<OutRows, number>();
  const graphs: SharedOutRows[] = [];
  const taskRows: number[] = [];
  const rowStart: number[] = [];
  let partialLength = 0;
  jobs.forEach((job, j) => {
    let g = graphIndex.get(job.graph);
    if (g === undefined) {
      g = graphs.length;
      graphIndex.set(job.graph, g);
      graphs.push({ nodeCount: job.graph.nodeCount, outOffsets: toShared(job.graph.outOffsets), outTargets: toShared(job.graph.outTargets) });
    }
    rowStart.push(partialLength);
    for (let c = 0; c < job.chunks; c++) {
      const [from, to] = chunkBounds(job.sources.length, job.chunks, c);
      taskRows.push(g, j, from, to, partialLength);
      partialLength += job.graph.nodeCount;
    }
  });
  const tasks = new SharedArrayBuffer(taskRows.length * Float64Array.BYTES_PER_ELEMENT);
  new Float64Array(tasks).set(taskRows);
  const partials = new SharedArrayBuffer(partialLength * Float64Array.BYTES_PER_ELEMENT);
  const workerData: BrandesWorkerData = {
    graphs,
    sources: jobs.map((job) => toShared(job.sources)),
    tasks,
    partials,
    counter: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
  };
  await runWorkers(Math.min(workers, taskRows.length / TASK_FIELDS), workerData);
  const all = new Float64Array(partials);
  return jobs.map((job, j) => sumChunkPartials(all.subarray(rowStart[j]!, rowStart[j]! + job.chunks * job.graph.nodeCount), job.graph.nodeCount, job.chunks));
}

/** Starts the workers and settles when all have finished; on any failure every worker is stopped. */
function runWorkers(count: number, workerData: BrandesWorkerData): Promise<void> {
  if (count === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const pool: Worker[] = [];
    const finished = new Set<Worker>();
    let settled = false;
    const stopAll = (): Promise<number[]> => Promise.all(pool.map((worker) => worker.terminate()));
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      void stopAll().finally(() => reject(error));
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(WORKER_URL, { execArgv: WORKER_EXEC_ARGV, workerData });
      pool.push(worker);
      worker.on('message', (message: BrandesWorkerMessage) => {
        if (message.type !== 'done' || settled) return;
        finished.add(worker);
        if (finished.size === count) {
          settled = true;
          // Resolve once the threads are gone, so a caller never outlives its workers' memory.
          void stopAll().then(() => resolve(), reject);
        }
      });
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!settled && !finished.has(worker)) fail(new Error(`betweenness worker stopped with code ${code} before finishing`));
      });
    }
  });
}
