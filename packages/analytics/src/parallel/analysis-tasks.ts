import type { Digraph } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';
import { accumulateDependencies, createBrandesScratch } from '../metrics/brandes-kernel.ts';
import type { OutRows } from '../metrics/brandes-kernel.ts';
import { addHarmonicDistances } from '../metrics/closeness.ts';
import { computeGraphMeasures } from '../metrics/network-metrics.ts';
import type { GraphMetrics, GraphMetricsContext } from '../metrics/network-metrics.ts';
import { communityRun } from '../metrics/communities.ts';
import type { CommunityRun } from '../metrics/communities.ts';
import type { WeightedCsr } from '../metrics/leiden.ts';
import { centralityVectors } from '../confidence/centrality-vectors.ts';
import type { StabilityCentrality, StabilitySources } from '../confidence/centrality-vectors.ts';
import { sampleCorrelations } from '../confidence/rank-stability.ts';
import type { SampleCorrelations } from '../confidence/rank-stability.ts';
import { forceLayout } from '../layout/layouts.ts';
import type { Layout } from '../layout/layouts.ts';

/** Centrality vectors of a whole network, as the stability samples compare against them. */
export type FullVectors = Partial<Record<StabilityCentrality, Float64Array>>;

/**
 * The independent pieces of an analysis that the worker pool runs: each is one call of the
 * engine's own function, so a piece gives the same numbers on any thread. Large arrays travel as
 * views of SharedArrayBuffers (see `shareDigraph`): sending a task copies no graph.
 */
export interface AnalysisTasks {
  /** Brandes dependency sums of sources[from..to), unscaled. */
  brandes: { request: { graph: OutRows; sources: Int32Array; from: number; to: number }; result: Float64Array };
  /** Harmonic distances from sources[from..to), summed. */
  closeness: { request: { graph: Digraph; sources: Int32Array; from: number; to: number }; result: Float64Array };
  /** Every betweenness-free measure of one network; without its closeness when that is computed apart. */
  measures: { request: { graph: Digraph; options: AnalysisOptions; context: GraphMetricsContext; closenessApart: boolean }; result: GraphMetrics };
  /** One seeded, iterated Leiden run on the work network's undirected projection. */
  communityRun: { request: { graph: WeightedCsr; resolution: number; seed: number }; result: CommunityRun };
  /** A stability test's full vectors. */
  stabilityFull: { request: { graph: Digraph; options: AnalysisOptions; sources: StabilitySources; seed: number }; result: FullVectors };
  /** One resample of a stability test, compared with the full vectors. */
  stabilitySample: {
    request: { graph: Digraph; options: AnalysisOptions; sources: StabilitySources; seed: number; dropped: Uint8Array; full: FullVectors };
    result: SampleCorrelations;
  };
  /** ForceAtlas2 of the work network. */
  forceLayout: { request: { graph: Digraph; unitOf: Int32Array; seed: number; iterations: number; workBudget: number }; result: Layout & { iterations: number } };
}

export type TaskKind = keyof AnalysisTasks;
export type TaskRequest<K extends TaskKind = TaskKind> = AnalysisTasks[K]['request'];
export type TaskResult<K extends TaskKind = TaskKind> = AnalysisTasks[K]['result'];

/** Runs one task on the calling thread. */
export function runTask<K extends TaskKind>(kind: K, request: TaskRequest<K>): TaskResult<K> {
  return TASKS[kind](request) as TaskResult<K>;
}

const TASKS: { [K in TaskKind]: (request: TaskRequest<K>) => TaskResult<K> } = {
  brandes: ({ graph, sources, from, to }) => {
    // Scratch per task, not kept per thread: the batches' rows are 51 MB at 100,000 people, and
    // a worker would hold them to the end of the run, past the analysis' peak of memory.
    const sums = new Float64Array(graph.nodeCount);
    accumulateDependencies(graph, sources, from, to, sums, createBrandesScratch(graph.nodeCount));
    return sums;
  },
  closeness: ({ graph, sources, from, to }) => {
    const sums = new Float64Array(graph.nodeCount);
    addHarmonicDistances(graph, sources, from, to, sums);
    return sums;
  },
  measures: ({ graph, options, context, closenessApart }) => (closenessApart ? computeGraphMeasures(graph, options, context, null) : computeGraphMeasures(graph, options, context)),
  communityRun: ({ graph, resolution, seed }) => communityRun(graph, resolution, seed),
  stabilityFull: ({ graph, options, sources, seed }) => {
    const vectors = centralityVectors(graph, options, sources, seed);
    return Object.fromEntries(Object.entries(vectors).map(([centrality, values]) => [centrality, Float64Array.from(values)])) as FullVectors;
  },
  stabilitySample: ({ graph, options, sources, seed, dropped, full }) => sampleCorrelations(graph, options, sources, seed, dropped, full),
  forceLayout: ({ graph, unitOf, seed, iterations, workBudget }) => forceLayout(graph, unitOf, seed, iterations, workBudget),
};

/** The buffers a result can hand over instead of copying (typed arrays that own an ordinary ArrayBuffer). */
export function transferablesOf(result: unknown): ArrayBuffer[] {
  const found: ArrayBuffer[] = [];
  const visit = (value: unknown): void => {
    if (ArrayBuffer.isView(value)) {
      if (value.buffer instanceof ArrayBuffer && !found.includes(value.buffer)) found.push(value.buffer);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of Object.values(value)) visit(inner);
    }
  };
  visit(result);
  return found;
}
