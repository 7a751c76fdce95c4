/**
 * What the main thread and the Brandes workers share. Everything large travels as a
 * SharedArrayBuffer, so starting a worker copies no graph.
 */
export interface SharedOutRows {
  nodeCount: number;
  /** Int32 out-row offsets (n + 1). */
  outOffsets: SharedArrayBuffer;
  /** Int32 out-row targets. */
  outTargets: SharedArrayBuffer;
}

export interface BrandesWorkerData {
  graphs: SharedOutRows[];
  /** Int32 source lists, one per job. */
  sources: SharedArrayBuffer[];
  /** Float64 rows of TASK_FIELDS numbers: graph, source list, first source, end, offset of the partial in `partials`. */
  tasks: SharedArrayBuffer;
  /** Float64 partial dependency sums, one row of n per task. */
  partials: SharedArrayBuffer;
  /** Int32 [next task]: workers claim tasks with Atomics.add, so a fast worker takes more. */
  counter: SharedArrayBuffer;
}

export const TASK_FIELDS = 5;

export type BrandesWorkerMessage = { type: 'done'; tasks: number };

/** A copy of a typed array in shared memory. */
export function toShared(array: Int32Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(array.byteLength);
  new Int32Array(shared).set(array);
  return shared;
}
