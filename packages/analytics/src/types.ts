/**
 * Input of the engine. Everything is plain data so that the server can build it from the database
 * and the tests from CSV files or hand-made literals.
 */

export const GRAPH_CATEGORIES = [
  'trust',
  'corporate_info',
  'work_info',
  'active_info',
  'work_cooperation',
  'corporate_values',
  'opinion',
  'idea',
  'quality_work_connection',
] as const;
export type GraphCategory = (typeof GRAPH_CATEGORIES)[number];

export const QUESTION_KINDS = [
  'cooperation',
  'advice',
  'expertise',
  'personal',
  'corporate_news',
  'attention',
  'opinion',
  'idea',
  'values',
  'recognition',
  'feedback',
  'development',
  'sympathy',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/**
 * Kinds that describe getting work done (collaboration and the flow of work information). The
 * "all work" graph is their union; isolation, visibility and alienation read it. Support and
 * relational kinds (personal, sympathy, recognition, feedback, development, values) stay out so
 * that a person who only has friends is still seen as cut off from the work.
 */
export const WORK_KINDS: readonly QuestionKind[] = [
  'cooperation',
  'advice',
  'expertise',
  'corporate_news',
  'attention',
  'opinion',
  'idea',
];

export const GENERATIONS = ['x', 'y', 'z', 'bb'] as const;
export type Generation = (typeof GENERATIONS)[number];

export const HIERARCHY_LEVELS = ['strategic', 'integrative', 'operative', 'implementors'] as const;
export type HierarchyLevel = (typeof HIERARCHY_LEVELS)[number];

export interface Employee {
  id: string;
  name: string;
  unitId: string;
  leaderId: string | null;
  gender?: string;
  generation?: Generation;
  /** ISO date (YYYY-MM-DD) the employee joined the organisation. */
  entryDate?: string;
  hasAnswered: boolean;
  /** ISO date the employee finished the survey; feeds the fill statistics over time. */
  answeredAt?: string;
  /** When absent it is derived from the leader tree (see hierarchy.ts). */
  hierarchyLevel?: HierarchyLevel;
}

export interface Unit {
  id: string;
  name: string;
  parentId: string | null;
}

export interface Question {
  id: string;
  category: GraphCategory;
  kind: QuestionKind;
  label?: string;
}

/**
 * Every nomination of the survey ("the source asks / relies on / likes the target") as three
 * columns of one length, an entry per nomination: `source` and `target` are indexes into
 * `AnalysisInput.employees`, `question` an index into `AnalysisInput.questions`. Columns, not an
 * object per nomination: 100,000 people name some 8 million people, 12 bytes each here against
 * some 60 as an object with id strings (docs/analysis-result-parts.md, "Memory of a run"). An
 * entry with an index outside its list is dropped with a warning; the order of the entries
 * changes nothing. Build them with `NominationColumnsBuilder`, or from ids with `nominationsByIds`.
 */
export interface NominationColumns {
  readonly source: Int32Array;
  readonly target: Int32Array;
  readonly question: Int32Array;
}

export const DIMENSIONS_360 = {
  trust: 5,
  respect: 5,
  openness: 3,
  improvement: 7,
  communication: 5,
  problem_solving: 6,
  connection_with_leader: 2,
} as const;
export type Dimension360 = keyof typeof DIMENSIONS_360;

export interface LeadershipItem {
  id: string;
  dimension: Dimension360;
  label?: string;
}

/** "Which leaders …?": the respondent picks leaders for a behaviour item, written with ids (fixtures; see `leadershipNominationsByIds`). */
export interface LeadershipNomination {
  itemId: string;
  sourceId: string;
  leaderId: string;
}

/**
 * The 360 block. `nominations` has the survey nominations' shape, read differently: the respondent
 * `source[i]` chose the leader `target[i]` on the item `question[i]`, the first two indexes into
 * `AnalysisInput.employees`, the third into `items`. Columns for the reason the survey's are: at
 * 100,000 people two million 360 choices were an object and three strings each in the analysis
 * thread for the whole run (about 250 MB), and they move to that thread instead of being copied.
 * An entry with an index outside its list is ignored; repeated entries count once.
 */
export interface Leadership360Input {
  items: LeadershipItem[];
  nominations: NominationColumns;
}

/**
 * A tie of the collaboration network (mail, calendar, chat metadata; docs/collaboration-network.md):
 * one entry per unordered pair, `source` < `target` in id order. `interactions` is every interaction
 * of the period, `fromSource`/`fromTarget` those each of them started, `met` the meetings.
 */
export interface CollaborationTieInput {
  source: string;
  target: string;
  interactions: number;
  fromSource: number;
  fromTarget: number;
  met: number;
}

/**
 * The collaboration network of the analysed period (weeks as the ISO dates of their Mondays).
 * `coveredEmployeeIds`: the employees the imported data could match (the confidence badge's
 * coverage); employees without a tie are isolates, not missing data.
 */
export interface CollaborationInput {
  fromWeek: string;
  toWeek: string;
  coveredEmployeeIds: string[];
  ties: CollaborationTieInput[];
}

export interface AnalysisInput {
  employees: Employee[];
  units: Unit[];
  questions: Question[];
  nominations: NominationColumns;
  leadership360?: Leadership360Input;
  /** Absent or null: the organisation has no collaboration data for the period. */
  collaboration?: CollaborationInput | null;
}
