import type { Digraph } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';
import { accumulateDependencies, createBrandesScratch } from '../metrics/brandes-kernel.ts';
import type { BrandesScratch, OutRows } from '../metrics/brandes-kernel.ts';
import { addHarmonicDistances } from '../metrics/closeness.ts';
import { computeGraphMeasures } from '../metrics/network-metrics.ts';
import type { GraphMetrics, GraphMetricsContext } from '../metrics/network-metrics.ts';
import { communityRun } from '../metrics/communities.ts';
import type { CommunityRun } from '../metrics/communities.ts';
import type { WeightedCsr } from '../metrics/leiden.ts';
import { createLanczosWorkspace } from '../metrics/lanczos.ts';
import type { LanczosWorkspace } from '../metrics/lanczos.ts';
import { centralityVectors } from '../confidence/centrality-vectors.ts';
import type { StabilitySources } from '../confidence/centrality-vectors.ts';
import { correlateWithFull, sampleVectors } from '../confidence/rank-stability.ts';
import type { SampleCorrelations } from '../confidence/rank-stability.ts';
import { forceLayout } from '../layout/layouts.ts';
import type { Layout } from '../layout/layouts.ts';
import { awaitFullVectors, failFullVectors, publishFullVectors } from './shared-full-vectors.ts';
import type { SharedFullVectors } from './shared-full-vectors.ts';

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
  /** A stability test's full vectors, written into `full` for its samples. */
  stabilityFull: { request: { graph: Digraph; options: AnalysisOptions; sources: StabilitySources; seed: number; full: SharedFullVectors }; result: null };
  /** One resample of a stability test, compared with the full vectors once their task has written them. */
  stabilitySample: {
    request: { graph: Digraph; options: AnalysisOptions; sources: StabilitySources; seed: number; dropped: Uint8Array; full: SharedFullVectors };
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
  const family = FAMILY[kind];
  if (family !== 'brandes') keptScratch = null;
  if (family !== 'measures') keptLanczos = null;
  return TASKS[kind](request) as TaskResult<K>;
}

/** The tasks whose arrays a thread keeps while tasks of the same family follow one another. */
const FAMILY: Record<TaskKind, 'brandes' | 'measures' | null> = {
  brandes: 'brandes',
  stabilityFull: 'brandes',
  stabilitySample: 'brandes',
  measures: 'measures',
  closeness: null,
  communityRun: null,
  forceLayout: null,
};

/**
 * This thread's Brandes scratch, kept from one Brandes task to the next and dropped at the first
 * task of another family: the batches' rows are 51 MB at 100,000 people and the trail grows to
 * 64 MB, and a scratch made afresh per task was a fifth of the analysis' page faults (2.1 million
 * at 100,000 people, 17–21 s of system time; perf, docs/benchmarks.md). Dropped rather than kept
 * to the end of the run, so that the threads do not hold it past the analysis' peak of memory.
 * Every pass leaves the scratch as it found it (brandes-kernel.ts), as the single-thread
 * betweenness reuses one across its chunks. `keptLanczos`, the same for HITS' Lanczos basis
 * (52 MB at 100,000 people) over the networks' measures.
 */
let keptScratch: BrandesScratch | null = null;
let keptLanczos: LanczosWorkspace | null = null;
function brandesScratch(nodeCount: number): BrandesScratch {
  if (keptScratch?.sigma.length !== nodeCount) keptScratch = createBrandesScratch(nodeCount);
  return keptScratch;
}

const TASKS: { [K in TaskKind]: (request: TaskRequest<K>) => TaskResult<K> } = {
  brandes: ({ graph, sources, from, to }) => {
    const sums = new Float64Array(graph.nodeCount);
    accumulateDependencies(graph, sources, from, to, sums, brandesScratch(graph.nodeCount));
    return sums;
  },
  closeness: ({ graph, sources, from, to }) => {
    const sums = new Float64Array(graph.nodeCount);
    addHarmonicDistances(graph, sources, from, to, sums);
    return sums;
  },
  measures: ({ graph, options, context, closenessApart }) => {
    keptLanczos ??= createLanczosWorkspace();
    return computeGraphMeasures(graph, options, context, closenessApart ? null : undefined, keptLanczos);
  },
  communityRun: ({ graph, resolution, seed }) => communityRun(graph, resolution, seed),
  stabilityFull: ({ graph, options, sources, seed, full }) => {
    try {
      publishFullVectors(full, centralityVectors(graph, options, sources, seed, brandesScratch));
    } catch (error) {
      failFullVectors(full);
      throw error;
    }
    return null;
  },
  stabilitySample: ({ graph, options, sources, seed, dropped, full }) => {
    const vectors = sampleVectors(graph, options, sources, seed, dropped, brandesScratch);
    return correlateWithFull(awaitFullVectors(full), vectors);
  },
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
