import type { DemoEngagement, DemoOrganisation, DemoQuestionKind } from './demo-types.ts';
import { WORK_KINDS } from './demo-nomination-weights.ts';

/**
 * Plain counts of the network phenomena in one engagement, with the spec's thresholds, computed
 * directly from the answers. They are not the analytics engine's rules (that engine has its own,
 * documented ones); they check that the demo gives those rules something to find.
 */
export interface DemoPhenomenaCounts {
  respondents: number;
  nominations: number;
  /** Share of nominations that stay in the respondent's unit or go to their leader or direct report. */
  withinUnitOrLineShare: number;
  /** Named by more than 20 colleagues on advice. */
  adviceOverloaded: string[];
  /** Named by more than 12 colleagues on personal problems. */
  personalSupportOverloaded: string[];
  /** More than 15 mutual cooperation ties. */
  cooperationOverloaded: string[];
  /** Participants with no work tie in or out. */
  isolated: string[];
  /** Named at most once on work questions. */
  unnoticed: string[];
  /** At least 3 work contacts named, 30% or less of them naming back. */
  rarelyReciprocated: string[];
  /** Respondents with no tie either way to their leader on attention, feedback and recognition. */
  noTieToLeader: string[];
  /** Leaders whose direct reports include more than 30% without a tie to them. */
  groupsWithNeglectAbove30Percent: string[];
  /** Named by nobody on values and expertise. */
  lackOfRespect: string[];
  /** Respondents who named nobody on feedback. */
  namedNobodyForFeedback: string[];
  /** Units where exactly one member other than the manager has work ties across the unit's border. */
  teamsWithOneBridge: string[];
  /** Leaders with more than 15 direct reports (in the whole organisation). */
  managersOverFifteenReports: string[];
  /** People with work ties to at least 6 colleagues of other units (line managers aside). */
  boundarySpanners: string[];
  /** Share of the cross-unit work ties (line managers aside) that involve a boundary spanner. */
  crossUnitTiesThroughSpanners: number;
}

const LEADER_TIE_KINDS: ReadonlySet<DemoQuestionKind> = new Set<DemoQuestionKind>(['attention', 'feedback', 'recognition']);

