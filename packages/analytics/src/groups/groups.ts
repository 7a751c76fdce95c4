import type { Organisation } from '../graph/organisation.ts';
import { hasEdge } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';
import type { BrokerageRole } from '../brokerage/gould-fernandez.ts';
import type { KeyRole } from '../roles/key-roles.ts';
import type { RiskFactorCode } from '../risk/factor-codes.ts';
import { LEADER_FACTORS, OVERLOAD_FACTORS, RISK_FACTOR_CODES } from '../risk/factor-codes.ts';
import { gini, median } from '../metrics/ranking.ts';
import type { DysfunctionCode, DysfunctionSet } from './dysfunction-codes.ts';
import { setOfDysfunction } from './dysfunction-codes.ts';
import { WORK_KINDS } from '../types.ts';

export interface GroupDysfunction {
  code: DysfunctionCode;
  set: DysfunctionSet;
  /** Employee ids the dysfunction concerns. */
  affected: string[];
  /** The factor a commonCause refers to. */
  factor?: RiskFactorCode;
}

export interface GroupResult {
  leaderId: string;
  /** Leader and direct reports. */
  memberIds: string[];
  size: number;
  atRiskCount: number;
  atRiskShare: number;
  neglectedIds: string[];
  /** Work-tie density among the leader and reports. */
  density: number | null;
  eiIndex: number | null;
  dysfunctions: GroupDysfunction[];
  /** Distinct people concerned by any dysfunction. */
  peopleAffected: number;
}

export interface GroupInputs {
  levels: readonly number[];
  factors: readonly (readonly RiskFactorCode[])[];
  keyRoles: readonly (readonly KeyRole[])[];
  groupRoles: readonly (readonly BrokerageRole[])[];
}

interface TeamFigures {
  people: number[];
  density: number | null;
  eiIndex: number | null;
  internalTies: number;
  mutualDyads: number;
  components: number;
}

function teamFigures(org: Organisation, leader: number): TeamFigures {
  const people = [leader, ...org.directReports[leader]!];
  const inTeam = new Set(people);
  const work = org.work;
  let internal = 0;
  let external = 0;
  let mutual = 0;
  for (const v of people) {
    for (let i = work.outOffsets[v]!; i < work.outOffsets[v + 1]!; i++) {
      const w = work.outTargets[i]!;
      if (inTeam.has(w)) {
        internal++;
        if (v < w && hasEdge(work, w, v)) mutual++;
      } else external++;
    }
    for (let i = work.inOffsets[v]!; i < work.inOffsets[v + 1]!; i++) if (!inTeam.has(work.inSources[i]!)) external++;
  }
  // Weakly connected parts of the team on work ties (union–find).
  const parent = new Map<number, number>(people.map((p) => [p, p]));
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const v of people) {
    for (let i = work.outOffsets[v]!; i < work.outOffsets[v + 1]!; i++) {
      const w = work.outTargets[i]!;
      if (inTeam.has(w)) parent.set(find(v), find(w));
    }
  }
  const components = new Set(people.map(find)).size;
  const k = people.length;
  return {
    people,
    density: k > 1 ? internal / (k * (k - 1)) : null,
    eiIndex: internal + external > 0 ? (external - internal) / (internal + external) : null,
    internalTies: internal,
    mutualDyads: mutual,
    components,
  };
}

