import type { CollaborationInput, CollaborationTieInput } from '../types.ts';
import type { Digraph } from '../graph/digraph.ts';
import { buildDigraph } from '../graph/digraph.ts';
import type { Organisation } from '../graph/organisation.ts';
import type { AnalysisOptions } from '../options.ts';
import { betweenness } from './betweenness.ts';
import type { GraphMetrics } from './network-metrics.ts';
import { computeGraphMeasures, withBetweenness } from './network-metrics.ts';
import type { CollaborationCoverage } from '../confidence/network-confidence.ts';
import { collaborationCoverage } from '../confidence/network-confidence.ts';

/** Seed offset of the collaboration network (kinds use 1.., categories 100.., see metric-graphs.ts). */
const COLLABORATION_SEED_SALT = 200;

/** The collaboration network of a run, as the result keeps it (docs/collaboration-network.md, "In the analysis"). */
export interface CollaborationNetwork {
  fromWeek: string;
  toWeek: string;
  coveredEmployees: number;
  employees: number;
  ties: CollaborationTieInput[];
}

/**
 * The input's ties between the run's employees, each unordered pair once with `source` < `target`
 * (id order), in that order; ties to unknown ids and self-ties are left out, a pair given twice is
 * summed.
 */
export function collaborationTies(org: Organisation, collaboration: CollaborationInput): CollaborationTieInput[] {
  const pairs = new Map<string, CollaborationTieInput>();
  for (const tie of collaboration.ties) {
    if (tie.source === tie.target || !org.indexOf.has(tie.source) || !org.indexOf.has(tie.target)) continue;
    const swap = tie.target < tie.source;
    const source = swap ? tie.target : tie.source;
    const target = swap ? tie.source : tie.target;
    const key = `${source}\u0000${target}`;
    const known = pairs.get(key) ?? { source, target, interactions: 0, fromSource: 0, fromTarget: 0, met: 0 };
    known.interactions += tie.interactions;
    known.fromSource += swap ? tie.fromTarget : tie.fromSource;
    known.fromTarget += swap ? tie.fromSource : tie.fromTarget;
    known.met += tie.met;
    pairs.set(key, known);
  }
  return [...pairs.values()].sort((x, y) => (x.source < y.source ? -1 : x.source > y.source ? 1 : x.target < y.target ? -1 : x.target > y.target ? 1 : 0));
}

/**
 * The undirected collaboration network as a digraph holding every tie in both directions, on the
 * employees' indices: in-degree = out-degree = degree, and every directed measure of the survey
 * networks reads it as the undirected one. Unweighted, as every measure of the engine is (a tie is
 * a tie once the tie rule's threshold is met); the weights stay with the ties.
 */
export function collaborationDigraph(org: Organisation, ties: readonly CollaborationTieInput[]): Digraph {
  const sources = new Int32Array(ties.length * 2);
  const targets = new Int32Array(ties.length * 2);
  ties.forEach((tie, e) => {
    const s = org.indexOf.get(tie.source)!;
    const t = org.indexOf.get(tie.target)!;
    sources[2 * e] = s;
    targets[2 * e] = t;
    sources[2 * e + 1] = t;
    targets[2 * e + 1] = s;
  });
  return buildDigraph(org.size, sources, targets);
}

/**
 * Every measure of the survey networks on the collaboration network: degrees, betweenness and
 * closeness (exact up to the per-network sizes of `options.metrics`, seeded pivots above), PageRank,
 * eigenvector, HITS, Burt's effective size and constraint, Louvain/Leiden communities and
 * Gould–Fernandez brokerage with units as groups. Betweenness on a graph holding each undirected
 * tie both ways counts every ordered pair: twice the undirected figure, the same once normalised.
 */
export function collaborationMetrics(org: Organisation, graph: Digraph, options: AnalysisOptions): GraphMetrics {
  const seed = options.seed + COLLABORATION_SEED_SALT;
  const settings = options.metrics.betweenness;
  const closeness = options.metrics.closeness;
  const measures = computeGraphMeasures(graph, options, {
    unitOf: org.unitOf,
    unitCount: org.units.length,
    extras: { closeness: { exactMaxNodes: closeness.exactMaxNodes, pivots: closeness.pivots, seed }, communitiesAndBrokerage: true, seed },
  });
  return withBetweenness(measures, betweenness(graph, { exactMaxNodes: settings.exactMaxNodes, pivots: settings.pivots, seed, strata: org.unitOf }));
}

/** The collaboration part of a run: the network kept with the result, its metrics and its coverage; null without data. */
export function analyseCollaboration(org: Organisation, collaboration: CollaborationInput | null | undefined, options: AnalysisOptions): { network: CollaborationNetwork; metrics: GraphMetrics; coverage: CollaborationCoverage } | null {
  if (!collaboration) return null;
  const ties = collaborationTies(org, collaboration);
  const covered = new Set(collaboration.coveredEmployeeIds.filter((id) => org.indexOf.has(id))).size;
  return {
    network: { fromWeek: collaboration.fromWeek, toWeek: collaboration.toWeek, coveredEmployees: covered, employees: org.size, ties },
    metrics: collaborationMetrics(org, collaborationDigraph(org, ties), options),
    coverage: collaborationCoverage(covered, org.size),
  };
}
