import Graph from 'graphology';
import louvain from 'graphology-communities-louvain';
import type { Digraph } from '../graph/digraph.ts';
import { createRng } from '../prng.ts';

export interface Communities {
  /** Community number of each employee (0-based, numbered by first appearance). */
  membership: number[];
  count: number;
  modularity: number;
}

/**
 * Louvain (Blondel et al. 2008) on the undirected projection of the graph, through
 * graphology-communities-louvain with a seeded random source so that a run is repeatable.
 * Isolates become singleton communities.
 */
export function louvainCommunities(graph: Digraph, seed: number, resolution: number): Communities {
  const n = graph.nodeCount;
  const g = new Graph({ type: 'undirected', multi: false, allowSelfLoops: false });
  for (let v = 0; v < n; v++) g.addNode(String(v));
  for (let v = 0; v < n; v++) {
    for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
      const w = graph.outTargets[i]!;
      const a = String(v);
      const b = String(w);
      if (!g.hasEdge(a, b)) g.addEdge(a, b);
    }
  }
  if (g.size === 0) return { membership: Array.from({ length: n }, (_, v) => v), count: n, modularity: 0 };
  const detailed = louvain.detailed(g, { rng: createRng(seed), resolution });
  // Renumber by first appearance so that the labels do not depend on the library's internals.
  const renumber = new Map<number, number>();
  const membership = Array.from({ length: n }, (_, v) => {
    const raw = detailed.communities[String(v)]!;
    if (!renumber.has(raw)) renumber.set(raw, renumber.size);
    return renumber.get(raw)!;
  });
  return { membership, count: renumber.size, modularity: detailed.modularity };
}
