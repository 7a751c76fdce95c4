import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildDigraph } from '../graph/digraph.ts';
import type { Digraph } from '../graph/digraph.ts';
import { buildOrganisation } from '../graph/organisation.ts';
import { resolveOptions } from '../options.ts';
import { betweenness } from '../metrics/betweenness.ts';
import { PIVOT_CHUNK } from '../metrics/brandes-kernel.ts';
import { detectCommunities } from '../metrics/communities.ts';
import { computeMeasures, metricGraphs } from '../metrics/metric-graphs.ts';
import { networkConfidence } from '../confidence/network-confidence.ts';
import { regularLayout } from '../run-analysis.ts';
import { syntheticOrganisation } from '../testing/synthetic.ts';
import { AnalysisInPool } from './analysis-in-pool.ts';
import { TaskPool } from './task-pool.ts';
import { runTask } from './analysis-tasks.ts';
import { NominationColumnsBuilder } from '../input/nomination-columns.ts';

// One pool for the file: starting worker threads (each loads the engine through tsx) is the slow part.
const pool = new TaskPool(2);
afterAll(() => pool.close());

/** A random digraph of 3–60 nodes: up to 4 ties per node, self-loops and repeats included (buildDigraph drops them). */
const randomDigraph = fc
  .integer({ min: 3, max: 60 })
  .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 4 * n })))
  .map(([n, ties]) => buildDigraph(n, ties.map(([s]) => s), ties.map(([, t]) => t)));

/** An organisation on a random graph: every kind of the synthetic questionnaire asks the same ties, shifted per kind. */
function organisationOn(graph: Digraph, seed: number) {
  const base = syntheticOrganisation({ employees: graph.nodeCount, seed, with360: false });
  const nominations = new NominationColumnsBuilder();
  base.questions.forEach((_, q) => {
    for (let v = 0; v < graph.nodeCount; v++) {
      for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
        if ((v + i + q) % 3 !== 0) nominations.push(v, graph.outTargets[i]!, q);
      }
    }
  });
  return buildOrganisation({ ...base, nominations: nominations.build() });
}

