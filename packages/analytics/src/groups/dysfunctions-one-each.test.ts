import { describe, expect, it } from 'vitest';
import { buildOrganisation } from '../graph/organisation.ts';
import { DEFAULT_OPTIONS } from '../options.ts';
import type { BrokerageRole } from '../brokerage/gould-fernandez.ts';
import type { KeyRole } from '../roles/key-roles.ts';
import type { RiskFactorCode } from '../risk/factor-codes.ts';
import { OrgBuilder, ALL_KINDS } from '../testing/org-builder.ts';
import type { QuestionKind } from '../types.ts';
import { WORK_KINDS } from '../types.ts';
import { analyseGroups } from './groups.ts';
import { DYSFUNCTION_CODES } from './dysfunction-codes.ts';
import type { DysfunctionCode } from './dysfunction-codes.ts';

/**
 * One hand-made organisation per dysfunction, each triggering exactly that one in leader L's
 * group. The groups step reads risk levels, factors and roles that earlier steps computed (and
 * that their own tests pin down); here they are given per person, so each test pins one group
 * rule and nothing else.
 */
type Skip = (source: string, kind: QuestionKind, target: string) => boolean;
const isWork = (kind: QuestionKind): boolean => (WORK_KINDS as readonly QuestionKind[]).includes(kind);
const members = (count: number): string[] => Array.from({ length: count }, (_, i) => `m${i}`);

/** Leader L and `size` members in one unit, everyone naming everyone on every question, except what `skip` leaves out. */
function team(size = 10, skip: Skip = () => false, builder = new OrgBuilder().unit('u')): OrgBuilder {
  const people = ['L', ...members(size)];
  builder.person('L', 'u');
  for (const m of members(size)) builder.person(m, 'u', 'L');
  for (const source of people) {
    for (const kind of ALL_KINDS) builder.names(source, [kind], people.filter((target) => target !== source && !skip(source, kind, target)));
  }
  return builder;
}

interface PersonState {
  level?: number;
  factors?: RiskFactorCode[];
  keyRoles?: KeyRole[];
  groupRoles?: BrokerageRole[];
}

function dysfunctionsOf(builder: OrgBuilder, people: Record<string, PersonState> = {}): DysfunctionCode[] {
  const org = buildOrganisation(builder.build());
  const state = (v: number): PersonState => people[org.employees[v]!.id] ?? {};
  const inputs = {
    levels: org.employees.map((_, v) => state(v).level ?? (state(v).factors ? 1 : 0)),
    factors: org.employees.map((_, v) => state(v).factors ?? []),
    keyRoles: org.employees.map((_, v) => state(v).keyRoles ?? []),
    groupRoles: org.employees.map((_, v) => state(v).groupRoles ?? []),
  };
  return analyseGroups(org, inputs, DEFAULT_OPTIONS)
    .find((group) => group.leaderId === 'L')!
    .dysfunctions.map((d) => d.code);
}

const pinned = new Set<DysfunctionCode>();
function expectOnly(found: DysfunctionCode[], ...expected: DysfunctionCode[]): void {
  expect(found).toEqual(expected);
  expected.forEach((code) => pinned.add(code));
}

