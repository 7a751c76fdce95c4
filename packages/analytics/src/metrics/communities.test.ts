import { readFileSync } from 'node:fs';
import Graph from 'graphology';
import modularity from 'graphology-metrics/graph/modularity.js';
import { describe, expect, it } from 'vitest';
import { buildDigraph, undirectedNeighbours, type Digraph } from '../graph/digraph.ts';
import { buildOrganisation } from '../graph/organisation.ts';
import { DEFAULT_OPTIONS } from '../options.ts';
import { krackhardtDigraph, krackhardtNodes } from '../testing/krackhardt.ts';
import { syntheticOrganisation } from '../testing/synthetic.ts';
import { detectCommunities, partitionModularity } from './communities.ts';

interface IgraphNetwork {
  louvain: { min: number; mean: number; max: number };
  leiden: { min: number; mean: number; max: number };
  optimum: { modularity: number; membership: number[] };
  partitions: Record<'dept' | 'level', { membership: string[]; modularity: number }>;
}
/** Written by fixtures/krackhardt-hightech/communities_igraph.py (python-igraph 0.10.2). */
const igraph = JSON.parse(
  readFileSync(new URL('../../fixtures/krackhardt-hightech/reference/krackhardt_hightech__communities__igraph.json', import.meta.url), 'utf8'),
) as { networks: Record<'advice' | 'friendship', IgraphNetwork> };
const options = DEFAULT_OPTIONS.metrics.communities;

/** Every community induces a connected subgraph of the undirected projection. */
function communitiesConnected(graph: Digraph, membership: readonly number[]): boolean {
  const seen = new Uint8Array(graph.nodeCount);
  const started = new Set<number>();
  for (let v = 0; v < graph.nodeCount; v++) {
    if (seen[v]) continue;
    if (started.has(membership[v]!)) return false;
    started.add(membership[v]!);
    const stack = [v];
    seen[v] = 1;
    while (stack.length > 0) {
      const u = stack.pop()!;
      for (const w of undirectedNeighbours(graph, u)) {
        if (!seen[w] && membership[w] === membership[u]) {
          seen[w] = 1;
          stack.push(w);
        }
      }
    }
  }
  return true;
}

describe('communities on the Krackhardt high-tech managers against python-igraph', () => {
  for (const relation of ['advice', 'friendship'] as const) {
    const { graph } = krackhardtDigraph(relation);
    const reference = igraph.networks[relation];

    it(`${relation}: modularity is defined as igraph defines it on the undirected graph`, () => {
      for (const attribute of ['dept', 'level'] as const) {
        const { membership, modularity } = reference.partitions[attribute];
        expect(partitionModularity(graph, membership.map(Number))).toBeCloseTo(modularity, 12);
      }
      expect(partitionModularity(graph, reference.optimum.membership)).toBeCloseTo(reference.optimum.modularity, 12);
    });

    it(`${relation}: the default seed beats igraph's mean Louvain run, and reports the modularity of its own partition`, () => {
      const found = detectCommunities(graph, DEFAULT_OPTIONS.seed, options);
      expect(found.modularity).toBeGreaterThanOrEqual(reference.louvain.mean);
      expect(partitionModularity(graph, found.membership)).toBe(found.modularity);
    });

    it(`${relation}: over 20 seeds the mean is above igraph's Louvain mean, the best is the proven optimum, none beats it`, () => {
      const found = Array.from({ length: 20 }, (_, seed) => detectCommunities(graph, seed + 1, options).modularity);
      const mean = found.reduce((a, b) => a + b, 0) / found.length;
      expect(mean).toBeGreaterThanOrEqual(reference.louvain.mean);
      expect(Math.max(...found)).toBeCloseTo(reference.optimum.modularity, 12);
      for (const q of found) expect(q).toBeLessThanOrEqual(reference.optimum.modularity + 1e-12);
    });
  }

  it('reports the modularity graphology-metrics computes for the same partition', () => {
    for (const relation of ['advice', 'friendship'] as const) {
      const { graph } = krackhardtDigraph(relation);
      const found = detectCommunities(graph, DEFAULT_OPTIONS.seed, options);
      const g = new Graph({ type: 'undirected' });
      found.membership.forEach((community, v) => g.addNode(v, { community }));
      for (let v = 0; v < graph.nodeCount; v++) for (const w of undirectedNeighbours(graph, v)) if (v < w) g.addUndirectedEdge(v, w);
      expect(found.modularity).toBeCloseTo(modularity(g, { getNodeCommunity: 'community' }), 12);
    }
  });

  it('numbers communities by first appearance', () => {
    const { graph } = krackhardtDigraph('friendship');
    const { membership, count } = detectCommunities(graph, DEFAULT_OPTIONS.seed, options);
    expect(membership[0]).toBe(0);
    const firsts = [...new Set(membership)];
    expect(firsts).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(krackhardtNodes()).toHaveLength(membership.length);
  });
});

describe('communities on a synthetic organisation', () => {
  const org = buildOrganisation(syntheticOrganisation({ employees: 400, seed: 7 }));

  it('are the same partition twice for one seed, and connected (the Leiden guarantee)', () => {
    const first = detectCommunities(org.work, 99, options);
    const second = detectCommunities(org.work, 99, options);
    expect(second.membership).toEqual(first.membership);
    expect(second.modularity).toBe(first.modularity);
    expect(communitiesConnected(org.work, first.membership)).toBe(true);
    for (const graph of org.byKind.values()) {
      const found = detectCommunities(graph, 5, { ...options, runs: options.networkRuns });
      expect(communitiesConnected(graph, found.membership)).toBe(true);
    }
  });

  it('more runs never lower the modularity: the best run is kept and the first wins a tie', () => {
    const one = detectCommunities(org.work, 11, { resolution: 1, runs: 1 });
    const five = detectCommunities(org.work, 11, { resolution: 1, runs: 5 });
    expect(five.modularity).toBeGreaterThanOrEqual(one.modularity);
  });

  it('finds more, smaller communities at a higher resolution', () => {
    const standard = detectCommunities(org.work, 3, { resolution: 1, runs: 1 });
    const fine = detectCommunities(org.work, 3, { resolution: 4, runs: 1 });
    expect(fine.count).toBeGreaterThan(standard.count);
  });
});

describe('communities of small graphs', () => {
  it('makes every person of a graph without ties a community of their own, with modularity 0', () => {
    expect(detectCommunities(buildDigraph(3, [], []), 1, options)).toEqual({ membership: [0, 1, 2], count: 3, modularity: 0 });
  });

  it('separates two triangles joined by one tie and leaves an isolate alone', () => {
    // 0-1-2 and 3-4-5 are triangles (some ties one way, some both), 2 → 3 joins them, 6 is alone.
    const graph = buildDigraph(7, [0, 1, 2, 1, 3, 4, 5, 2], [1, 2, 0, 0, 4, 5, 3, 3]);
    const { membership, count, modularity } = detectCommunities(graph, 1, options);
    expect(membership).toEqual([0, 0, 0, 1, 1, 1, 2]);
    expect(count).toBe(3);
    // 7 edges, 3 inside each triangle; each side has degree 7 of 2m = 14: Q = 2·(3/7 − (7/14)²).
    expect(modularity).toBeCloseTo(2 * (3 / 7 - (7 / 14) ** 2), 12);
  });
});
