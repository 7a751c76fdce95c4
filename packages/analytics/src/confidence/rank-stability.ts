import type { Digraph } from '../graph/digraph.ts';
import { buildDigraph } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';
import { createRng } from '../prng.ts';
import type { Rng } from '../prng.ts';
import { createBrandesScratch } from '../metrics/brandes-kernel.ts';
import type { BrandesScratch } from '../metrics/brandes-kernel.ts';
import { centralityVectors, STABILITY_CENTRALITIES, stabilitySources } from './centrality-vectors.ts';
import type { StabilityCentrality, StabilitySources } from './centrality-vectors.ts';
import { spearman } from './spearman.ts';

/**
 * A centrality's ranks count as stable when, with a share of the respondents dropped, they still
 * correlate at least this well with the full result on average. 0.8 is the product's reading of a
 * "strong" rank correlation; it is not taken from the studies (which report curves, not a cut).
 */
export const STABLE_MIN_CORRELATION = 0.8;
/** Never drop fewer than this share: even a full response has figures that move when people go missing. */
export const MIN_DROP_SHARE = 0.1;
export const DEFAULT_STABILITY_REPEATS = 30;

export type StabilityVerdict = 'stable' | 'unstable';

export interface CentralityStability {
  /** Mean Spearman correlation of the ranks with the full result over the samples. */
  mean: number;
  /** Standard deviation of the correlations (0 with a single sample). */
  sd: number;
  min: number;
  /** Samples in which both rank orders existed (a constant vector has none). */
  samples: number;
  verdict: StabilityVerdict;
}

export interface RankStability {
  dropShare: number;
  /** Respondents dropped in each sample. */
  dropped: number;
  repeats: number;
  seed: number;
  /** Null when no sample could be compared (no respondents to drop, or a constant centrality). */
  centralities: Record<StabilityCentrality, CentralityStability | null>;
}

/**
 * The share of respondents dropped in a stability test at a response rate: as many again as are
 * already missing, at least MIN_DROP_SHARE. The question it answers is "would the ranks hold if the
 * survey had lost as many more people as it did lose?" (the design of Borgatti, Carley &
 * Krackhardt 2006 and Smith & Moody 2013: remove nodes at random, compare with the full network).
 */
export function stabilityDropShare(responseRate: number): number {
  return Math.min(1, Math.max(MIN_DROP_SHARE, 1 - responseRate));
}

export interface RankStabilityOptions {
  dropShare: number;
  repeats: number;
  seed: number;
}

/**
 * Drops `dropShare` of the respondents (their outgoing answers; they stay in the graph as people
 * others named) at random `repeats` times, recomputes each centrality with the analysis' own
 * functions and compares its ranks with the full result. Deterministic: the same seed gives the
 * same figures everywhere.
 */
export function rankStability(graph: Digraph, answered: ArrayLike<number>, analysis: AnalysisOptions, options: RankStabilityOptions): RankStability {
  const plan = planRankStability(graph, answered, analysis, options);
  const full = centralityVectors(graph, analysis, plan.sources, options.seed);
  return summariseRankStability(plan, plan.samples.map((dropped) => sampleCorrelations(graph, analysis, plan.sources, options.seed, dropped, full)));
}

/** What the resamples of one stability test need: the people dropped in each, drawn in order from the seed. */
export interface RankStabilityPlan {
  options: RankStabilityOptions;
  dropped: number;
  sources: StabilitySources;
  /** One mask per resample (1 = dropped respondent); none when nobody can be dropped. */
  samples: Uint8Array[];
}

export function planRankStability(graph: Digraph, answered: ArrayLike<number>, analysis: AnalysisOptions, options: RankStabilityOptions): RankStabilityPlan {
  const respondents: number[] = [];
  for (let v = 0; v < graph.nodeCount; v++) if (answered[v]) respondents.push(v);
  const dropped = Math.round(options.dropShare * respondents.length);
  const sources = stabilitySources(graph, analysis, options.seed);
  const samples: Uint8Array[] = [];
  if (dropped > 0) {
    const rng = createRng(options.seed);
    for (let r = 0; r < options.repeats; r++) samples.push(sample(respondents, dropped, rng));
  }
  return { options, dropped, sources, samples };
}

