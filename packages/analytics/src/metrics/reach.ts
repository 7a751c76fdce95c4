import type { Digraph } from '../graph/digraph.ts';

/**
 * Two-step reach: how many distinct people a person can get to directly or through one
 * intermediary (Cross & Parker 2004). Full transitive reach is nearly everyone in a connected
 * organisation and costs a search per person; two steps is what people actually use.
 */
export function twoStepReach(graph: Digraph): number[] {
  const n = graph.nodeCount;
  const seen = new Int32Array(n).fill(-1);
  const reach = new Array<number>(n);
  const { outOffsets, outTargets } = graph;
  for (let v = 0; v < n; v++) {
    seen[v] = v;
    let count = 0;
    for (let i = outOffsets[v]!; i < outOffsets[v + 1]!; i++) {
      const w = outTargets[i]!;
      if (seen[w] !== v) {
        seen[w] = v;
        count++;
      }
      for (let j = outOffsets[w]!; j < outOffsets[w + 1]!; j++) {
        const u = outTargets[j]!;
        if (seen[u] !== v) {
          seen[u] = v;
          count++;
        }
      }
    }
    reach[v] = count;
  }
  return reach;
}

/** Breadth-first distances from one person; -1 where unreachable. */
export function distancesFrom(graph: Digraph, source: number, dist: Int32Array, queue: Int32Array): void {
  dist.fill(-1);
  dist[source] = 0;
  let head = 0;
  let tail = 0;
  queue[tail++] = source;
  while (head < tail) {
    const v = queue[head++]!;
    const next = dist[v]! + 1;
    for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
      const w = graph.outTargets[i]!;
      if (dist[w] === -1) {
        dist[w] = next;
        queue[tail++] = w;
      }
    }
  }
}

/**
 * All-pairs shortest-path distances (unweighted, directed: row = from, column = to), null where
 * unreachable. Quadratic in size: the distance-matrix export calls it on demand, the analysis run
 * does not.
 */
export function distanceMatrix(graph: Digraph): (number | null)[][] {
  const n = graph.nodeCount;
  const dist = new Int32Array(n);
  const queue = new Int32Array(n);
  const rows: (number | null)[][] = [];
  for (let s = 0; s < n; s++) {
    distancesFrom(graph, s, dist, queue);
    rows.push(Array.from(dist, (d) => (d < 0 ? null : d)));
  }
  return rows;
}
