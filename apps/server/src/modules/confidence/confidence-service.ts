import {
  HIGH_CONFIDENCE_MIN_RATE,
  MODERATE_CONFIDENCE_MIN_RATE,
  STABILITY_CENTRALITIES,
  STABLE_MIN_CORRELATION,
  type AnalysisResult,
  type NetworkConfidence,
  type NetworkKey,
  type RankStability,
  type StabilityCentrality,
} from '@ona/analytics';
import type { GraphCategory, QuestionKind } from '@ona/analytics';
import type { TConfidence, TLocale, TNetworkStability, TPersonCoverage, TStabilityCentrality } from '@ona/contracts';
import { networkLabel } from '../metrics/metrics-service.ts';

const CENTRALITY_IDS: Record<StabilityCentrality, TStabilityCentrality> = {
  inDegree: 'in_degree',
  betweenness: 'betweenness',
  closeness: 'closeness',
  pagerank: 'pagerank',
  eigenvector: 'eigenvector',
};

const THRESHOLDS = { high_min_rate: HIGH_CONFIDENCE_MIN_RATE, moderate_min_rate: MODERATE_CONFIDENCE_MIN_RATE, stable_min_correlation: STABLE_MIN_CORRELATION };

/** What the confidence answers read of a run: the confidence alone (the networks come from the run's outline). */
export type ConfidenceResult = Pick<AnalysisResult, 'confidence'>;

/** A run stored before the confidence step has no `confidence`; its JSON says so by leaving it out. */
function confidenceOf(result: ConfidenceResult): NetworkConfidence | null {
  const stored = (result as Partial<AnalysisResult>).confidence;
  return stored?.stability?.work ? stored : null;
}

function stabilityOf(confidence: NetworkConfidence, key: NetworkKey): RankStability | null {
  if (key === 'work') return confidence.stability.work;
  // The collaboration network is not a sample of respondents: its confidence is its coverage.
  if (key === 'collaboration') return null;
  const [scope, name] = key.split(':') as ['kind' | 'category', string];
  const found = scope === 'kind' ? confidence.stability.byKind[name as QuestionKind] : confidence.stability.byCategory[name as GraphCategory];
  return found ?? null;
}

/**
 * The run's confidence figures for any reader of one of its reports: the organisation-wide
 * response rate and the rank stability of each network. Both are whole-organisation aggregates
 * that name nobody, so every level sees the same answer.
 */
export function confidenceAnswer(result: ConfidenceResult, networks: readonly NetworkKey[], locale: TLocale): TConfidence {
  const confidence = confidenceOf(result);
  if (!confidence) return { available: false, response: null, thresholds: THRESHOLDS, networks: [], collaboration: null };
  const stabilities: TNetworkStability[] = [];
  for (const key of networks) {
    const stability = stabilityOf(confidence, key);
    if (!stability) continue;
    stabilities.push({
      network: key,
      label: networkLabel(locale, key),
      drop_share: stability.dropShare,
      dropped: stability.dropped,
      repeats: stability.repeats,
      centralities: STABILITY_CENTRALITIES.map((c) => {
        const figure = stability.centralities[c];
        return { centrality: CENTRALITY_IDS[c], mean: figure?.mean ?? null, sd: figure?.sd ?? null, min: figure?.min ?? null, samples: figure?.samples ?? 0, verdict: figure?.verdict ?? null };
      }),
    });
  }
  return { available: true, response: confidence.response, thresholds: THRESHOLDS, networks: stabilities, collaboration: confidence.collaboration ?? null };
}

/** One person's coverage, withheld below the privacy minimum (docs/confidence.md). */
export function personCoverageAnswer(result: ConfidenceResult, employeeIndex: number, employeeId: number, minGroupSize: number): TPersonCoverage {
  const confidence = confidenceOf(result);
  const coverage = confidence?.coverage[employeeIndex];
  if (!coverage) return { employee_id: employeeId, available: false, withheld: false, circle: null, answered: null, min_group_size: minGroupSize };
  if (coverage.circle < minGroupSize) return { employee_id: employeeId, available: true, withheld: true, circle: null, answered: null, min_group_size: minGroupSize };
  return { employee_id: employeeId, available: true, withheld: false, circle: coverage.circle, answered: coverage.answered, min_group_size: minGroupSize };
}
