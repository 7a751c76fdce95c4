import { describe, expect, it } from 'vitest';
import { krackhardtDigraph, readCsv, referenceNumber } from '../testing/krackhardt.ts';
import type { KrackhardtRelation } from '../testing/krackhardt.ts';
import { degreeMetrics } from './degree.ts';
import { betweenness } from './betweenness.ts';
import { pagerank } from './pagerank.ts';
import { eigenvectorCentrality } from './eigenvector.ts';
import { hits } from './hits.ts';

const TOLERANCE = 1e-9;
const ITERATION = { tolerance: 1e-15, maxIterations: 100_000 };

function expectClose(actual: number | null, expected: number | null, label: string): void {
  if (expected === null) {
    expect(actual, label).toBeNull();
    return;
  }
  // Reference values below 1e-15 are numerical zeros of the reference implementation.
  const target = Math.abs(expected) < 1e-15 ? 0 : expected;
  expect(actual, label).not.toBeNull();
  expect(Math.abs(actual! - target), `${label}: ${actual} vs ${target}`).toBeLessThanOrEqual(TOLERANCE);
}

function reference(relation: KrackhardtRelation): Record<string, string>[] {
  return readCsv(`reference/krackhardt_hightech__${relation}__node_metrics.csv`);
}

describe.each(['advice', 'friendship', 'reports_to'] as const)('Krackhardt high-tech managers, %s', (relation) => {
  const { graph, ids } = krackhardtDigraph(relation);
  const rows = reference(relation);
  const rowOf = (id: string): Record<string, string> => rows.find((row) => row.id === id)!;

  it('matches NetworkX degrees, mutual ties and the three reciprocities', () => {
    const degrees = degreeMetrics(graph);
    ids.forEach((id, v) => {
      const row = rowOf(id);
      expectClose(degrees.inDegree[v]!, referenceNumber(row, 'in_degree'), `${id} in`);
      expectClose(degrees.outDegree[v]!, referenceNumber(row, 'out_degree'), `${id} out`);
      expectClose(degrees.mutual[v]!, referenceNumber(row, 'mutual_ties'), `${id} mutual`);
      expectClose(degrees.reciprocityOut[v]!, referenceNumber(row, 'reciprocity_out'), `${id} rec out`);
      expectClose(degrees.reciprocityIn[v]!, referenceNumber(row, 'reciprocity_in'), `${id} rec in`);
      expectClose(degrees.reciprocity[v]!, referenceNumber(row, 'reciprocity_networkx'), `${id} rec nx`);
      expectClose(degrees.undirectedDegree[v]!, referenceNumber(row, 'degree_undirected_union'), `${id} union`);
    });
  });

  it('matches directed betweenness, raw and normalised by (n−1)(n−2)', () => {
    const result = betweenness(graph, { exactMaxNodes: 10_000, pivots: 0, seed: 1 });
    expect(result.method).toBe('exact');
    ids.forEach((id, v) => {
      expectClose(result.raw[v]!, referenceNumber(rowOf(id), 'betweenness_directed_raw'), `${id} raw`);
      expectClose(result.normalized[v]!, referenceNumber(rowOf(id), 'betweenness_directed_normalized'), `${id} norm`);
    });
  });

  it('matches PageRank with alpha 0.85 and tolerance 1e-12', () => {
    const ranks = pagerank(graph, { alpha: 0.85, tolerance: 1e-12, maxIterations: 10_000 });
    ids.forEach((id, v) => expectClose(ranks[v]!, referenceNumber(rowOf(id), 'pagerank_085'), `${id} pagerank`));
  });

  it('matches in-neighbour eigenvector centrality, or gives null on an acyclic relation', () => {
    const result = eigenvectorCentrality(graph, ITERATION);
    ids.forEach((id, v) => {
      expectClose(result ? result.l2[v]! : null, referenceNumber(rowOf(id), 'eigenvector_in_l2'), `${id} l2`);
      expectClose(result ? result.max1[v]! : null, referenceNumber(rowOf(id), 'eigenvector_in_max1'), `${id} max1`);
    });
  });

  it('matches HITS hubs and authorities scaled to sum 1', () => {
    const result = hits(graph, ITERATION);
    ids.forEach((id, v) => {
      expectClose(result.hubs[v]!, referenceNumber(rowOf(id), 'hits_hub_sum1'), `${id} hub`);
      expectClose(result.authorities[v]!, referenceNumber(rowOf(id), 'hits_authority_sum1'), `${id} authority`);
    });
  });
});
