import type { DemoQuestionKind } from './demo-types.ts';

/**
 * How likely a respondent is to name a colleague, by how the two are related and by what the
 * question asks. The numbers are relative weights, tuned so that about nine in ten nominations
 * stay inside the respondent's own unit or go to their leader, as in the organisations the
 * literature describes (Cross & Parker 2004): teams are dense, units are bridged by few people.
 */
export type Relation =
  | 'leader'
  | 'report'
  | 'team'
  | 'peerManager'
  | 'skipLevel'
  | 'reach'
  | 'spanner'
  | 'friend'
  | 'ceo'
  | 'adjacent';

/** Where two relations describe the same pair, the earlier (closer) one counts. */
export const RELATION_PRIORITY: readonly Relation[] = [
  'leader',
  'report',
  'team',
  'peerManager',
  'skipLevel',
  'reach',
  'spanner',
  'friend',
  'ceo',
  'adjacent',
];

type KindWeights = Record<DemoQuestionKind, number>;

function weights(
  cooperation: number,
  advice: number,
  expertise: number,
  personal: number,
  corporateNews: number,
  attention: number,
  opinion: number,
  idea: number,
  values: number,
  recognition: number,
  feedback: number,
  development: number,
  sympathy: number,
): KindWeights {
  return {
    cooperation,
    advice,
    expertise,
    personal,
    corporate_news: corporateNews,
    attention,
    opinion,
    idea,
    values,
    recognition,
    feedback,
    development,
    sympathy,
  };
}

export const RELATION_WEIGHTS: Record<Relation, KindWeights> = {
  //                       coop  adv  exp  pers news attn opin idea valu reco feed deve symp
  leader: weights(3.0, 3.0, 3.0, 0.8, 4.0, 5.0, 4.0, 5.0, 4.0, 6.0, 6.0, 5.0, 1.0),
  report: weights(2.5, 0.8, 1.2, 0.4, 0.4, 0.8, 1.2, 1.2, 0.6, 1.0, 1.2, 0.4, 1.0),
  team: weights(1.0, 1.0, 0.9, 0.5, 0.6, 0.6, 0.8, 0.7, 0.4, 0.6, 0.8, 0.6, 1.0),
  peerManager: weights(1.2, 0.8, 0.6, 0.3, 0.8, 0.5, 0.8, 0.5, 0.4, 0.3, 0.4, 0.3, 0.6),
  skipLevel: weights(0.3, 0.3, 0.3, 0.05, 1.5, 0.5, 0.6, 0.4, 2.0, 0.3, 0.2, 0.3, 0.1),
  // A boundary spanner's view of the neighbouring units.
  reach: weights(0.5, 0.5, 0.4, 0.1, 0.4, 0.3, 0.2, 0.2, 0.1, 0.1, 0.1, 0.1, 0.3),
  // A boundary spanner as seen from the neighbouring units.
  spanner: weights(0.35, 0.35, 0.3, 0.05, 0.35, 0.2, 0.15, 0.15, 0.1, 0.05, 0.1, 0.1, 0.2),
  friend: weights(0.02, 0.02, 0.02, 1.5, 0.05, 0.02, 0.02, 0.02, 0.05, 0.02, 0.02, 0.02, 2.5),
  ceo: weights(0, 0, 0, 0, 1.0, 0.1, 0.2, 0.1, 1.5, 0, 0, 0, 0),
  adjacent: weights(0.01, 0.01, 0.008, 0.003, 0.012, 0.005, 0.005, 0.005, 0.005, 0.003, 0.003, 0.003, 0.01),
};

/**
 * The kinds on which the spec's leader factors read the employee–leader tie (attention, chemistry,
 * feedback, recognition, support) and the ones that make a leader seem present at all. A
 * neglected employee and their leader name each other on none of these.
 */
export const LEADER_RELATION_KINDS: ReadonlySet<DemoQuestionKind> = new Set<DemoQuestionKind>([
  'advice',
  'expertise',
  'personal',
  'attention',
  'opinion',
  'idea',
  'recognition',
  'feedback',
  'development',
  'sympathy',
]);

/** Kinds the engine reads as work ties (packages/analytics WORK_KINDS): isolation and alienation. */
export const WORK_KINDS: ReadonlySet<DemoQuestionKind> = new Set<DemoQuestionKind>([
  'cooperation',
  'advice',
  'expertise',
  'corporate_news',
  'attention',
  'opinion',
  'idea',
]);

/** Questions a troubled team's members leave empty: nobody gives them feedback, credit or help. */
export const UNSUPPORTED_KINDS: ReadonlySet<DemoQuestionKind> = new Set<DemoQuestionKind>([
  'personal',
  'recognition',
  'feedback',
  'development',
]);

type ChoiceRanges = readonly [readonly [number, number], readonly [number, number], readonly [number, number]];
const PERSONAL_RANGES: ChoiceRanges = [[1, 3], [1, 4], [2, 5]];
const VALUES_RANGES: ChoiceRanges = [[1, 3], [2, 4], [2, 5]];
const WORK_RANGES: ChoiceRanges = [[3, 5], [4, 7], [5, 9]];

/** How many colleagues a respondent names, by how generous they are with nominations (3–9 mostly). */
export function choiceRange(kind: DemoQuestionKind, generosity: 0 | 1 | 2): readonly [number, number] {
  if (kind === 'personal') return PERSONAL_RANGES[generosity];
  if (kind === 'values') return VALUES_RANGES[generosity];
  return WORK_RANGES[generosity];
}
