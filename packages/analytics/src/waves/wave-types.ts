import type { AnalysisInput } from '../types.ts';
import type { AnalysisResult } from '../run-analysis.ts';
import type { BrokerageRole } from '../brokerage/gould-fernandez.ts';
import type { RiskFactorCode } from '../risk/factor-codes.ts';
import type { KeyRole } from '../roles/key-roles.ts';
import type { PersonMetricId } from '../metrics/person-metrics.ts';

/**
 * One analysed journey as the comparison reads it: the journey's units (their tree gives the name
 * paths units are matched by), employees (names) and questions (kinds), the stored analysis, and
 * the keys people and questions are matched by.
 */
/** What a comparison reads of each analysis: the people, units, graph and networks, not the reports or retention. */
export type WaveResult = Pick<AnalysisResult, 'employeeIds' | 'employees' | 'units' | 'graph' | 'metrics' | 'communities' | 'brokerage'>;

export interface WaveSnapshot {
  input: Pick<AnalysisInput, 'employees' | 'units' | 'questions'>;
  result: WaveResult;
  /** Employee id → matching key (the product passes the lower-cased e-mail). Missing: cannot be matched. */
  personKeys: ReadonlyMap<string, string>;
  /** Question id → question key. */
  questionKeys: ReadonlyMap<string, string>;
}

export type PersonWaveStatus = 'stayed' | 'joined' | 'left' | 'unmatched';

/** One person as one analysis saw them. */
export interface PersonSide {
  id: string;
  /** Index into the side's `result.employeeIds`. */
  index: number;
  name: string;
  unitId: string;
  /** Unit names from the top unit down. */
  unitPath: readonly string[];
  hasAnswered: boolean;
  riskLevel: number;
  riskFactors: readonly RiskFactorCode[];
  keyRoles: readonly KeyRole[];
  groupRoles: readonly BrokerageRole[];
}

export interface MetricChange {
  then: number | null;
  now: number | null;
  /** now − then; null when either is missing, and for community labels (a label has no difference). */
  change: number | null;
}

export interface RoleSet {
  keyRoles: KeyRole[];
  groupRoles: BrokerageRole[];
}

export interface PersonChange {
  status: PersonWaveStatus;
  /** The matching key; null for unmatched people. */
  key: string | null;
  then: PersonSide | null;
  now: PersonSide | null;
  /** Per-person metrics of the compared network (empty when the comparison was asked for none). */
  metrics: Partial<Record<PersonMetricId, MetricChange>>;
  /** now − then, for people in both. */
  riskChange: number | null;
  factorsGained: RiskFactorCode[];
  factorsLost: RiskFactorCode[];
  rolesGained: RoleSet;
  rolesLost: RoleSet;
  /** Both sides are known and their unit paths differ. */
  unitChanged: boolean | null;
}

/** Figures of a unit in one journey, on the work network, over its direct members. */
export interface UnitSide {
  id: string;
  name: string;
  path: readonly string[];
  memberIds: readonly string[];
  members: number;
  respondents: number;
  density: number | null;
  reciprocity: number | null;
  eiIndex: number | null;
  shareAtRisk: number | null;
}

export type UnitWaveStatus = 'matched' | 'new' | 'gone';

export interface UnitChange {
  path: readonly string[];
  status: UnitWaveStatus;
  then: UnitSide | null;
  now: UnitSide | null;
  change: { members: number | null; density: number | null; reciprocity: number | null; eiIndex: number | null; shareAtRisk: number | null };
}

export interface TieCounts {
  then: number;
  now: number;
  kept: number;
  added: number;
  lost: number;
  addedWithJoiners: number;
  lostWithLeavers: number;
  addedByNewRespondents: number;
  lostByNonRespondents: number;
}

export interface BridgeLoss {
  /** Indexes into `people`. */
  a: number;
  b: number;
  reason: 'tie_dropped' | 'person_left';
}

/** All work questions together (`work`) or one question (`question:<key>`). */
export type WaveNetworkKey = 'work' | `question:${string}`;

export interface NetworkChange {
  key: WaveNetworkKey;
  questionKey: string | null;
  ties: TieCounts;
  /** Indexes into `people`: stayed, answered the later survey, ties then and none now. */
  newIsolates: number[];
  bridgesThen: number;
  bridgesLost: BridgeLoss[];
}

/**
 * A directed tie between two matched people (indexes into `people`) with the indexes (into
 * `questionKeys`) of the questions it was named on in each journey.
 */
export interface PersonTie {
  source: number;
  target: number;
  then: readonly number[];
  now: readonly number[];
}

export interface WaveComparison {
  people: PersonChange[];
  units: UnitChange[];
  /** Question keys asked in both journeys, in the later journey's order. */
  questionKeys: string[];
  questionsOnlyThen: string[];
  questionsOnlyNow: string[];
  networks: NetworkChange[];
  ties: PersonTie[];
}
