import type { Digraph } from '../graph/digraph.ts';
import { betweenness } from '../metrics/betweenness.ts';
import { harmonicCloseness } from '../metrics/closeness.ts';
import { degreeMetrics } from '../metrics/degree.ts';
import { eigenvectorCentrality } from '../metrics/eigenvector.ts';
import { pagerank } from '../metrics/pagerank.ts';
import type { AnalysisOptions } from '../options.ts';

export const STABILITY_CENTRALITIES = ['inDegree', 'betweenness', 'closeness', 'pagerank', 'eigenvector'] as const;
export type StabilityCentrality = (typeof STABILITY_CENTRALITIES)[number];

/**
 * The five centralities whose rank stability is measured, computed by the same functions and
 * settings as the analysis itself, so the stability speaks about the figures the reports show.
 * Eigenvector centrality is missing on a graph without a directed cycle (it is zero everywhere).
 */
export function centralityVectors(graph: Digraph, options: AnalysisOptions, seed: number): Partial<Record<StabilityCentrality, ArrayLike<number>>> {
  const between = options.metrics.betweenness;
  const closeness = options.metrics.closeness;
  const eigen = eigenvectorCentrality(graph, options.metrics.eigenvector);
  return {
    inDegree: degreeMetrics(graph).inDegree,
    betweenness: betweenness(graph, { exactMaxNodes: between.exactMaxNodes, pivots: between.pivots, seed }).raw,
    closeness: harmonicCloseness(graph, { exactMaxNodes: closeness.exactMaxNodes, pivots: closeness.pivots, seed }).raw,
    pagerank: pagerank(graph, options.metrics.pagerank),
    ...(eigen ? { eigenvector: eigen.l2 } : {}),
  };
}
