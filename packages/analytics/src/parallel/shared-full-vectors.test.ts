import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { awaitFullVectors, createSharedFullVectors, failFullVectors, publishFullVectors } from './shared-full-vectors.ts';

describe('a stability test’s full vectors in shared memory', () => {
  it('reads back exactly the centralities written, and no others', () => {
    const block = createSharedFullVectors(3);
    publishFullVectors(block, { inDegree: [0, 2, 1], pagerank: Float64Array.of(0.2, 0.5, 0.3) });
    const read = awaitFullVectors(block);
    expect(Object.keys(read).sort()).toEqual(['inDegree', 'pagerank']);
    expect(Array.from(read.inDegree!)).toEqual([0, 2, 1]);
    expect(Array.from(read.pagerank!)).toEqual([0.2, 0.5, 0.3]);
  });

  it('fails a sample whose full vectors will never come instead of letting it wait forever', () => {
    const block = createSharedFullVectors(2);
    failFullVectors(block);
    expect(() => awaitFullVectors(block)).toThrow(/could not be computed/);
  });

  it('wakes a thread that waits for them once another thread writes them', async () => {
    const block = createSharedFullVectors(2);
    // The waiting side in plain JavaScript: the same protocol as awaitFullVectors (state 0 pending, 1 ready).
    const waiter = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const { state, values } = workerData;
       while (Atomics.load(state, 0) === 0) Atomics.wait(state, 0, 0);
       parentPort.postMessage([Atomics.load(state, 0), Atomics.load(state, 1), values[0], values[1]]);`,
      { eval: true, workerData: block },
    );
    const answer = new Promise<number[]>((resolve, reject) => {
      waiter.once('message', resolve);
      waiter.once('error', reject);
    });
    publishFullVectors(block, { inDegree: [4, 7] });
    expect(await answer).toEqual([1, 1, 4, 7]);
    await waiter.terminate();
  });
});
