import type { AnalysisOptions, DeepPartial } from '../options.ts';
import { resolveOptions } from '../options.ts';
import type { NetworkKey } from '../metrics/person-metrics.ts';
import { matchPeople } from './match-people.ts';
import { addMetricChanges } from './metric-changes.ts';
import { compareUnits } from './unit-changes.ts';
import { compareTies, matchQuestions } from './wave-ties.ts';
import type { PersonTie, WaveComparison, WaveSnapshot } from './wave-types.ts';

export interface CompareWavesOptions {
  /** Whose per-person metrics are compared; none when absent. It must exist in both analyses. */
  network?: NetworkKey;
  /** The options both analyses ran with (the risk level counted as "at risk" comes from them). */
  analysis?: DeepPartial<AnalysisOptions>;
}

/**
 * Compares an earlier analysed journey (`then`) with a later one (`now`): people matched by
 * their keys, units by their name paths, questions by their keys. Pure: the same snapshots give
 * the same comparison; nothing is withheld here (the server applies each reader's access).
 */
export function compareWaves(then: WaveSnapshot, now: WaveSnapshot, options: CompareWavesOptions = {}): WaveComparison {
  const { highRiskLevel } = resolveOptions(options.analysis ?? {}).risk;
  const { people, thenSides, nowSides } = matchPeople(then, now);
  if (options.network) addMetricChanges(people, then.result, now.result, options.network);
  const questions = matchQuestions(then, now);
  const { ties, networks } = compareTies(then, now, thenSides, nowSides, people, questions.keys);
  return {
    people,
    units: compareUnits(then, now, highRiskLevel),
    questionKeys: questions.keys,
    questionsOnlyThen: questions.onlyThen,
    questionsOnlyNow: questions.onlyNow,
    networks,
    ties,
  };
}

export type TieStatus = 'kept' | 'added' | 'lost';

export interface TieDiffEdge {
  source: number;
  target: number;
  status: TieStatus;
  /** The chosen questions the tie was named on in either journey, each with its own status. */
  questions: { key: string; status: TieStatus }[];
}

const statusOf = (before: boolean, after: boolean): TieStatus | null => (before && after ? 'kept' : after ? 'added' : before ? 'lost' : null);

/** The ties of the comparison on a set of compared question keys, each with its status over their union. */
export function tieDiff(comparison: Pick<WaveComparison, 'ties' | 'questionKeys'>, questionKeys: ReadonlySet<string>): TieDiffEdge[] {
  const chosen = comparison.questionKeys.flatMap((key, index) => (questionKeys.has(key) ? [index] : []));
  const edges: TieDiffEdge[] = [];
  for (const tie of comparison.ties as readonly PersonTie[]) {
    const questions: TieDiffEdge['questions'] = [];
    for (const q of chosen) {
      const status = statusOf(tie.then.includes(q), tie.now.includes(q));
      if (status) questions.push({ key: comparison.questionKeys[q]!, status });
    }
    const status = statusOf(questions.some((q) => q.status !== 'added'), questions.some((q) => q.status !== 'lost'));
    if (status) edges.push({ source: tie.source, target: tie.target, status, questions });
  }
  return edges;
}