describe('the analysis pieces on the worker pool equal the single-thread functions, bit for bit', () => {
  it('betweenness, exact (in chunks) and from seeded pivots, on random digraphs', async () => {
    await fc.assert(
      fc.asyncProperty(randomDigraph, fc.integer({ min: 1, max: 1000 }), async (graph, seed) => {
        const org = organisationOn(graph, seed);
        const tasks = new AnalysisInPool(pool, org, resolveOptions({}));
        for (const options of [
          { exactMaxNodes: Infinity, pivots: 1, seed },
          { exactMaxNodes: 2, pivots: Math.max(1, Math.floor(graph.nodeCount / 3)), seed, strata: org.unitOf },
        ]) {
          expect(await tasks.betweenness(graph, options)).toEqual(betweenness(graph, options));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('betweenness and closeness from more pivots than one chunk (PIVOT_CHUNK), as `betweenness` and `harmonicCloseness` sum them', async () => {
    const org = buildOrganisation(syntheticOrganisation({ employees: 900, seed: 3, with360: false }));
    const tasks = new AnalysisInPool(pool, org, resolveOptions({}));
    const options = { exactMaxNodes: 100, pivots: 2 * PIVOT_CHUNK + 50, seed: 4, strata: org.unitOf };
    expect(await tasks.betweenness(org.work, options)).toEqual(betweenness(org.work, options));
    const context = { unitOf: org.unitOf, unitCount: org.units.length, extras: { closeness: { exactMaxNodes: 100, pivots: 2 * PIVOT_CHUNK + 50, seed: 4 }, communitiesAndBrokerage: false, seed: 4 } };
    const planned = metricGraphs(org, resolveOptions({})).map((graph) => (graph.scope === 'work' ? { ...graph, context } : graph));
    const inPool = await tasks.measures(planned);
    const single = computeMeasures(planned, resolveOptions({}));
    expect(inPool.at(-1)!.closenessMethod).toBe('pivots');
    expect(inPool).toEqual(single);
  });

  it('the work network’s communities (each seeded Leiden run a task, the best kept in run order)', async () => {
    await fc.assert(
      fc.asyncProperty(randomDigraph, fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 4 }), async (graph, seed, runs) => {
        const org = organisationOn(graph, seed);
        const options = resolveOptions({ seed, metrics: { communities: { runs } } });
        expect(await new AnalysisInPool(pool, org, options).communities()).toEqual(detectCommunities(org.work, seed, options.metrics.communities));
      }),
      { numRuns: 25 },
    );
  });

  it('every network’s measures, the confidence resamples and the force layout', async () => {
    await fc.assert(
      fc.asyncProperty(randomDigraph, fc.integer({ min: 1, max: 1000 }), async (graph, seed) => {
        const org = organisationOn(graph, seed);
        // Small thresholds take the sampled paths (pivots, fewer networks tested) on these small graphs.
        const options = resolveOptions({ seed, confidence: { repeats: 3, networkRepeats: 2, exactMaxNodes: 10, pivots: 5, networkMaxNodes: 30 } });
        const tasks = new AnalysisInPool(pool, org, options);
        const graphs = metricGraphs(org, options);
        expect(await tasks.measures(graphs)).toEqual(computeMeasures(graphs, options));
        expect(await tasks.confidence()).toEqual(networkConfidence(org, options));
        expect(await tasks.regularLayout()).toEqual(regularLayout(org, options));
      }),
      { numRuns: 10 },
    );
  });
});

describe('TaskPool', () => {
  it('fails a task that throws in its worker with the task’s name and the error, and stops', async () => {
    const failing = new TaskPool(1);
    const graph = buildDigraph(3, [0, 1], [1, 2]);
    // No options: computeGraphMeasures reads options.metrics and throws a TypeError in the worker.
    await expect(failing.run('measures', { graph, options: undefined as never, context: { unitOf: new Int32Array(3), unitCount: 1, extras: null }, closenessApart: false })).rejects.toThrow(
      /analysis task measures failed in a worker: TypeError/,
    );
    await failing.close();
    await expect(failing.run('measures', { graph, options: resolveOptions({}), context: { unitOf: new Int32Array(3), unitCount: 1, extras: null }, closenessApart: false })).rejects.toThrow(/closed/);
  });

  it('answers every task with its own result when a worker holds the next one (more tasks than workers, submitted at once)', async () => {
    const single = new TaskPool(1);
    try {
      const graph = buildDigraph(40, Array.from({ length: 120 }, (_, i) => (i * 7) % 40), Array.from({ length: 120 }, (_, i) => (i * 13 + 5) % 40));
      const sources = Int32Array.from({ length: 40 }, (_, i) => i);
      const ranges = [0, 8, 16, 24, 32].map((from) => [from, from + 8] as const);
      const inPool = await Promise.all(ranges.map(([from, to]) => single.run('brandes', { graph, sources, from, to })));
      const onThisThread = ranges.map(([from, to]) => runTask('brandes', { graph, sources, from, to }));
      expect(inPool).toEqual(onThisThread);
      // Different ranges give different sums: an answer given to the wrong task would show.
      expect(new Set(inPool.map((sums) => sums.join(','))).size).toBe(ranges.length);
    } finally {
      await single.close();
    }
  });

  it('runs each task on exactly one worker when every worker is sent every task (two workers, more tasks than workers)', async () => {
    const graph = buildDigraph(60, Array.from({ length: 240 }, (_, i) => (i * 7) % 60), Array.from({ length: 240 }, (_, i) => (i * 13 + 5) % 60));
    const sources = Int32Array.from({ length: 60 }, (_, i) => i);
    const ranges = Array.from({ length: 15 }, (_, r) => [4 * r, 4 * r + 4] as const);
    const inPool = await Promise.all(ranges.map(([from, to]) => pool.run('brandes', { graph, sources, from, to })));
    expect(inPool).toEqual(ranges.map(([from, to]) => runTask('brandes', { graph, sources, from, to })));
    // The partial sums add up to exact betweenness: a task run twice or not at all would not.
    const summed = new Float64Array(60);
    for (const partial of inPool) for (let v = 0; v < 60; v++) summed[v]! += partial[v]!;
    const exact = runTask('brandes', { graph, sources, from: 0, to: 60 });
    for (let v = 0; v < 60; v++) expect(summed[v]).toBeCloseTo(exact[v]!, 9);
  });

  it('refuses a worker count that is not a whole number ≥ 1', () => {
    expect(() => new TaskPool(0)).toThrow(/whole number/);
  });
});
