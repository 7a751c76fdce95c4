import type { Digraph } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';
import type { BetweennessResult } from './betweenness.ts';
import { degreeMetrics } from './degree.ts';
import { eigenvectorCentrality } from './eigenvector.ts';
import { hits } from './hits.ts';
import type { LanczosWorkspace } from './lanczos.ts';
import { pagerank } from './pagerank.ts';
import { twoStepReach } from './reach.ts';
import { harmonicCloseness } from './closeness.ts';
import type { ClosenessResult } from './closeness.ts';
import { structuralHoles } from './structural-holes.ts';
import type { NetworkFigures } from './network-level.ts';
import { betweennessCentralization, networkFigures } from './network-level.ts';
import { detectCommunities } from './communities.ts';
import { brokerage } from '../brokerage/gould-fernandez.ts';
import { brokerageColumns } from '../brokerage/brokerage-by-groups.ts';
import type { BrokerageColumn } from '../brokerage/gould-fernandez.ts';

/** Gould–Fernandez counts and z-scores as columns, units as groups, ties from the one who names. */
export interface BrokerageColumns {
  raw: Record<BrokerageColumn, number[]>;
  z: Record<BrokerageColumn, (number | null)[]>;
}

/** What the graph's extra measures need beyond the graph: the groups and a seed. */
export interface GraphMetricsContext {
  unitOf: Int32Array;
  unitCount: number;
  /**
   * Closeness (like betweenness: exact up to a size, seeded pivots above), communities and
   * brokerage of this graph; null skips them (large organisations, see metricGraphs), and on the
   * work graph, whose communities and brokerage the analysis computes once in its own steps.
   */
  extras: { closeness: { exactMaxNodes: number; pivots: number; seed: number }; communitiesAndBrokerage: boolean; seed: number } | null;
}

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
  /** Harmonic closeness towards each person, raw and ÷ (n − 1); null when skipped. */
  closeness: number[] | null;
  closenessNormalized: number[] | null;
  closenessMethod: 'exact' | 'pivots' | 'skipped';
  /** Burt's effective size and constraint; null for a person without ties. */
  effectiveSize: (number | null)[];
  constraint: (number | null)[];
  /** Louvain community of each person in this graph; null on the work graph (see `AnalysisResult.communities`) and when skipped. */
  community: number[] | null;
  communityModularity: number | null;
  /** Brokerage in this graph; null on the work graph (see `AnalysisResult.brokerage`) and when skipped. */
  brokerage: BrokerageColumns | null;
  /** Network-level figures: reciprocity, transitivity, centralisation, E-I index. */
  network: NetworkFigures;
}

/** `between` is computed beforehand (on this thread or on workers), null when skipped. */
export function computeGraphMetrics(graph: Digraph, options: AnalysisOptions, between: BetweennessResult | null, context: GraphMetricsContext): GraphMetrics {
  return withBetweenness(computeGraphMeasures(graph, options, context), between);
}

/** A graph's measures with its closeness filled in; the fields keep their places (see `withBetweenness`). */
export function withCloseness(measures: GraphMetrics, closeness: ClosenessResult): GraphMetrics {
  return { ...measures, closeness: closeness.raw, closenessNormalized: closeness.normalized, closenessMethod: closeness.method };
}

/**
 * A graph's metrics with its betweenness (and the betweenness centralisation) filled in. The rest
 * of the measures do not read betweenness, so they can be computed apart, at the same time as
 * the betweenness, on another thread (`computeGraphMeasures`). The fields keep their places, so
 * the result serialises exactly as one computed in one go.
 */
export function withBetweenness(measures: GraphMetrics, between: BetweennessResult | null): GraphMetrics {
  if (!between) return measures;
  return {
    ...measures,
    betweenness: between.raw,
    betweennessNormalized: between.normalized,
    betweennessMethod: between.method,
    network: { ...measures.network, betweennessCentralization: betweennessCentralization(between.normalized, measures.nodeCount) },
  };
}

/**
 * Every measure of `computeGraphMetrics` but betweenness (skipped here; see `withBetweenness`).
 * `closeness` is the graph's closeness when computed apart (the worker pool splits a sampled one
 * into tasks, see `withCloseness`); by default it is computed here when the context asks for it.
 * `lanczos`: room for HITS' Lanczos basis, kept by a caller that measures network after network.
 */
export function computeGraphMeasures(
  graph: Digraph,
  options: AnalysisOptions,
  context: GraphMetricsContext,
  closeness: ClosenessResult | null = context.extras ? harmonicCloseness(graph, context.extras.closeness) : null,
  lanczos?: LanczosWorkspace,
): GraphMetrics {
  const n = graph.nodeCount;
  const degrees = degreeMetrics(graph);
  const eigen = eigenvectorCentrality(graph, options.metrics.eigenvector);
  const hubsAuthorities = hits(graph, options.metrics.hits, lanczos);
  const extras = context.extras;
  const holes = structuralHoles(graph);
  const communities = extras?.communitiesAndBrokerage ? detectCommunities(graph, extras.seed, { resolution: options.metrics.communities.resolution, runs: options.metrics.communities.networkRuns }) : null;
  const brokers = extras?.communitiesAndBrokerage ? brokerageColumns(brokerage(graph, context.unitOf)) : null;
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
    betweenness: null,
    betweennessNormalized: null,
    betweennessMethod: 'skipped',
    pagerank: pagerank(graph, options.metrics.pagerank),
    eigenvector: eigen ? eigen.l2 : null,
    eigenvectorMax1: eigen ? eigen.max1 : null,
    hubs: hubsAuthorities.hubs,
    authorities: hubsAuthorities.authorities,
    reach: twoStepReach(graph),
    closeness: closeness ? closeness.raw : null,
    closenessNormalized: closeness ? closeness.normalized : null,
    closenessMethod: closeness ? closeness.method : 'skipped',
    effectiveSize: holes.effectiveSize,
    constraint: holes.constraint,
    community: communities ? communities.membership : null,
    communityModularity: communities ? communities.modularity : null,
    brokerage: brokers,
    network: networkFigures(graph, degrees, null, context.unitOf, context.unitCount),
  };
}
