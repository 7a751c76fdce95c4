/// <reference path="./forceatlas2-iterate.d.ts" />
// The package ships no types for its iteration; the declarations travel with this file into every program that compiles it (the browser tests' project includes the engine through imports only).
import forceAtlas2 from 'graphology-layout-forceatlas2';
import iterateForceAtlas2 from 'graphology-layout-forceatlas2/iterate.js';
import FORCE_ATLAS2_DEFAULTS from 'graphology-layout-forceatlas2/defaults.js';
import { avoidMaglevOsrDeoptLoop } from './maglev-osr.ts';
import type { Digraph } from '../graph/digraph.ts';
import { hasEdge } from '../graph/digraph.ts';
import { createRng } from '../prng.ts';

/** Positions as two columns indexed like the employees. */
export interface Layout {
  x: number[];
  y: number[];
}

/**
 * Everyone on one circle, in the order of the leader tree: each leader is followed by the members
 * of their team who lead nobody (an arc, by unit), then by each sub-leader's own arc. The tree's
 * top sits at twelve o'clock and the circle runs clockwise. Ordered by unit id alone, as first
 * built, every one-person management unit came first, so the leaders sat together in one spot
 * that all of their teams' ties converged on; in tree order a leader sits at the head of their
 * team and most ties to a leader are short chords.
 */
export function circularLayout(leaderOf: Int32Array, directReports: readonly (readonly number[])[], unitOf: Int32Array): Layout {
  const n = leaderOf.length;
  const byUnit = (a: number, b: number) => unitOf[a]! - unitOf[b]! || a - b;
  const leadsNobody = (v: number) => directReports[v]!.length === 0;
  const order: number[] = [];
  // Iterative pre-order so that a 20,000-deep chain cannot overflow the stack.
  for (let root = 0; root < n; root++) {
    if (leaderOf[root]! >= 0) continue;
    const stack = [root];
    while (stack.length > 0) {
      const v = stack.pop()!;
      order.push(v);
      const reports = directReports[v]!;
      order.push(...reports.filter(leadsNobody).sort(byUnit));
      const leaders = reports.filter((r) => !leadsNobody(r)).sort(byUnit);
      for (let i = leaders.length - 1; i >= 0; i--) stack.push(leaders[i]!);
    }
  }
  const x = new Array<number>(n).fill(0);
  const y = new Array<number>(n).fill(0);
  order.forEach((v, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
    x[v] = Math.cos(angle);
    y[v] = Math.sin(angle);
  });
  return { x, y };
}

/**
 * ForceAtlas2 (Jacomy et al. 2014), graphology-layout-forceatlas2's own iteration, from unit
 * clusters jittered by a seeded generator, so that the same data always gives the same picture.
 * Barnes–Hut above 1,000 people; the iteration count shrinks with size to keep a run within its
 * time budget.
 *
 * The package's `forceAtlas2()` copies a graphology graph into two flat float32 matrices and
 * iterates on those; building them here straight from the CSR rows, in the order the graphology
 * graph would list its nodes and edges, gives the same matrices and so the same positions, bit
 * for bit (force-layout.test.ts), without a graphology graph of one object per tie (at 100,000
 * people, a million edge objects and their string keys: seconds and hundreds of megabytes).
 */
export function forceLayout(graph: Digraph, unitOf: Int32Array, seed: number, maxIterations: number, workBudget: number): Layout & { iterations: number } {
  const n = graph.nodeCount;
  const start = unitClusterLayout(unitOf);
  const rng = createRng(seed);
  const startX = new Float64Array(n);
  const startY = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    startX[v] = start.x[v]! * 100 + rng() - 0.5;
    startY[v] = start.y[v]! * 100 + rng() - 0.5;
  }
  const { nodes, edges } = forceAtlas2Matrices(graph, startX, startY);
  // Cost of one iteration in "pair visits": n² exact, about 400·n with Barnes–Hut (measured).
  const barnesHut = n > 1000;
  const perIteration = barnesHut ? 400 * n : n * n;
  const iterations = Math.max(5, Math.min(maxIterations, Math.floor(workBudget / Math.max(1, perIteration))));
  if (n > 0) {
    avoidMaglevOsrDeoptLoop();
    const settings = { ...FORCE_ATLAS2_DEFAULTS, ...forceAtlas2.inferSettings(n), barnesHutOptimize: barnesHut };
    for (let i = 0; i < iterations; i++) iterateForceAtlas2(settings, nodes, edges);
  }
  const x = new Array<number>(n);
  const y = new Array<number>(n);
  for (let v = 0; v < n; v++) {
    x[v] = nodes[v * NODE_FIELDS]!;
    y[v] = nodes[v * NODE_FIELDS + 1]!;
  }
  return { x, y, iterations };
}

