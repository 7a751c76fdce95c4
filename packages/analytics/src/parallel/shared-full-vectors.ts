import { STABILITY_CENTRALITIES } from '../confidence/centrality-vectors.ts';
import type { StabilityCentrality } from '../confidence/centrality-vectors.ts';

type Vectors = Partial<Record<StabilityCentrality, ArrayLike<number>>>;

/**
 * A stability test's full-network centralities in shared memory: written once by its
 * `stabilityFull` task, read by each of its `stabilitySample` tasks. The samples are submitted
 * together with the full task instead of after it: when they waited for the full vectors to come
 * back through this thread, they reached the pool only once this thread was free again, and it
 * was busy with the reports (2026-12-04, 100,000 people: both pool threads idle for 11 s while the
 * resamples sat unsubmitted). A sample computes its own centralities first, which is nearly all
 * its work, and only then waits here for the full ones (already written as a rule, since the full
 * task was submitted before it and every worker takes tasks in submission order).
 */
export interface SharedFullVectors {
  /** [state, centralities present as bits in STABILITY_CENTRALITIES order]; state PENDING, READY or FAILED. */
  readonly state: Int32Array;
  /** One row of nodeCount values per centrality, in STABILITY_CENTRALITIES order. */
  readonly values: Float64Array;
  readonly nodeCount: number;
}

const PENDING = 0;
const READY = 1;
const FAILED = 2;

export function createSharedFullVectors(nodeCount: number): SharedFullVectors {
  return {
    state: new Int32Array(new SharedArrayBuffer(8)),
    values: new Float64Array(new SharedArrayBuffer(8 * nodeCount * STABILITY_CENTRALITIES.length)),
    nodeCount,
  };
}

/** Writes the full vectors and wakes every sample waiting for them. */
export function publishFullVectors(block: SharedFullVectors, vectors: Vectors): void {
  let present = 0;
  STABILITY_CENTRALITIES.forEach((centrality, row) => {
    const values = vectors[centrality];
    if (!values) return;
    present |= 1 << row;
    block.values.set(values, row * block.nodeCount);
  });
  Atomics.store(block.state, 1, present);
  settle(block, READY);
}

/** Marks the full vectors as never coming, so that no sample waits for them forever. */
export function failFullVectors(block: SharedFullVectors): void {
  settle(block, FAILED);
}

function settle(block: SharedFullVectors, state: number): void {
  Atomics.store(block.state, 0, state);
  Atomics.notify(block.state, 0);
}

/** The full vectors, waiting (this worker thread blocked) until their task has written them. */
export function awaitFullVectors(block: SharedFullVectors): Vectors {
  while (Atomics.load(block.state, 0) === PENDING) Atomics.wait(block.state, 0, PENDING);
  if (Atomics.load(block.state, 0) === FAILED) throw new Error('the full network’s centralities of this stability test could not be computed');
  const present = Atomics.load(block.state, 1);
  const vectors: Vectors = {};
  STABILITY_CENTRALITIES.forEach((centrality, row) => {
    if (present & (1 << row)) vectors[centrality] = block.values.subarray(row * block.nodeCount, (row + 1) * block.nodeCount);
  });
  return vectors;
}