/** Spearman's correlation of each centrality on one resample with the full result; null where either rank order is missing. */
export type SampleCorrelations = Partial<Record<StabilityCentrality, number | null>>;

/** One resample: the graph without the dropped people's answers, each centrality recomputed and compared with `full`. */
export function sampleCorrelations(
  graph: Digraph,
  analysis: AnalysisOptions,
  sources: StabilitySources,
  seed: number,
  dropped: Uint8Array,
  full: Partial<Record<StabilityCentrality, ArrayLike<number>>>,
  scratchOf: (nodeCount: number) => BrandesScratch = createBrandesScratch,
): SampleCorrelations {
  return correlateWithFull(full, sampleVectors(graph, analysis, sources, seed, dropped, scratchOf));
}

/** A resample's centralities: the graph without the dropped people's answers, each centrality recomputed. */
export function sampleVectors(
  graph: Digraph,
  analysis: AnalysisOptions,
  sources: StabilitySources,
  seed: number,
  dropped: Uint8Array,
  scratchOf: (nodeCount: number) => BrandesScratch = createBrandesScratch,
): Partial<Record<StabilityCentrality, ArrayLike<number>>> {
  return centralityVectors(withoutAnswersOf(graph, dropped), analysis, sources, seed, scratchOf);
}

/** Spearman's correlation of each of a resample's centralities with the full result's. */
export function correlateWithFull(full: Partial<Record<StabilityCentrality, ArrayLike<number>>>, vectors: Partial<Record<StabilityCentrality, ArrayLike<number>>>): SampleCorrelations {
  const correlations: SampleCorrelations = {};
  for (const centrality of STABILITY_CENTRALITIES) {
    const a = full[centrality];
    const b = vectors[centrality];
    correlations[centrality] = a && b ? spearman(a, b) : null;
  }
  return correlations;
}

/** The figures of a stability test from its resamples' correlations, taken in resample order. */
export function summariseRankStability(plan: RankStabilityPlan, samples: readonly SampleCorrelations[]): RankStability {
  const correlations = new Map<StabilityCentrality, number[]>(STABILITY_CENTRALITIES.map((c) => [c, []]));
  for (const sampled of samples) {
    for (const centrality of STABILITY_CENTRALITIES) {
      const rho = sampled[centrality] ?? null;
      if (rho !== null) correlations.get(centrality)!.push(rho);
    }
  }
  const { options } = plan;
  const centralities = Object.fromEntries(STABILITY_CENTRALITIES.map((c) => [c, summarise(correlations.get(c)!)])) as Record<StabilityCentrality, CentralityStability | null>;
  return { dropShare: options.dropShare, dropped: plan.dropped, repeats: options.repeats, seed: options.seed, centralities };
}

function summarise(values: readonly number[]): CentralityStability | null {
  if (values.length === 0) return null;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const variance = values.length > 1 ? values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1) : 0;
  return { mean, sd: Math.sqrt(variance), min: Math.min(...values), samples: values.length, verdict: mean >= STABLE_MIN_CORRELATION ? 'stable' : 'unstable' };
}

/** k distinct items by a partial Fisher–Yates shuffle of a copy. */
function sample(items: readonly number[], k: number, rng: Rng): Uint8Array {
  const pool = [...items];
  const chosen = new Uint8Array(items.length === 0 ? 0 : Math.max(...items) + 1);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rng() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    chosen[pool[i]!] = 1;
  }
  return chosen;
}

/** The graph without the ties named by the dropped people. */
function withoutAnswersOf(graph: Digraph, dropped: Uint8Array): Digraph {
  let kept = 0;
  for (let v = 0; v < graph.nodeCount; v++) if (!dropped[v]) kept += graph.outOffsets[v + 1]! - graph.outOffsets[v]!;
  const sources = new Int32Array(kept);
  const targets = new Int32Array(kept);
  let k = 0;
  for (let v = 0; v < graph.nodeCount; v++) {
    if (dropped[v]) continue;
    for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
      sources[k] = v;
      targets[k++] = graph.outTargets[i]!;
    }
  }
  return buildDigraph(graph.nodeCount, sources, targets);
}