describe('each group dysfunction on its own hand-made organisation', () => {
  it('a fully connected team of ten with no risk has no dysfunction', () => {
    expect(dysfunctionsOf(team())).toEqual([]);
  });

  it('highRiskShare: 4 of 10 members at high risk, each for a different reason and not close to each other', () => {
    const risky = ['m6', 'm7', 'm8', 'm9'];
    const notClose: Skip = (s, k, t) => isWork(k) && risky.includes(s) && risky.includes(t);
    const codes: RiskFactorCode[] = ['lackOfRespect', 'unnoticed', 'lackOfSupport', 'lackOfFeedback'];
    expectOnly(dysfunctionsOf(team(10, notClose), Object.fromEntries(risky.map((id, i) => [id, { level: 3, factors: [codes[i]!] }]))), 'highRiskShare');
  });

  it('widespreadLowMotivation: 6 of 10 members show some factor, each a different one, none at high risk', () => {
    const codes: RiskFactorCode[] = ['lackOfRespect', 'unnoticed', 'lackOfSupport', 'lackOfFeedback', 'lackOfRecognition', 'lackOfDevelopment'];
    expectOnly(dysfunctionsOf(team(), Object.fromEntries(codes.map((code, i) => [`m${i + 4}`, { factors: [code] }]))), 'widespreadLowMotivation');
  });

  it('commonCause: 4 of 10 members share one factor', () => {
    expectOnly(dysfunctionsOf(team(), Object.fromEntries(['m6', 'm7', 'm8', 'm9'].map((id) => [id, { factors: ['lackOfFeedback'] }]))), 'commonCause');
  });

  it('riskCluster: two members at high risk who work closely together', () => {
    expectOnly(dysfunctionsOf(team(), { m8: { level: 3, factors: ['unnoticed'] }, m9: { level: 3, factors: ['lackOfRespect'] } }), 'riskCluster');
  });

  it('leaderHighRisk: the leader at high risk, no member personally close to them', () => {
    const distant: Skip = (s, k, t) => t === 'L' && (k === 'sympathy' || k === 'personal');
    expectOnly(dysfunctionsOf(team(10, distant), { L: { level: 3, factors: ['lackOfRespect'] } }), 'leaderHighRisk');
  });

  it('leaderFollowersExposed refines leaderHighRisk: a leader at high risk whom members like', () => {
    // By definition it needs leaderHighRisk as well, so exactly these two fire.
    expectOnly(dysfunctionsOf(team(), { L: { level: 3, factors: ['lackOfRespect'] } }), 'leaderHighRisk', 'leaderFollowersExposed');
  });

  it('leaderIgnored: no member names the leader on any work question', () => {
    expectOnly(dysfunctionsOf(team(10, (s, k, t) => t === 'L' && isWork(k))), 'leaderIgnored');
  });

  it('leaderOverloaded: the leader is overwhelmed with consultancy', () => {
    expectOnly(dysfunctionsOf(team(), { L: { factors: ['overwhelmedWithConsultancy'] } }), 'leaderOverloaded');
  });

  it('keyPersonHighRisk: an advisor, not among the most central members, at high risk', () => {
    expectOnly(dysfunctionsOf(team(), { m9: { level: 3, factors: ['unnoticed'], keyRoles: ['advisor'] } }), 'keyPersonHighRisk');
  });

  it('centralMemberAtRisk: one of the three most named members at high risk', () => {
    // m0 names only the leader and m9 on work, so m0 and m9 are the most named members.
    const shape: Skip = (s, k, t) => isWork(k) && s === 'm0' && t !== 'L' && t !== 'm9';
    expectOnly(dysfunctionsOf(team(10, shape), { m9: { level: 3, factors: ['lackOfRespect'] } }), 'centralMemberAtRisk');
  });

  it('soleBridgeAtRisk: the team’s only gatekeeper at high risk', () => {
    const shape: Skip = (_, k, t) => isWork(k) && t === 'm9';
    expectOnly(dysfunctionsOf(team(10, shape), { m9: { level: 3, factors: ['lackOfRespect'], groupRoles: ['gatekeeper'] } }), 'soleBridgeAtRisk');
  });

  it('keyPersonOverloaded: an expert with too many people asking for advice', () => {
    expectOnly(dysfunctionsOf(team(), { m9: { factors: ['overwhelmedWithConsultancy'], keyRoles: ['expert'] } }), 'keyPersonOverloaded');
  });

  it('sparseTeam: a star-shaped team among fully connected teams', () => {
    const builder = new OrgBuilder();
    for (const other of ['A', 'B', 'C']) {
      builder.unit(other).person(other, other);
      const people = [other, ...['1', '2', '3'].map((s) => `${other}${s}`)];
      people.slice(1).forEach((p) => builder.person(p, other, other));
      for (const p of people) builder.names(p, ALL_KINDS, people.filter((q) => q !== p));
    }
    // Members name only the leader and are named only by the leader: density 8/20 < half of 1.
    const star = team(4, (s, _, t) => s !== 'L' && t !== 'L', builder.unit('u'));
    expectOnly(dysfunctionsOf(star), 'sparseTeam');
  });

  it('outwardLooking: more work ties to people outside the team than inside', () => {
    // The work graph merges questions: 6 ties inside the team of three, 9 to x, y and z.
    const outward = new OrgBuilder().unit('v').person('x', 'v').person('y', 'v').person('z', 'v').unit('u');
    team(2, () => false, outward);
    for (const p of ['L', 'm0', 'm1']) outward.names(p, ['cooperation'], ['x', 'y', 'z']);
    expectOnly(dysfunctionsOf(outward), 'outwardLooking');
  });

  it('fragmentedTeam: two halves with no work tie between them', () => {
    const firstHalf = ['L', 'm0', 'm1', 'm2', 'm3', 'm4'];
    const apart: Skip = (s, k, t) => isWork(k) && firstHalf.includes(s) !== firstHalf.includes(t);
    expectOnly(dysfunctionsOf(team(10, apart)), 'fragmentedTeam');
  });

  it('lowReciprocity: work ties inside the team run one way only', () => {
    const order = [...members(10), 'L'];
    const oneWay: Skip = (s, k, t) => isWork(k) && order.indexOf(s) > order.indexOf(t);
    expectOnly(dysfunctionsOf(team(10, oneWay)), 'lowReciprocity');
  });

  it('spanTooWide: 16 direct reports', () => {
    expectOnly(dysfunctionsOf(team(16)), 'spanTooWide');
  });

  const neglect: RiskFactorCode[] = ['lackOfManagersAttention', 'lackOfManagersSupport', 'lackOfManagersFeedback'];
  it('neglectRedFlag: two members lack the leader’s attention, support and feedback', () => {
    expectOnly(dysfunctionsOf(team(), { m8: { factors: neglect }, m9: { factors: neglect } }), 'neglectRedFlag');
  });

  it('neglectPattern: three such members (and then not the red flag)', () => {
    expectOnly(dysfunctionsOf(team(), { m7: { factors: neglect }, m8: { factors: neglect }, m9: { factors: neglect } }), 'neglectPattern');
  });

  it('unequalAttention: the leader’s sympathy and expertise ties go to two of ten members', () => {
    const favourites = ['m0', 'm1'];
    const unequal: Skip = (s, k, t) => (k === 'sympathy' || k === 'expertise') && ((s === 'L' && !favourites.includes(t)) || (t === 'L' && !favourites.includes(s)));
    expectOnly(dysfunctionsOf(team(10, unequal)), 'unequalAttention');
  });

  it('covers all twenty dysfunctions', () => {
    expect([...pinned].sort()).toEqual([...DYSFUNCTION_CODES].sort());
  });
});