export function countDemoPhenomena(organisation: DemoOrganisation, engagement: DemoEngagement): DemoPhenomenaCounts {
  const kindOf = new Map(engagement.questions.map((question) => [question.key, question.kind]));
  const employeeByKey = new Map(organisation.employees.map((employee) => [employee.key, employee]));
  const participants = new Set(engagement.participantKeys);
  const respondents = new Set(engagement.answers.map((answer) => answer.employeeKey));
  const unitOf = (key: string): string => employeeByKey.get(key)?.unitKey ?? '';
  const leaderOf = (key: string): string | null => employeeByKey.get(key)?.leaderKey ?? null;

  const inDegree = new Map<DemoQuestionKind, Map<string, number>>();
  const ties = new Map<DemoQuestionKind, Set<string>>();
  const workOut = new Map<string, Set<string>>();
  const workIn = new Map<string, Set<string>>();
  const feedbackEmpty: string[] = [];
  let nominations = 0;
  let withinUnitOrLine = 0;
  for (const answer of engagement.answers) {
    const kind = kindOf.get(answer.questionKey);
    if (!kind) continue;
    if (kind === 'feedback' && answer.selectedKeys.length === 0) feedbackEmpty.push(answer.employeeKey);
    for (const target of answer.selectedKeys) {
      nominations++;
      const source = answer.employeeKey;
      if (unitOf(source) === unitOf(target) || leaderOf(source) === target || leaderOf(target) === source) withinUnitOrLine++;
      const degrees = inDegree.get(kind) ?? new Map<string, number>();
      degrees.set(target, (degrees.get(target) ?? 0) + 1);
      inDegree.set(kind, degrees);
      const kindTies = ties.get(kind) ?? new Set<string>();
      kindTies.add(`${source}>${target}`);
      ties.set(kind, kindTies);
      if (WORK_KINDS.has(kind)) {
        workOut.set(source, (workOut.get(source) ?? new Set()).add(target));
        workIn.set(target, (workIn.get(target) ?? new Set()).add(source));
      }
    }
  }
  const degreeAbove = (kind: DemoQuestionKind, threshold: number): string[] =>
    [...(inDegree.get(kind) ?? new Map<string, number>())].filter(([, degree]) => degree > threshold).map(([key]) => key);
  const hasTie = (kind: DemoQuestionKind, source: string, target: string): boolean => ties.get(kind)?.has(`${source}>${target}`) ?? false;

  const cooperationTies = ties.get('cooperation') ?? new Set<string>();
  const mutualCooperation = new Map<string, number>();
  for (const tie of cooperationTies) {
    const [source, target] = tie.split('>');
    if (source && target && cooperationTies.has(`${target}>${source}`)) mutualCooperation.set(source, (mutualCooperation.get(source) ?? 0) + 1);
  }

  const participantList = [...participants];
  const noTieToLeader = [...respondents].filter((key) => {
    const leader = leaderOf(key);
    if (leader === null || !participants.has(leader)) return false;
    return [...LEADER_TIE_KINDS].every((kind) => !hasTie(kind, key, leader) && !hasTie(kind, leader, key));
  });
  const neglected = new Set(noTieToLeader);
  const reportsOf = new Map<string, string[]>();
  for (const employee of organisation.employees) {
    if (employee.leaderKey === null) continue;
    reportsOf.set(employee.leaderKey, [...(reportsOf.get(employee.leaderKey) ?? []), employee.key]);
  }
  const groupsWithNeglect = [...reportsOf]
    .filter(([leader, reports]) => {
      const answering = reports.filter((key) => respondents.has(key));
      return participants.has(leader) && answering.length >= 3 && answering.filter((key) => neglected.has(key)).length / answering.length > 0.3;
    })
    .map(([leader]) => leader);

  const isManager = (key: string): boolean => employeeByKey.get(key)?.isUnitManager ?? false;
  const crossesBorder = (key: string): boolean => {
    const unit = unitOf(key);
    const leader = leaderOf(key);
    const outside = (other: string): boolean => unitOf(other) !== unit && other !== leader && leaderOf(other) !== key;
    return [...(workOut.get(key) ?? [])].some(outside) || [...(workIn.get(key) ?? [])].some(outside);
  };
  const membersByUnit = new Map<string, string[]>();
  for (const key of participantList) {
    if (isManager(key)) continue;
    membersByUnit.set(unitOf(key), [...(membersByUnit.get(unitOf(key)) ?? []), key]);
  }
  const teamsWithOneBridge = [...membersByUnit]
    .filter(([, members]) => members.length >= 5 && members.filter(crossesBorder).length === 1)
    .map(([unit]) => unit);

  // Ties between peers of different units; ties up and down the line are the hierarchy, not bridges.
  const isPeerAcrossUnits = (a: string, b: string): boolean =>
    unitOf(a) !== unitOf(b) && !isManager(a) && !isManager(b);
  const crossContacts = (key: string): Set<string> =>
    new Set([...(workOut.get(key) ?? []), ...(workIn.get(key) ?? [])].filter((other) => isPeerAcrossUnits(key, other)));
  const boundarySpanners = participantList.filter((key) => crossContacts(key).size >= 6);
  const spannerSet = new Set(boundarySpanners);
  let crossTies = 0;
  let crossTiesThroughSpanners = 0;
  for (const [source, targets] of workOut) {
    for (const target of targets) {
      if (!isPeerAcrossUnits(source, target)) continue;
      crossTies++;
      if (spannerSet.has(source) || spannerSet.has(target)) crossTiesThroughSpanners++;
    }
  }

  return {
    respondents: respondents.size,
    nominations,
    withinUnitOrLineShare: nominations === 0 ? 0 : withinUnitOrLine / nominations,
    adviceOverloaded: degreeAbove('advice', 20),
    personalSupportOverloaded: degreeAbove('personal', 12),
    cooperationOverloaded: [...mutualCooperation].filter(([, count]) => count > 15).map(([key]) => key),
    isolated: participantList.filter((key) => (workOut.get(key)?.size ?? 0) === 0 && (workIn.get(key)?.size ?? 0) === 0 && respondents.has(key)),
    unnoticed: participantList.filter((key) => respondents.has(key) && (workIn.get(key)?.size ?? 0) <= 1),
    rarelyReciprocated: participantList.filter((key) => {
      const named = workOut.get(key) ?? new Set<string>();
      if (named.size < 3) return false;
      const namedBack = [...named].filter((other) => workOut.get(other)?.has(key) ?? false).length;
      return namedBack / named.size <= 0.3;
    }),
    noTieToLeader,
    groupsWithNeglectAbove30Percent: groupsWithNeglect,
    lackOfRespect: participantList.filter(
      (key) => respondents.has(key) && !(inDegree.get('values')?.has(key) ?? false) && !(inDegree.get('expertise')?.has(key) ?? false),
    ),
    namedNobodyForFeedback: feedbackEmpty,
    teamsWithOneBridge,
    managersOverFifteenReports: [...reportsOf].filter(([, reports]) => reports.length > 15).map(([leader]) => leader),
    boundarySpanners,
    crossUnitTiesThroughSpanners: crossTies === 0 ? 0 : crossTiesThroughSpanners / crossTies,
  };
}