/** Float32s per node and per edge in graphology-layout-forceatlas2's matrices. */
const NODE_FIELDS = 10;
const EDGE_FIELDS = 3;

/**
 * The matrices of graphology-layout-forceatlas2's `graphToByteArrays` for the undirected simple
 * graph of the ties: nodes in id order; each pair once, as graphology lists the edges of a graph
 * built by adding, for v ascending and each out-neighbour w ascending, the edge {v, w} unless it
 * is there already (from w's row, when w < v names v back); weight 1, mass 1 + degree.
 */
export function forceAtlas2Matrices(graph: Digraph, x: ArrayLike<number>, y: ArrayLike<number>): { nodes: Float32Array; edges: Float32Array } {
  const n = graph.nodeCount;
  const { outOffsets, outTargets } = graph;
  let count = 0;
  for (let v = 0; v < n; v++) for (let i = outOffsets[v]!; i < outOffsets[v + 1]!; i++) if (!addedFromOtherEnd(graph, v, outTargets[i]!)) count++;
  const nodes = new Float32Array(n * NODE_FIELDS);
  for (let v = 0; v < n; v++) {
    const row = v * NODE_FIELDS;
    nodes[row] = x[v]!;
    nodes[row + 1] = y[v]!;
    nodes[row + 6] = 1; // mass
    nodes[row + 7] = 1; // convergence
    nodes[row + 8] = 1; // size
  }
  const edges = new Float32Array(count * EDGE_FIELDS);
  let e = 0;
  for (let v = 0; v < n; v++) {
    for (let i = outOffsets[v]!; i < outOffsets[v + 1]!; i++) {
      const w = outTargets[i]!;
      if (addedFromOtherEnd(graph, v, w)) continue;
      nodes[v * NODE_FIELDS + 6]! += 1;
      nodes[w * NODE_FIELDS + 6]! += 1;
      edges[e] = v * NODE_FIELDS;
      edges[e + 1] = w * NODE_FIELDS;
      edges[e + 2] = 1;
      e += EDGE_FIELDS;
    }
  }
  return { nodes, edges };
}

/** The tie v → w joins a pair already listed from w's row: w comes first and names v. */
function addedFromOtherEnd(graph: Digraph, v: number, w: number): boolean {
  return w < v && hasEdge(graph, w, v);
}

/**
 * Units on a large circle, each unit's members on a small circle around its centre: a start close
 * to the force layout's end state, so that few ForceAtlas2 iterations suffice on large inputs.
 */
export function unitClusterLayout(unitOf: Int32Array): Layout {
  const n = unitOf.length;
  const members = new Map<number, number[]>();
  for (let v = 0; v < n; v++) {
    const list = members.get(unitOf[v]!) ?? [];
    list.push(v);
    members.set(unitOf[v]!, list);
  }
  const units = [...members.keys()].sort((a, b) => a - b);
  const x = new Array<number>(n).fill(0);
  const y = new Array<number>(n).fill(0);
  const ring = Math.max(1, Math.sqrt(units.length) / 4);
  units.forEach((unit, k) => {
    const angle = (2 * Math.PI * k) / units.length;
    const cx = ring * Math.cos(angle);
    const cy = ring * Math.sin(angle);
    const list = members.get(unit)!;
    const radius = 0.02 * Math.sqrt(list.length);
    list.forEach((v, i) => {
      const a = (2 * Math.PI * i) / list.length;
      x[v] = cx + radius * Math.cos(a);
      y[v] = cy + radius * Math.sin(a);
    });
  });
  return { x, y };
}

/** At most this many rows in a block of team members who lead nobody. */
const LEAF_BLOCK_MAX_ROWS = 4;
/** Rows of such a block, in levels of the chart: close enough to read as one team. */
const LEAF_ROW_STEP = 0.45;

/**
 * Org chart: a compact tidy tree from the leader tree. A leader sits centred above their reports,
 * y is the depth. Reports who lead teams of their own come first, each subtree in its own columns;
 * reports who lead nobody follow as a block of at most four rows (about square for small teams),
 * the way compact org charts stack individual contributors, instead of one column each: a
 * 300-person organisation is then some 80 columns wide instead of 250. No two people share a
 * place, and no subtree's columns overlap another's. Several roots sit side by side.
 */
