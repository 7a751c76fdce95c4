import { parentPort, workerData } from 'node:worker_threads';
import { accumulateDependencies, createBrandesScratch } from '../metrics/brandes-kernel.ts';
import type { BrandesScratch, OutRows } from '../metrics/brandes-kernel.ts';
import { TASK_FIELDS } from './brandes-tasks.ts';
import type { BrandesWorkerData, BrandesWorkerMessage } from './brandes-tasks.ts';

/**
 * One Brandes worker: claims tasks until none is left, writing each task's dependency sums into
 * its own row of the shared partials. Rows never overlap, so no locking is needed.
 */
const data = workerData as BrandesWorkerData;
const graphs: OutRows[] = data.graphs.map((g) => ({
  nodeCount: g.nodeCount,
  outOffsets: new Int32Array(g.outOffsets),
  outTargets: new Int32Array(g.outTargets),
}));
const sources = data.sources.map((buffer) => new Int32Array(buffer));
const tasks = new Float64Array(data.tasks);
const partials = new Float64Array(data.partials);
const counter = new Int32Array(data.counter);
const taskCount = tasks.length / TASK_FIELDS;
const scratchBySize = new Map<number, BrandesScratch>();

let done = 0;
for (let task = Atomics.add(counter, 0, 1); task < taskCount; task = Atomics.add(counter, 0, 1)) {
  const base = task * TASK_FIELDS;
  const graph = graphs[tasks[base]!]!;
  const n = graph.nodeCount;
  let scratch = scratchBySize.get(n);
  if (!scratch) {
    scratch = createBrandesScratch(n);
    scratchBySize.set(n, scratch);
  }
  const offset = tasks[base + 4]!;
  accumulateDependencies(graph, sources[tasks[base + 1]!]!, tasks[base + 2]!, tasks[base + 3]!, partials.subarray(offset, offset + n), scratch);
  done++;
}
const message: BrandesWorkerMessage = { type: 'done', tasks: done };
parentPort?.postMessage(message);
