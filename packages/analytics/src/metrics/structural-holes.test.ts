import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildDigraph } from '../graph/digraph.ts';
import { krackhardtDigraph } from '../testing/krackhardt.ts';
import { degreeMetrics } from './degree.ts';
import { harmonicCloseness } from './closeness.ts';
import { networkFigures } from './network-level.ts';
import { structuralHoles } from './structural-holes.ts';

const TOLERANCE = 1e-9;

interface NodeReference {
  effective_size: number | null;
  constraint: number | null;
  effective_size_all_neighbours: number | null;
  constraint_all_neighbours: number | null;
  harmonic_in: number;
}
interface Reference {
  networkx: string;
  relations: Record<string, { nodes: Record<string, NodeReference>; overall_reciprocity: number; transitivity_undirected: number }>;
}

// Written by fixtures/krackhardt-hightech/structural_holes_networkx.py with Debian's NetworkX.
const reference = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../fixtures/krackhardt-hightech/reference/krackhardt_hightech__structural_holes__networkx.json', import.meta.url)), 'utf8'),
) as Reference;

function expectClose(actual: number | null | undefined, expected: number | null, label: string): void {
  if (expected === null) {
    expect(actual ?? null, label).toBeNull();
    return;
  }
  expect(actual, label).not.toBeNull();
  expect(Math.abs(actual! - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(TOLERANCE);
}

describe.each(['advice', 'friendship', 'reports_to'] as const)('Krackhardt high-tech managers, %s, against NetworkX %s', (relation) => {
  const { graph, ids } = krackhardtDigraph(relation);
  const expected = reference.relations[relation]!;

  it('matches nx.effective_size and nx.constraint on the directed graph wherever NetworkX defines them', () => {
    const holes = structuralHoles(graph);
    let compared = 0;
    ids.forEach((id, v) => {
      const row = expected.nodes[id]!;
      if (row.effective_size === null) return;
      expectClose(holes.effectiveSize[v], row.effective_size, `${id} effective size`);
      expectClose(holes.constraint[v], row.constraint, `${id} constraint`);
      compared++;
    });
    expect(compared).toBeGreaterThan(0);
  });

  it('gives people only named by others the same sums over all their contacts (NetworkX leaves them undefined)', () => {
    const holes = structuralHoles(graph);
    ids.forEach((id, v) => {
      const row = expected.nodes[id]!;
      expectClose(holes.effectiveSize[v], row.effective_size_all_neighbours, `${id} effective size`);
      expectClose(holes.constraint[v], row.constraint_all_neighbours, `${id} constraint`);
    });
  });

  it('matches nx.harmonic_centrality (distances towards each person), raw and divided by n − 1', () => {
    const closeness = harmonicCloseness(graph, { exactMaxNodes: 1000, pivots: 0, seed: 1 });
    expect(closeness.method).toBe('exact');
    ids.forEach((id, v) => {
      expectClose(closeness.raw[v], expected.nodes[id]!.harmonic_in, `${id} harmonic`);
      expectClose(closeness.normalized[v], expected.nodes[id]!.harmonic_in / (ids.length - 1), `${id} harmonic normalised`);
    });
  });

  it('matches nx.overall_reciprocity and nx.transitivity of the undirected union', () => {
    const figures = networkFigures(graph, degreeMetrics(graph), null, new Int32Array(graph.nodeCount), 1);
    expectClose(figures.reciprocity, expected.overall_reciprocity, 'reciprocity');
    expectClose(figures.transitivity, expected.transitivity_undirected, 'transitivity');
  });
});

describe('structural holes and network figures on hand-checked graphs', () => {
  it('leaves a person without ties undefined and gives a star centre effective size n − 1 and constraint 1/(n − 1)', () => {
    // 0 names 1, 2, 3; 4 is alone.
    const star = buildDigraph(5, [0, 0, 0], [1, 2, 3]);
    const holes = structuralHoles(star);
    expect(holes.effectiveSize[4]).toBeNull();
    expect(holes.constraint[4]).toBeNull();
    expect(holes.effectiveSize[0]).toBeCloseTo(3, 12);
    expect(holes.constraint[0]).toBeCloseTo(1 / 3, 12);
    expect(holes.effectiveSize[1]).toBeCloseTo(1, 12);
    expect(holes.constraint[1]).toBeCloseTo(1, 12);
  });

  it('computes Freeman in-degree centralisation 1 for a star and the E-I index per unit', () => {
    // Everyone names 0; units: {0, 1} and {2, 3}.
    const star = buildDigraph(4, [1, 2, 3], [0, 0, 0]);
    const figures = networkFigures(star, degreeMetrics(star), null, Int32Array.from([0, 0, 1, 1]), 2);
    expect(figures.inDegreeCentralization).toBeCloseTo(1, 12);
    expect(figures.betweennessCentralization).toBeNull();
    // Unit 0: one internal tie (1→0), two external (2→0, 3→0): (2 − 1) / 3.
    expect(figures.eiByUnit).toEqual([
      { unit: 0, members: 2, internal: 1, external: 2, ei: 1 / 3 },
      { unit: 1, members: 2, internal: 0, external: 2, ei: 1 },
    ]);
    // Whole network: 1 internal, 2 external ties.
    expect(figures.ei).toBeCloseTo(1 / 3, 12);
  });

  it('estimates closeness from seeded pivots above the exact size, the same for the same seed', () => {
    const { graph } = krackhardtDigraph('advice');
    const a = harmonicCloseness(graph, { exactMaxNodes: 5, pivots: 10, seed: 7 });
    const b = harmonicCloseness(graph, { exactMaxNodes: 5, pivots: 10, seed: 7 });
    expect(a.method).toBe('pivots');
    expect(a.raw).toEqual(b.raw);
    const exact = harmonicCloseness(graph, { exactMaxNodes: 100, pivots: 0, seed: 7 });
    // Dense advice network: the estimate stays within a third of the exact value.
    a.raw.forEach((value, v) => expect(Math.abs(value - exact.raw[v]!)).toBeLessThan(exact.raw[v]! / 3 + 1));
  });
});
