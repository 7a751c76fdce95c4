/**
 * Plain data of the demo organisations. Nothing here knows the database: the loader maps these
 * string keys to database ids, so the generator stays pure and its output comparable in tests.
 */

/** The graph categories of the spec (section 3). */
export type DemoQuestionCategory =
  | 'trust'
  | 'corporate_info'
  | 'work_info'
  | 'active_info'
  | 'work_cooperation'
  | 'corporate_values'
  | 'opinion'
  | 'idea'
  | 'quality_work_connection';

/** What the analytics read from a question (DECISIONS.md, "The default engagement questionnaire"). */
export type DemoQuestionKind =
  | 'cooperation'
  | 'advice'
  | 'expertise'
  | 'personal'
  | 'corporate_news'
  | 'attention'
  | 'opinion'
  | 'idea'
  | 'values'
  | 'recognition'
  | 'feedback'
  | 'development'
  | 'sympathy';

export type DemoGender = 'female' | 'male';
export type DemoGeneration = 'bb' | 'x' | 'y' | 'z';

export interface DemoUnit {
  key: string;
  name: string;
  parentKey: string | null;
  /** 0 for the company (root) unit, 1 for divisions, and so on down to the teams. */
  level: number;
}

export interface DemoEmployee {
  key: string;
  name: string;
  email: string;
  unitKey: string;
  leaderKey: string | null;
  gender: DemoGender;
  generation: DemoGeneration;
  /** YYYY-MM-DD */
  entryDate: string;
  birthYear: number;
  jobTitle: string;
  isUnitManager: boolean;
}

export interface DemoQuestionTexts {
  en: string;
  hu: string;
  de: string;
  ru: string;
}

export interface DemoQuestion {
  /** The questionnaire id of DECISIONS.md: cooperation, advice, … */
  key: string;
  category: DemoQuestionCategory;
  kind: DemoQuestionKind;
  /** 1-based position in the survey. */
  order: number;
  texts: DemoQuestionTexts;
}

export interface DemoAnswer {
  employeeKey: string;
  questionKey: string;
  /** Employee keys of the colleagues named; empty means the respondent answered "nobody". */
  selectedKeys: string[];
  /** ISO 8601 timestamp in UTC. */
  answeredAt: string;
}

/** The seven dimensions of the 360 block (spec section 3, DECISIONS.md "The 360 block"). */
export type DemoLeadershipDimension =
  | 'trust'
  | 'respect'
  | 'openness'
  | 'improvement'
  | 'communication'
  | 'problem_solving'
  | 'connection_with_leader';

/** A leadership behaviour item of the 360 block: "Which leaders …?", answered by choosing leaders. */
export interface DemoLeadershipItem {
  /** trust-1, trust-2, …: the dimension and the 1-based number within it. */
  key: string;
  dimension: DemoLeadershipDimension;
  /** 1-based position in the 360 block. */
  order: number;
  texts: DemoQuestionTexts;
}

export interface DemoLeadershipAnswer {
  employeeKey: string;
  itemKey: string;
  /** Employee keys of the leaders chosen (0 to 3); may contain the respondent, a leader choosing themself. */
  leaderKeys: string[];
  /** ISO 8601 timestamp in UTC. */
  answeredAt: string;
}

export interface DemoLeadershipBlock {
  items: DemoLeadershipItem[];
  answers: DemoLeadershipAnswer[];
}

export interface DemoEngagement {
  key: string;
  name: string;
  /** YYYY-MM-DD */
  accessFrom: string;
  /** YYYY-MM-DD */
  accessTill: string;
  defaultLanguage: 'hu' | 'en';
  status: 'finished' | 'open';
  questions: DemoQuestion[];
  participantKeys: string[];
  /** Participants who finished the survey; others may have answered part of it. */
  finishedKeys: string[];
  answers: DemoAnswer[];
  /** The optional 360 block: leadership items and the leaders each respondent chose on them. */
  leadership?: DemoLeadershipBlock;
  /**
   * The engagement's own units and people when they differ from the organisation's (an earlier
   * wave, before people left and a team was split); otherwise the organisation's are used.
   */
  roster?: { units: DemoUnit[]; employees: DemoEmployee[] };
  /** The key of the engagement this one is the next wave of. */
  previousKey?: string;
  /**
   * Why some of this earlier wave's people are gone since, as an administrator would have marked
   * it (employee key → reason; the others stay unknown): so that the risk calibration reads them.
   */
  leaverReasons?: Record<string, 'left' | 'moved' | 'retired'>;
}

export interface DemoOrganisation {
  key: string;
  name: string;
  units: DemoUnit[];
  employees: DemoEmployee[];
  engagements: DemoEngagement[];
}

export interface DemoLogin {
  email: string;
  name: string;
  employeeKey: string | null;
  role: 'admin' | 'leader' | 'employee';
}