export function orgChartLayout(leaderOf: Int32Array, directReports: readonly (readonly number[])[]): Layout {
  const n = leaderOf.length;
  const x = new Array<number>(n).fill(0);
  const y = new Array<number>(n).fill(0);
  let nextColumn = 0;
  const leadsNobody = (v: number) => directReports[v]!.length === 0;
  // Iterative post-order so that a 20,000-deep chain cannot overflow the stack.
  for (let root = 0; root < n; root++) {
    if (leaderOf[root]! >= 0) continue;
    const stack: [number, number, boolean][] = [[root, 0, false]];
    while (stack.length > 0) {
      const [v, depth, expanded] = stack.pop()!;
      const reports = directReports[v]!;
      if (reports.length === 0) {
        // Only a root can get here (other people who lead nobody are placed in their leader's block).
        x[v] = nextColumn++;
        y[v] = depth;
      } else if (!expanded) {
        stack.push([v, depth, true]);
        const leaders = reports.filter((r) => !leadsNobody(r));
        for (let i = leaders.length - 1; i >= 0; i--) stack.push([leaders[i]!, depth + 1, false]);
      } else {
        const members = reports.filter(leadsNobody);
        const rows = Math.min(LEAF_BLOCK_MAX_ROWS, Math.ceil(Math.sqrt(members.length)));
        members.forEach((member, i) => {
          x[member] = nextColumn + Math.floor(i / rows);
          y[member] = depth + 1 + (i % rows) * LEAF_ROW_STEP;
        });
        if (members.length > 0) nextColumn += Math.ceil(members.length / rows);
        let left = Infinity;
        let right = -Infinity;
        for (const r of reports) {
          left = Math.min(left, x[r]!);
          right = Math.max(right, x[r]!);
        }
        x[v] = (left + right) / 2;
        y[v] = depth;
      }
    }
  }
  return { x, y };
}

/** A closed polygon outline in any coordinates; nodes are placed on and inside it. */
export type LogoShape = readonly (readonly [number, number])[];

/** A default shape: a five-pointed star. */
export const STAR_SHAPE: LogoShape = Array.from({ length: 10 }, (_, i) => {
  const radius = i % 2 === 0 ? 1 : 0.45;
  const angle = -Math.PI / 2 + (i * Math.PI) / 5;
  return [radius * Math.cos(angle), radius * Math.sin(angle)] as const;
});

function insidePolygon(px: number, py: number, shape: LogoShape): boolean {
  let inside = false;
  for (let i = 0, j = shape.length - 1; i < shape.length; j = i++) {
    const [xi, yi] = shape[i]!;
    const [xj, yj] = shape[j]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Logo layout: about a third of the people (the best connected first) trace the outline at equal
 * spacing, the rest fill the area on a grid, unit by unit so colours form patches.
 */
export function logoLayout(unitOf: Int32Array, prominence: readonly number[], shape: LogoShape = STAR_SHAPE): Layout {
  const n = unitOf.length;
  const x = new Array<number>(n).fill(0);
  const y = new Array<number>(n).fill(0);
  if (n === 0 || shape.length < 3) return { x, y };
  const byProminence = Array.from({ length: n }, (_, v) => v).sort((a, b) => prominence[b]! - prominence[a]! || a - b);
  const outlineCount = Math.max(Math.min(n, shape.length), Math.round(n / 3));
  const outline = byProminence.slice(0, outlineCount).sort((a, b) => unitOf[a]! - unitOf[b]! || a - b);
  const fill = byProminence.slice(outlineCount).sort((a, b) => unitOf[a]! - unitOf[b]! || a - b);
  const edges = shape.map((p, i) => [p, shape[(i + 1) % shape.length]!] as const);
  const lengths = edges.map(([a, b]) => Math.hypot(b[0] - a[0], b[1] - a[1]));
  const perimeter = lengths.reduce((s, l) => s + l, 0);
  outline.forEach((v, i) => {
    let distance = (perimeter * i) / outline.length;
    let e = 0;
    while (e < edges.length - 1 && distance > lengths[e]!) distance -= lengths[e++]!;
    const [a, b] = edges[e]!;
    const t = lengths[e]! > 0 ? distance / lengths[e]! : 0;
    x[v] = a[0] + t * (b[0] - a[0]);
    y[v] = a[1] + t * (b[1] - a[1]);
  });
  if (fill.length > 0) {
    const xs = shape.map((p) => p[0]);
    const ys = shape.map((p) => p[1]);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    // Shrink the grid step until enough grid points fall inside the shape.
    let step = Math.sqrt(((maxX - minX) * (maxY - minY)) / fill.length);
    let points: [number, number][] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      points = [];
      for (let gy = minY + step / 2; gy < maxY; gy += step) {
        for (let gx = minX + step / 2; gx < maxX; gx += step) if (insidePolygon(gx, gy, shape)) points.push([gx, gy]);
      }
      if (points.length >= fill.length) break;
      step *= 0.85;
    }
    fill.forEach((v, i) => {
      const point = points[Math.floor((i * points.length) / fill.length)] ?? [0, 0];
      x[v] = point[0];
      y[v] = point[1];
    });
  }
  return { x, y };
}