/** Groups are leaders with at least one direct report; each is checked for the twenty dysfunctions. */
export function analyseGroups(org: Organisation, inputs: GroupInputs, options: AnalysisOptions): GroupResult[] {
  const g = options.groups;
  const high = options.risk.highRiskLevel;
  const id = (v: number): string => org.employees[v]!.id;
  const leaders: number[] = [];
  for (let v = 0; v < org.size; v++) if (org.directReports[v]!.length > 0) leaders.push(v);
  const figures = leaders.map((leader) => teamFigures(org, leader));
  const medianDensity = median(figures.map((f) => f.density ?? 0));
  const sympathy = org.byKind.get('sympathy')!;
  const personal = org.byKind.get('personal')!;
  const expertise = org.byKind.get('expertise')!;
  const work = org.work;

  return leaders.map((leader, index) => {
    const team = figures[index]!;
    const members = org.directReports[leader]!;
    const found: GroupDysfunction[] = [];
    const add = (code: DysfunctionCode, affected: number[], factor?: RiskFactorCode): void => {
      found.push({ code, set: setOfDysfunction(code), affected: affected.map(id), ...(factor ? { factor } : {}) });
    };
    const atRisk = members.filter((m) => inputs.levels[m]! >= high);
    const anyRisk = members.filter((m) => inputs.levels[m]! >= 1);
    const neglected = members.filter((m) => LEADER_FACTORS.filter((f) => inputs.factors[m]!.includes(f)).length >= g.neglectedMinLeaderFactors);

    // Set 1: several employees at risk.
    if (atRisk.length / members.length > g.atRiskShare) add('highRiskShare', atRisk);
    if (anyRisk.length / members.length > g.widespreadShare) add('widespreadLowMotivation', anyRisk);
    for (const factor of RISK_FACTOR_CODES) {
      const having = members.filter((m) => inputs.factors[m]!.includes(factor));
      if (having.length >= 2 && having.length / members.length > g.commonCauseShare) add('commonCause', having, factor);
    }
    const cluster = atRisk.filter((a) => atRisk.some((b) => b !== a && hasEdge(work, a, b) && hasEdge(work, b, a)));
    if (cluster.length >= 2) add('riskCluster', cluster);

    // Set 2: the leader at risk (close followers tend to leave after their leader; Ballinger et al. 2010).
    const leaderHigh = inputs.levels[leader]! >= high;
    if (leaderHigh) add('leaderHighRisk', [leader]);
    const followers = members.filter((m) => hasEdge(sympathy, m, leader) || hasEdge(personal, m, leader));
    if (leaderHigh && followers.length >= g.closeFollowers) add('leaderFollowersExposed', followers);
    const workNamers = members.filter((m) => WORK_KINDS.some((k) => hasEdge(org.byKind.get(k)!, m, leader)));
    const answeredMembers = members.filter((m) => org.answered[m] === 1);
    if (answeredMembers.length >= 2 && workNamers.length === 0) add('leaderIgnored', [leader]);
    if (OVERLOAD_FACTORS.some((f) => inputs.factors[leader]!.includes(f))) add('leaderOverloaded', [leader]);

    // Set 3: a key person at risk.
    const keyHigh = members.filter((m) => inputs.keyRoles[m]!.length > 0 && inputs.levels[m]! >= high);
    if (keyHigh.length > 0) add('keyPersonHighRisk', keyHigh);
    const memberSet = new Set(team.people);
    const internalIn = (m: number): number => {
      let count = 0;
      for (let i = work.inOffsets[m]!; i < work.inOffsets[m + 1]!; i++) if (memberSet.has(work.inSources[i]!)) count++;
      return count;
    };
    // One of the most central: at most keyPersonTopN members (oneself included) are named at least
    // as often inside the team. Ties that straddle the boundary are all out: breaking them by
    // position made the dysfunction depend on the order of the input (the renaming property found
    // it), and taking them all in would make everyone of a flat team "most central".
    const inTeam = members.map(internalIn);
    const central = members.filter((m, i) => inTeam[i]! > 0 && inTeam.filter((value) => value >= inTeam[i]!).length <= g.keyPersonTopN);
    const centralHigh = central.filter((m) => inputs.levels[m]! >= high);
    if (centralHigh.length > 0) add('centralMemberAtRisk', centralHigh);
    const bridges = members.filter((m) => inputs.groupRoles[m]!.some((role) => role === 'gatekeeper' || role === 'representative'));
    if (bridges.length === 1 && inputs.levels[bridges[0]!]! >= high) add('soleBridgeAtRisk', bridges);
    const keyOverloaded = members.filter((m) => inputs.keyRoles[m]!.length > 0 && OVERLOAD_FACTORS.some((f) => inputs.factors[m]!.includes(f)));
    if (keyOverloaded.length > 0) add('keyPersonOverloaded', keyOverloaded);

    // Set 4: an incoherent team.
    if (team.people.length >= 3 && team.density !== null && team.density < medianDensity / 2) add('sparseTeam', team.people);
    if (team.eiIndex !== null && team.eiIndex > 0) add('outwardLooking', team.people);
    if (team.people.length >= 3 && team.components > 1) add('fragmentedTeam', team.people);
    if (team.internalTies >= 3 && (2 * team.mutualDyads) / team.internalTies < g.lowReciprocity) add('lowReciprocity', team.people);

    // Set 5: the leader–team relationship (spec: a manager cannot support more than 15; 2 neglected a red flag, 3 a pattern).
    if (members.length > g.managerMaxSpan) add('spanTooWide', [leader]);
    if (neglected.length >= g.neglectedPattern) add('neglectPattern', neglected);
    else if (neglected.length >= g.neglectedRedFlag) add('neglectRedFlag', neglected);
    if (members.length >= 3) {
      const tieCounts = members.map(
        (m) =>
          Number(hasEdge(sympathy, leader, m)) + Number(hasEdge(sympathy, m, leader)) + Number(hasEdge(expertise, leader, m)) + Number(hasEdge(expertise, m, leader)),
      );
      if (tieCounts.some((c) => c > 0) && gini(tieCounts) >= g.unequalAttentionGini) add('unequalAttention', members.filter((_, i) => tieCounts[i]! === 0));
    }
    const affected = new Set(found.flatMap((d) => d.affected));
    return {
      leaderId: id(leader),
      memberIds: team.people.map(id),
      size: team.people.length,
      atRiskCount: atRisk.length,
      atRiskShare: atRisk.length / members.length,
      neglectedIds: neglected.map(id),
      density: team.density,
      eiIndex: team.eiIndex,
      dysfunctions: found,
      peopleAffected: affected.size,
    };
  });
}
