import { describe, expect, it } from 'vitest';
import { buildDigraph } from '../graph/digraph.ts';
import { createRng } from '../prng.ts';
import { eigenvectorCentrality, scaleToUnitLength } from './eigenvector.ts';
import { hits } from './hits.ts';
import { TailExtrapolation } from './power-extrapolation.ts';

/** Power iteration with a diagonal matrix (eigenvalues `values`, leading one first) until the step is below `tolerance`. */
function iterateDiagonal(values: readonly number[], extrapolate: boolean, tolerance = 1e-12): { x: Float64Array; steps: number } {
  const n = values.length;
  let x = new Float64Array(n).fill(1);
  scaleToUnitLength(x);
  let next = new Float64Array(n);
  const tail = new TailExtrapolation(n);
  for (let step = 1; step <= 10_000; step++) {
    for (let v = 0; v < n; v++) next[v] = values[v]! * x[v]!;
    scaleToUnitLength(next);
    let change = 0;
    for (let v = 0; v < n; v++) change += Math.abs(next[v]! - x[v]!);
    if (change >= tolerance && extrapolate && tail.observe(x, next)) scaleToUnitLength(next);
    [x, next] = [next, x];
    if (change < tolerance) return { x, steps: step };
  }
  return { x, steps: 10_000 };
}

/** Dense clusters joined by few ties: the second eigenvalue is close to the first, as in an organisation of units. */
function clusteredGraph(clusters: number, size: number, seed: number): ReturnType<typeof buildDigraph> {
  const rng = createRng(seed);
  const sources: number[] = [];
  const targets: number[] = [];
  const n = clusters * size;
  for (let v = 0; v < n; v++) {
    const cluster = Math.floor(v / size);
    for (let k = 0; k < 5; k++) {
      const inside = rng() < 0.9;
      const w = inside ? cluster * size + Math.floor(rng() * size) : Math.floor(rng() * n);
      if (w !== v) {
        sources.push(v);
        targets.push(w);
      }
    }
  }
  const seen = new Set<number>();
  const keep = sources.map((s, i) => !seen.has(s * n + targets[i]!) && seen.add(s * n + targets[i]!) !== undefined);
  return buildDigraph(n, sources.filter((_, i) => keep[i]), targets.filter((_, i) => keep[i]));
}

describe('extrapolating a power iteration’s geometric tail', () => {
  it('reaches the leading eigenvector in far fewer steps when the second eigenvalue is close to the first', () => {
    const values = [1, 0.97, 0.5, 0.2];
    const plain = iterateDiagonal(values, false);
    const extrapolated = iterateDiagonal(values, true);
    expect(extrapolated.steps).toBeLessThan(plain.steps / 3);
    for (const x of [plain.x, extrapolated.x]) {
      expect(x[0]).toBeCloseTo(1, 9);
      for (let v = 1; v < values.length; v++) expect(Math.abs(x[v]!)).toBeLessThan(1e-9);
    }
  });

  it('leaves an oscillating tail (a negative second eigenvalue) to the plain iteration', () => {
    const values = [1, -0.9, 0.3];
    const plain = iterateDiagonal(values, false);
    const extrapolated = iterateDiagonal(values, true);
    expect(extrapolated.steps).toBe(plain.steps);
    expect(Array.from(extrapolated.x)).toEqual(Array.from(plain.x));
  });

  it('gives eigenvector centrality and HITS within 1e-9 of the plain iteration run to 1e-15 on clustered graphs', () => {
    for (const seed of [1, 2, 3]) {
      const graph = clusteredGraph(12, 15, seed);
      const eigen = eigenvectorCentrality(graph, { tolerance: 1e-12, maxIterations: 1000 })!;
      const found = hits(graph, { tolerance: 1e-12, maxIterations: 1000 });
      const reference = plainReference(graph);
      for (let v = 0; v < graph.nodeCount; v++) {
        expect(Math.abs(eigen.l2[v]! - reference.eigenvector[v]!)).toBeLessThan(1e-9);
        expect(Math.abs(found.authorities[v]! - reference.authorities[v]!)).toBeLessThan(1e-9);
      }
    }
  });

  it('gives HITS from its Lanczos start closer to the fixed point than the plain iteration stopped at the same tolerance', () => {
    // 1,200 people in 60 units: the plain iteration takes well over the 16 steps after which HITS starts from Lanczos.
    const graph = clusteredGraph(60, 20, 4);
    const found = hits(graph, { tolerance: 1e-12, maxIterations: 1000 });
    const reference = plainReference(graph);
    let largest = 0;
    for (let v = 0; v < graph.nodeCount; v++) {
      expect(found.authorities[v]).toBeGreaterThanOrEqual(0);
      largest = Math.max(largest, Math.abs(found.authorities[v]! - reference.authorities[v]!));
    }
    expect(largest).toBeLessThan(1e-12);
  });
});

/** Eigenvector (in-neighbours, Aᵀ + I, L2 norm 1) and HITS authorities (sum 1) by the plain power iteration. */
function plainReference(graph: ReturnType<typeof buildDigraph>): { eigenvector: Float64Array; authorities: Float64Array } {
  const n = graph.nodeCount;
  const { inOffsets, inSources, outOffsets, outTargets } = graph;
  const iterate = (apply: (x: Float64Array, out: Float64Array) => void): Float64Array => {
    let x = new Float64Array(n).fill(1);
    scaleToUnitLength(x);
    let next = new Float64Array(n);
    for (let step = 0; step < 100_000; step++) {
      apply(x, next);
      scaleToUnitLength(next);
      let change = 0;
      for (let v = 0; v < n; v++) change += Math.abs(next[v]! - x[v]!);
      [x, next] = [next, x];
      if (change < n * 1e-15) break;
    }
    return x;
  };
  const eigenvector = iterate((x, out) => {
    for (let v = 0; v < n; v++) {
      let sum = x[v]!;
      for (let i = inOffsets[v]!; i < inOffsets[v + 1]!; i++) sum += x[inSources[i]!]!;
      out[v] = sum;
    }
  });
  const hubs = new Float64Array(n);
  const authorities = iterate((a, out) => {
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let i = outOffsets[v]!; i < outOffsets[v + 1]!; i++) sum += a[outTargets[i]!]!;
      hubs[v] = sum;
    }
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let i = inOffsets[v]!; i < inOffsets[v + 1]!; i++) sum += hubs[inSources[i]!]!;
      out[v] = sum;
    }
  });
  let total = 0;
  for (const value of authorities) total += value;
  return { eigenvector, authorities: authorities.map((value) => value / total) };
}
