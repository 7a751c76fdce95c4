import type { Digraph } from '../graph/digraph.ts';
import { accumulateDependencies, createBrandesScratch } from '../metrics/brandes-kernel.ts';
import type { BrandesScratch } from '../metrics/brandes-kernel.ts';
import { betweenness, planBetweenness } from '../metrics/betweenness.ts';
import { harmonicCloseness } from '../metrics/closeness.ts';
import { eigenvectorCentrality } from '../metrics/eigenvector.ts';
import { pagerank } from '../metrics/pagerank.ts';
import type { AnalysisOptions } from '../options.ts';

export const STABILITY_CENTRALITIES = ['inDegree', 'betweenness', 'closeness', 'pagerank', 'eigenvector'] as const;
export type StabilityCentrality = (typeof STABILITY_CENTRALITIES)[number];

/**
 * The betweenness sources of a stability test, fixed on the full network and reused on every
 * resample: null means every node (exact), else the seeded pivots. A dropped respondent has no
 * outgoing ties left, so as a source it adds nothing, exactly as in a real survey; the correlations
 * then measure missing respondents, not another draw of pivots. (Closeness draws its sources from
 * the node count and the seed alone, so they are the same on every resample already.)
 */
export type StabilitySources = Int32Array | null;

/**
 * Up to `options.confidence.exactMaxNodes` people every node is a source (the exact figures the
 * reports show); above it `options.confidence.pivots` seeded ones, fewer than the analysis' own:
 * a stability test recomputes each network many times (docs/confidence.md, cost).
 */
export function stabilitySources(graph: Digraph, options: AnalysisOptions, seed: number): StabilitySources {
  const { exactMaxNodes, pivots } = options.confidence;
  const plan = planBetweenness(graph, { exactMaxNodes, pivots, seed });
  return plan.method === 'pivots' ? plan.sources : null;
}

/**
 * The five centralities whose rank stability is measured, by the analysis' own functions and
 * settings (PageRank, eigenvector) and its shortest-path kernels over the stability's sources.
 * Eigenvector centrality is missing on a graph without a directed cycle (it is zero everywhere).
 * `scratchOf` gives the Brandes passes their arrays (a pool thread keeps one from task to task).
 */
export function centralityVectors(
  graph: Digraph,
  options: AnalysisOptions,
  sources: StabilitySources,
  seed: number,
  scratchOf: (nodeCount: number) => BrandesScratch = createBrandesScratch,
): Partial<Record<StabilityCentrality, ArrayLike<number>>> {
  const eigen = eigenvectorCentrality(graph, options.metrics.eigenvector);
  const { exactMaxNodes, pivots } = options.confidence;
  return {
    inDegree: inDegrees(graph),
    betweenness: sources ? dependencySums(graph, sources, scratchOf(graph.nodeCount)) : betweenness(graph, { exactMaxNodes: Infinity, pivots: 1, seed }).raw,
    closeness: harmonicCloseness(graph, { exactMaxNodes, pivots, seed }).raw,
    pagerank: pagerank(graph, options.metrics.pagerank),
    ...(eigen ? { eigenvector: eigen.l2 } : {}),
  };
}

/** Each person's in-degree, read off the in-rows (degreeMetrics would also count every mutual tie, by a search per tie). */
function inDegrees(graph: Digraph): Int32Array {
  const degrees = new Int32Array(graph.nodeCount);
  for (let v = 0; v < graph.nodeCount; v++) degrees[v] = graph.inOffsets[v + 1]! - graph.inOffsets[v]!;
  return degrees;
}

function dependencySums(graph: Digraph, sources: Int32Array, scratch: BrandesScratch): Float64Array {
  const sums = new Float64Array(graph.nodeCount);
  accumulateDependencies(graph, sources, 0, sources.length, sums, scratch);
  return sums;
}
