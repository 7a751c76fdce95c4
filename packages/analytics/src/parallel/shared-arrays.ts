import type { Digraph } from '../graph/digraph.ts';
import type { WeightedCsr } from '../metrics/leiden.ts';

type SharableArray = Int32Array | Uint32Array | Float64Array | Uint8Array;

/**
 * A copy of a typed array in shared memory: posted to a worker, the view is cloned and the memory
 * is not, so a graph of 100,000 people goes to every task for free. Already shared arrays are
 * returned as they are.
 */
export function shared<T extends SharableArray>(array: T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const constructor = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const copy = new constructor(new SharedArrayBuffer(array.byteLength));
  copy.set(array as never);
  return copy;
}

/** Shares each digraph once, however many tasks read it. */
export function digraphSharer(): (graph: Digraph) => Digraph {
  const known = new Map<Digraph, Digraph>();
  return (graph) => {
    let copy = known.get(graph);
    if (!copy) {
      copy = {
        nodeCount: graph.nodeCount,
        edgeCount: graph.edgeCount,
        outOffsets: shared(graph.outOffsets),
        outTargets: shared(graph.outTargets),
        inOffsets: shared(graph.inOffsets),
        inSources: shared(graph.inSources),
      };
      known.set(graph, copy);
    }
    return copy;
  };
}

export function sharedCsr(graph: WeightedCsr): WeightedCsr {
  return { n: graph.n, offsets: shared(graph.offsets), targets: shared(graph.targets), weights: shared(graph.weights) };
}
