import { describe, expect, it } from 'vitest';
import { buildOrganisation } from '../graph/organisation.ts';
import { DEFAULT_OPTIONS } from '../options.ts';
import { OrgBuilder } from '../testing/org-builder.ts';
import type { RiskFactorCode } from './factor-codes.ts';
import type { EmployeeFactors } from './factors.ts';
import { assessRisk } from './levels.ts';
import type { RiskAssessment } from './levels.ts';

/**
 * Contagion and protection on hand-made organisations. Factors are given per person (their rules
 * have their own tests), so each case isolates one adjustment of the level.
 * Default weights: isolated 2 + lackOfRespect 1 = base 3 (high); lackOfRespect alone = base 1.
 */
const HIGH: RiskFactorCode[] = ['isolated', 'lackOfRespect'];
const LOW: RiskFactorCode[] = ['lackOfRespect'];
const MEDIUM: RiskFactorCode[] = ['noChemistryWithLeader'];

function assess(builder: OrgBuilder, factors: Record<string, RiskFactorCode[]>, centrality: Record<string, number> = {}): Record<string, RiskAssessment> {
  const org = buildOrganisation(builder.build());
  const evidence = { workInDegree: 0, workOutDegree: 0, cooperationMutual: null, personalInDegree: 0, adviceInDegree: 0, unitReciprocation: null };
  const perPerson: EmployeeFactors[] = org.employees.map((e) => ({ factors: factors[e.id] ?? [], evidence }));
  const incoming = org.employees.map((e) => centrality[e.id] ?? 0);
  const result = assessRisk(org, perPerson, incoming, DEFAULT_OPTIONS);
  return Object.fromEntries(org.employees.map((e, v) => [e.id, result[v]!]));
}

/** Leader L with members a, b in unit u; r reports to a. */
const team = (): OrgBuilder => new OrgBuilder().unit('u').person('L', 'u').person('a', 'u', 'L').person('b', 'u', 'L').person('r', 'u', 'a');

/** a, b, c without a leader, each naming x and y on cooperation (identical work neighbourhoods). */
function peers(similar = true): OrgBuilder {
  const builder = new OrgBuilder().unit('u').unit('w').person('a', 'u').person('b', 'u').person('c', 'u').person('x', 'w').person('y', 'w').person('z', 'w').person('q', 'w');
  builder.names('a', ['cooperation'], ['x', 'y']);
  const others = similar ? ['x', 'y'] : ['z', 'q'];
  return builder.names('b', ['cooperation'], others).names('c', ['cooperation'], others);
}

describe('contagion: leaving spreads from the leader and from structurally similar colleagues', () => {
  it('adds one level when the leader is at high risk', () => {
    const result = assess(team(), { L: HIGH, a: LOW });
    expect(result.a).toMatchObject({ baseLevel: 1, contagion: true, level: 2 });
  });

  it('adds nothing when the leader has factors but is not at high risk', () => {
    expect(assess(team(), { L: LOW, a: LOW }).a).toMatchObject({ contagion: false, level: 1 });
  });

  it('adds one level when two colleagues with the same work contacts are at high risk', () => {
    expect(assess(peers(), { a: LOW, b: HIGH, c: HIGH }).a).toMatchObject({ contagion: true, level: 2 });
  });

  it('needs two such colleagues: one is not enough', () => {
    expect(assess(peers(), { a: LOW, b: HIGH }).a).toMatchObject({ contagion: false, level: 1 });
  });

  it('ignores colleagues at high risk whose work contacts differ', () => {
    expect(assess(peers(false), { a: LOW, b: HIGH, c: HIGH }).a).toMatchObject({ contagion: false, level: 1 });
  });

  it('spreads one step only: it reads base levels, so a leader raised to high risk by contagion passes nothing on', () => {
    // a: base 2 (noChemistryWithLeader 1.5 rounds to 2), +1 from L = level 3; r (a's report) reads a's base 2.
    const result = assess(team(), { L: HIGH, a: MEDIUM, r: LOW });
    expect(result.a).toMatchObject({ baseLevel: 2, level: 3 });
    expect(result.r).toMatchObject({ contagion: false, level: 1 });
  });

  it('never gives a level to someone without a factor, and never goes above 4', () => {
    const result = assess(team(), { L: HIGH, a: ['isolated', 'lackOfRespect', 'noChemistryWithLeader'] });
    expect(result.b).toMatchObject({ level: 0, contagion: false });
    expect(result.a).toMatchObject({ baseLevel: 4, contagion: true, level: 4 });
  });
});

describe('protection: well-embedded people are less likely to leave', () => {
  it('removes one level for someone who names at least two people on sympathy', () => {
    const builder = team().names('a', ['sympathy'], ['b', 'L']);
    expect(assess(builder, { a: HIGH }).a).toMatchObject({ baseLevel: 3, protection: true, level: 2 });
  });

  it('does not protect someone who names only one person on sympathy', () => {
    expect(assess(team().names('a', ['sympathy'], ['b']), { a: HIGH }).a).toMatchObject({ protection: false, level: 3 });
  });

  it('removes one level in the top quartile of incoming centrality', () => {
    const result = assess(team(), { a: HIGH, b: HIGH }, { L: 0.1, a: 0.9, b: 0.2, r: 0.1 });
    expect(result.a).toMatchObject({ protection: true, level: 2 });
    expect(result.b).toMatchObject({ protection: false, level: 3 });
  });

  it('keeps a level of at least 1 while a factor is present, and cancels contagion', () => {
    const result = assess(team().names('a', ['sympathy'], ['b', 'L']), { L: HIGH, a: LOW, b: LOW });
    expect(result.a).toMatchObject({ contagion: true, protection: true, level: 1 });
    expect(assess(team().names('a', ['sympathy'], ['b', 'L']), { a: LOW }).a).toMatchObject({ protection: true, level: 1 });
  });
});
