import type { Digraph } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';
import type { BetweennessResult } from './betweenness.ts';
import { degreeMetrics } from './degree.ts';
import { eigenvectorCentrality } from './eigenvector.ts';
import { hits } from './hits.ts';
import { pagerank } from './pagerank.ts';
import { twoStepReach } from './reach.ts';

/**
 * Every per-person measure of one graph, as columns indexed like `AnalysisResult.employeeIds`:
 * columns serialise to a fraction of the size of one object per person.
 */
export interface GraphMetrics {
  nodeCount: number;
  edgeCount: number;
  /** Ties / (n(n−1)). */
  density: number;
  inDegree: number[];
  outDegree: number[];
  mutual: number[];
  reciprocityOut: (number | null)[];
  reciprocityIn: (number | null)[];
  reciprocity: (number | null)[];
  /** null when skipped (large organisations compute betweenness only where a rule reads it). */
  betweenness: number[] | null;
  betweennessNormalized: number[] | null;
  betweennessMethod: 'exact' | 'pivots' | 'skipped';
  pagerank: number[];
  /** null on an acyclic relation, where eigenvector centrality is undefined. */
  eigenvector: number[] | null;
  eigenvectorMax1: number[] | null;
  hubs: number[];
  authorities: number[];
  /** Distinct people within two steps along one's own nominations. */
  reach: number[];
}

/** `between` is computed beforehand (on this thread or on workers), null when skipped. */
export function computeGraphMetrics(graph: Digraph, options: AnalysisOptions, between: BetweennessResult | null): GraphMetrics {
  const n = graph.nodeCount;
  const degrees = degreeMetrics(graph);
  const eigen = eigenvectorCentrality(graph, options.metrics.eigenvector);
  const hubsAuthorities = hits(graph, options.metrics.hits);
  return {
    nodeCount: n,
    edgeCount: graph.edgeCount,
    density: n > 1 ? graph.edgeCount / (n * (n - 1)) : 0,
    inDegree: degrees.inDegree,
    outDegree: degrees.outDegree,
    mutual: degrees.mutual,
    reciprocityOut: degrees.reciprocityOut,
    reciprocityIn: degrees.reciprocityIn,
    reciprocity: degrees.reciprocity,
    betweenness: between ? between.raw : null,
    betweennessNormalized: between ? between.normalized : null,
    betweennessMethod: between ? between.method : 'skipped',
    pagerank: pagerank(graph, options.metrics.pagerank),
    eigenvector: eigen ? eigen.l2 : null,
    eigenvectorMax1: eigen ? eigen.max1 : null,
    hubs: hubsAuthorities.hubs,
    authorities: hubsAuthorities.authorities,
    reach: twoStepReach(graph),
  };
}
