import Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDigraph } from '../graph/digraph.ts';
import type { Digraph } from '../graph/digraph.ts';
import { createRng } from '../prng.ts';
import { forceLayout, unitClusterLayout } from './layouts.ts';

/**
 * The force layout as it was computed before issue 34: a graphology graph built from the ties and
 * graphology-layout-forceatlas2's `forceAtlas2.assign` on it. `forceLayout` now builds the
 * package's matrices itself; this is the reference it must equal.
 */
function throughGraphology(graph: Digraph, unitOf: Int32Array, seed: number, maxIterations: number, workBudget: number) {
  const n = graph.nodeCount;
  const start = unitClusterLayout(unitOf);
  const rng = createRng(seed);
  const g = new Graph({ type: 'undirected', multi: false, allowSelfLoops: false });
  for (let v = 0; v < n; v++) g.addNode(String(v), { x: start.x[v]! * 100 + rng() - 0.5, y: start.y[v]! * 100 + rng() - 0.5 });
  for (let v = 0; v < n; v++) {
    for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
      const a = String(v);
      const b = String(graph.outTargets[i]!);
      if (!g.hasEdge(a, b)) g.addEdge(a, b);
    }
  }
  const barnesHut = n > 1000;
  const perIteration = barnesHut ? 400 * n : n * n;
  const iterations = Math.max(5, Math.min(maxIterations, Math.floor(workBudget / Math.max(1, perIteration))));
  if (n > 0) forceAtlas2.assign(g, { iterations, settings: { ...forceAtlas2.inferSettings(g), barnesHutOptimize: barnesHut } });
  const x: number[] = [];
  const y: number[] = [];
  for (let v = 0; v < n; v++) {
    const attributes = g.getNodeAttributes(String(v));
    x.push(Number(attributes.x));
    y.push(Number(attributes.y));
  }
  return { x, y, iterations };
}

const randomCase = fc
  .integer({ min: 1, max: 80 })
  .chain((n) =>
    fc.record({
      n: fc.constant(n),
      ties: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 5 * n }),
      units: fc.array(fc.nat(6), { minLength: n, maxLength: n }),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      iterations: fc.integer({ min: 1, max: 40 }),
    }),
  );

describe('forceLayout on graphology-layout-forceatlas2’s matrices', () => {
  it('places everyone exactly where the graphology graph and forceAtlas2.assign placed them, on random graphs', () => {
    fc.assert(
      fc.property(randomCase, ({ n, ties, units, seed, iterations }) => {
        const graph = buildDigraph(n, ties.map(([s]) => s), ties.map(([, t]) => t));
        const unitOf = Int32Array.from(units);
        expect(forceLayout(graph, unitOf, seed, iterations, 50_000_000)).toEqual(throughGraphology(graph, unitOf, seed, iterations, 50_000_000));
      }),
      { numRuns: 60 },
    );
  });

  it('does so with Barnes–Hut too (above 1,000 people), ties in both directions and isolates included', () => {
    const n = 1200;
    const rng = createRng(9);
    const sources: number[] = [];
    const targets: number[] = [];
    for (let e = 0; e < 4 * n; e++) {
      const s = Math.floor(rng() * n);
      const t = Math.floor(rng() * (n - 100));
      sources.push(s, t);
      targets.push(t, rng() < 0.3 ? s : t);
    }
    const graph = buildDigraph(n, sources, targets);
    const unitOf = Int32Array.from({ length: n }, (_, v) => Math.floor(v / 12));
    const ours = forceLayout(graph, unitOf, 5, 200, 5_000_000);
    expect(ours.iterations).toBe(10);
    expect(ours).toEqual(throughGraphology(graph, unitOf, 5, 200, 5_000_000));
  });
});
