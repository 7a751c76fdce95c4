import type { Organisation } from '../graph/organisation.ts';
import type { AnalysisOptions } from '../options.ts';
import type { QuestionKind } from '../types.ts';
import { QUESTION_KINDS } from '../types.ts';
import { personCoverage } from './coverage.ts';
import type { PersonCoverage } from './coverage.ts';
import { DEFAULT_STABILITY_REPEATS, rankStability, stabilityDropShare } from './rank-stability.ts';
import type { RankStability } from './rank-stability.ts';
import { responseRate } from './response-band.ts';
import type { ResponseRate } from './response-band.ts';

export type ConfidenceNetwork = 'work' | QuestionKind;

export interface NetworkConfidence {
  /** Every question goes to the whole organisation, so every network shares this response rate. */
  response: ResponseRate;
  /** Rank stability of the work network and of each asked question kind. */
  stability: Partial<Record<ConfidenceNetwork, RankStability>>;
  /** Per employee, in input order. */
  coverage: PersonCoverage[];
}

/**
 * The confidence figures of an analysed organisation. The seed comes from the analysis options, so
 * an analysed run always has the same confidence figures. Each network gets its own seed offset, as
 * the metrics do, so two networks never share their samples of dropped respondents by accident.
 */
export function networkConfidence(org: Organisation, options: AnalysisOptions, repeats = DEFAULT_STABILITY_REPEATS): NetworkConfidence {
  const response = responseRate(org.answered);
  const dropShare = stabilityDropShare(response.rate);
  const stability: Partial<Record<ConfidenceNetwork, RankStability>> = {};
  stability.work = rankStability(org.work, org.answered, options, { dropShare, repeats, seed: options.seed });
  QUESTION_KINDS.forEach((kind, i) => {
    const graph = org.byKind.get(kind);
    if (org.askedKinds.has(kind) && graph) stability[kind] = rankStability(graph, org.answered, options, { dropShare, repeats, seed: options.seed + i + 1 });
  });
  return { response, stability, coverage: personCoverage(org) };
}
