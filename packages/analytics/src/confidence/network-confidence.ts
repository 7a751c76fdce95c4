import type { Digraph } from '../graph/digraph.ts';
import type { Organisation } from '../graph/organisation.ts';
import type { AnalysisOptions } from '../options.ts';
import type { GraphCategory, QuestionKind } from '../types.ts';
import { GRAPH_CATEGORIES, QUESTION_KINDS } from '../types.ts';
import { personCoverage } from './coverage.ts';
import type { PersonCoverage } from './coverage.ts';
import { rankStability, stabilityDropShare } from './rank-stability.ts';
import type { RankStability, RankStabilityOptions } from './rank-stability.ts';
import { responseBand, responseRate } from './response-band.ts';
import type { ResponseBand, ResponseRate } from './response-band.ts';

export type ConfidenceNetwork = 'work' | QuestionKind;

export interface NetworkConfidence {
  /** Every question goes to the whole organisation, so every network shares this response rate. */
  response: ResponseRate;
  /**
   * Rank stability of the networks the metrics are computed on: the work network, each asked
   * question kind and each asked category (the same networks as `AnalysisResult.metrics`).
   */
  stability: {
    work: RankStability;
    byKind: Partial<Record<QuestionKind, RankStability>>;
    byCategory: Partial<Record<GraphCategory, RankStability>>;
  };
  /** Per employee, in input order. */
  coverage: PersonCoverage[];
  /**
   * How much of the organisation the collaboration data covers (covered employees / employees),
   * banded like a response rate; absent or null without collaboration data.
   */
  collaboration?: CollaborationCoverage | null;
}

export interface CollaborationCoverage {
  covered: number;
  employees: number;
  /** covered / employees, 0 when there are no employees. */
  rate: number;
  band: ResponseBand;
}

/** The collaboration network's coverage, read with the response rate's bands (docs/collaboration-network.md). */
export function collaborationCoverage(covered: number, employees: number): CollaborationCoverage {
  const rate = employees > 0 ? covered / employees : 0;
  return { covered, employees, rate, band: responseBand(rate) };
}

/**
 * The confidence figures of an analysed organisation. The seed comes from the analysis options, so
 * an analysed run always has the same confidence figures. Each network gets the seed offset its
 * metrics get (metric-graphs.ts), so two networks never share their samples by accident.
 * `options.confidence` sets the resamples: `repeats` on the work network (the one the key roles
 * and risk rules read), `networkRepeats` on each per-kind and per-category network, which are
 * tested only up to `networkMaxNodes` people (above it their entries are absent).
 */
export function networkConfidence(org: Organisation, options: AnalysisOptions): NetworkConfidence {
  const plan = planNetworkConfidence(org, options);
  return assembleNetworkConfidence(org, plan, plan.tests.map((test) => rankStability(test.graph, org.answered, options, test.options)));
}

/**
 * The stability tests of an organisation, each distinct one once: a category asked through one
 * question kind is that kind's network (the same graph object), so its figures are the kind's,
 * measured once. Most categories are (docs/confidence.md, cost). `work`, `byKind` and
 * `byCategory` name the entry of `tests` each network's figures come from.
 */
export interface NetworkConfidencePlan {
  response: ResponseRate;
  tests: { graph: Digraph; options: RankStabilityOptions }[];
  work: number;
  byKind: Partial<Record<QuestionKind, number>>;
  byCategory: Partial<Record<GraphCategory, number>>;
}

export function planNetworkConfidence(org: Organisation, options: AnalysisOptions): NetworkConfidencePlan {
  const response = responseRate(org.answered);
  const dropShare = stabilityDropShare(response.rate);
  const { repeats, networkRepeats } = options.confidence;
  const tests: NetworkConfidencePlan['tests'] = [{ graph: org.work, options: { dropShare, repeats, seed: options.seed } }];
  const measured = new Map<Digraph, number>();
  const measure = (graph: Digraph, seed: number): number => {
    const known = measured.get(graph) ?? tests.push({ graph, options: { dropShare, repeats: networkRepeats, seed } }) - 1;
    measured.set(graph, known);
    return known;
  };
  const byKind: Partial<Record<QuestionKind, number>> = {};
  const byCategory: Partial<Record<GraphCategory, number>> = {};
  if (org.size > options.confidence.networkMaxNodes) return { response, tests, work: 0, byKind, byCategory };
  QUESTION_KINDS.forEach((kind, i) => {
    const graph = org.byKind.get(kind);
    if (org.askedKinds.has(kind) && graph) byKind[kind] = measure(graph, options.seed + i + 1);
  });
  GRAPH_CATEGORIES.forEach((category, i) => {
    const graph = org.byCategory.get(category);
    if (graph && org.questions.some((q) => q.category === category)) byCategory[category] = measure(graph, options.seed + 100 + i);
  });
  return { response, tests, work: 0, byKind, byCategory };
}

/** The confidence figures from the plan and each test's result (`stability[i]` belongs to `plan.tests[i]`). */
export function assembleNetworkConfidence(org: Organisation, plan: NetworkConfidencePlan, stability: readonly RankStability[]): NetworkConfidence {
  const pick = <K extends string>(entries: Partial<Record<K, number>>): Partial<Record<K, RankStability>> =>
    Object.fromEntries(Object.entries<number | undefined>(entries).map(([key, test]) => [key, stability[test!]!])) as Partial<Record<K, RankStability>>;
  return { response: plan.response, stability: { work: stability[plan.work]!, byKind: pick(plan.byKind), byCategory: pick(plan.byCategory) }, coverage: personCoverage(org) };
}
