import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../run-analysis.ts';
import type { AnalysisResult } from '../run-analysis.ts';
import { OrgBuilder } from '../testing/org-builder.ts';
import type { QuestionKind } from '../types.ts';
import type { RiskFactorCode } from './factor-codes.ts';

/**
 * A healthy team: leader L and members a, b, c, d in unit u, everyone naming everyone on every
 * kind (so no factor fires), which each test then spoils for one person and one rule.
 */
function healthyTeam(except: (builder: OrgBuilder) => void = () => undefined, skip: (source: string, kind: QuestionKind, target: string) => boolean = () => false): OrgBuilder {
  const builder = new OrgBuilder().unit('u').person('L', 'u').person('a', 'u', 'L').person('b', 'u', 'L').person('c', 'u', 'L').person('d', 'u', 'L');
  const people = ['L', 'a', 'b', 'c', 'd'];
  const kinds: QuestionKind[] = ['cooperation', 'advice', 'expertise', 'personal', 'corporate_news', 'attention', 'opinion', 'idea', 'values', 'recognition', 'feedback', 'development', 'sympathy'];
  for (const source of people) {
    for (const kind of kinds) {
      const targets = people.filter((t) => t !== source && !skip(source, kind, t));
      builder.names(source, [kind], targets);
    }
  }
  except(builder);
  return builder;
}

function factorsOf(result: AnalysisResult, id: string): RiskFactorCode[] {
  return result.employees.find((e) => e.id === id)!.riskFactors;
}

describe('risk factor rules on hand-made teams', () => {
  it('a fully connected team has no risk factor and level 0', () => {
    const result = runAnalysis(healthyTeam().build());
    for (const employee of result.employees) {
      expect(employee.riskFactors, employee.id).toEqual([]);
      expect(employee.risk_level).toBe(0);
    }
  });

  const leaderCases: [RiskFactorCode, QuestionKind[]][] = [
    ['lackOfManagersAttention', ['attention']],
    ['lackOfManagersFeedback', ['feedback']],
    ['lackOfManagersRecognition', ['recognition']],
    ['lackOfManagersSupport', ['advice', 'personal']],
  ];
  it.each(leaderCases)('%s fires when the member does not name the leader on %s', (code, kinds) => {
    const result = runAnalysis(healthyTeam(undefined, (s, k, t) => s === 'a' && t === 'L' && kinds.includes(k)).build());
    expect(factorsOf(result, 'a')).toEqual([code]);
  });

  it('noChemistryWithLeader fires when neither names the other on sympathy', () => {
    const result = runAnalysis(healthyTeam(undefined, (s, k, t) => k === 'sympathy' && ((s === 'a' && t === 'L') || (s === 'L' && t === 'a'))).build());
    expect(factorsOf(result, 'a')).toEqual(['noChemistryWithLeader']);
  });

  // The subject is the team's leader L, who has no leader: a member who names no one on feedback
  // also leaves their own leader out, so the leader factor would fire with it by definition.
  it.each([
    ['lackOfSupport', 'personal'],
    ['lackOfFeedback', 'feedback'],
    ['lackOfRecognition', 'recognition'],
  ] as const)('%s fires, and nothing else, when the person names no one on %s', (code, kind) => {
    const result = runAnalysis(healthyTeam(undefined, (s, k) => s === 'L' && k === kind).build());
    expect(factorsOf(result, 'L')).toEqual([code]);
  });

  it('lackOfRespect fires when no one names the person on values or expertise', () => {
    const result = runAnalysis(healthyTeam(undefined, (_, k, t) => t === 'a' && (k === 'values' || k === 'expertise')).build());
    expect(factorsOf(result, 'a')).toEqual(['lackOfRespect']);
  });

  it('lackOfDevelopment fires when the member learns from and asks no one more senior', () => {
    const result = runAnalysis(healthyTeam(undefined, (s, k, t) => s === 'a' && t === 'L' && (k === 'development' || k === 'advice')).build());
    // Not naming the leader on advice also means no managerial support on advice; personal still counts.
    expect(factorsOf(result, 'a')).toEqual(['lackOfDevelopment']);
  });

  it('rules that read own answers stay silent for someone who has not answered', () => {
    const builder = new OrgBuilder().unit('u').person('L', 'u').person('a', 'u', 'L', false).person('b', 'u', 'L');
    builder.names('L', ['values', 'expertise', 'cooperation', 'advice'], ['a', 'b']).names('b', ['values', 'expertise', 'cooperation', 'advice'], ['a', 'L']);
    const factors = factorsOf(runAnalysis(builder.build()), 'a');
    expect(factors).toEqual([]);
  });

  it('unnoticed fires when at most one colleague names the person on work questions', () => {
    const work = ['cooperation', 'advice', 'expertise', 'corporate_news', 'attention', 'opinion', 'idea'];
    // Only b names a; a names only L and b on work, too few contacts for the alienation rule.
    const skip = (s: string, k: QuestionKind, t: string): boolean => work.includes(k) && ((t === 'a' && s !== 'b') || (s === 'a' && (t === 'c' || t === 'd')));
    const result = runAnalysis(healthyTeam(undefined, skip).build());
    expect(factorsOf(result, 'a')).toEqual(['unnoticed']);
  });

  it('isolated replaces unnoticed for someone with no work tie at all', () => {
    const work = ['cooperation', 'advice', 'expertise', 'corporate_news', 'attention', 'opinion', 'idea'];
    // The leader L is isolated on work; it has no leader, so no leader factor applies.
    const result = runAnalysis(healthyTeam(undefined, (s, k, t) => (s === 'L' || t === 'L') && work.includes(k)).build());
    expect(factorsOf(result, 'L')).toEqual(['isolated']);
  });

  it('alienatedFromGroup fires when 30% or less of one’s work contacts in the unit name one back', () => {
    const work: QuestionKind[] = ['cooperation', 'advice', 'expertise', 'corporate_news', 'attention', 'opinion', 'idea'];
    // a names L, b, c, d on work; only L names a back (1 of 4 = 25%). Two people of another unit
    // also name a, so a is not unnoticed: the rule is about one's own unit.
    const result = runAnalysis(
      healthyTeam(
        (builder) => builder.unit('v').person('x', 'v').person('y', 'v').names('x', work, ['a', 'y']).names('y', work, ['a', 'x']),
        (s, k, t) => t === 'a' && s !== 'L' && work.includes(k),
      ).build(),
    );
    expect(factorsOf(result, 'a')).toEqual(['alienatedFromGroup']);
  });

  // The overload tests add colleagues of another unit v to the healthy team: the subject a keeps
  // every healthy tie, so the overload is the only thing wrong with a (the extra people, who name
  // only a, have factors of their own, which these tests do not look at).
  it('overloadedInCooperation fires, and nothing else, above 15 mutual cooperation partners', () => {
    const partners = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const result = runAnalysis(
      healthyTeam((builder) => {
        for (const p of partners) builder.person(p, 'v').names(p, ['cooperation'], ['a']);
        builder.names('a', ['cooperation'], partners);
      }).build(),
    );
    // 4 team mates + 12 partners = 16 mutual cooperation ties.
    expect(result.employees.find((e) => e.id === 'a')!.evidence.cooperationMutual).toBe(16);
    expect(factorsOf(result, 'a')).toEqual(['overloadedInCooperation']);
    expect(factorsOf(result, 'b')).not.toContain('overloadedInCooperation');
  });

  it('overloadedInCooperation does not fire at exactly 15 in a small flat team below the relative floor', () => {
    const builder = new OrgBuilder().unit('u').person('hub', 'u');
    const partners = Array.from({ length: 15 }, (_, i) => `p${i}`);
    for (const p of partners) builder.person(p, 'u');
    builder.names('hub', ['cooperation'], partners);
    for (const p of partners) builder.names(p, ['cooperation'], ['hub']);
    // 15 is not more than 15, but the hub is the top 5% with 15 ≥ floor 8: the relative part fires.
    expect(factorsOf(runAnalysis(builder.build()), 'hub')).toContain('overloadedInCooperation');
    expect(factorsOf(runAnalysis(builder.build(), { risk: { overloadedInCooperation: { topShare: 0.01, relativeFloor: 16 } } }), 'hub')).not.toContain('overloadedInCooperation');
  });

  it.each([
    ['overwhelmedWithConsultancy', 'advice', 17],
    ['overwhelmedWithPersonalSupport', 'personal', 9],
  ] as const)('%s fires, and nothing else, when 4 team mates and %s more people name one on %s', (code, kind, extra) => {
    // 4 + 17 = 21 advice seekers (more than 20); 4 + 9 = 13 asking for personal support (more than 12).
    const result = runAnalysis(
      healthyTeam((builder) => {
        for (let i = 0; i < extra; i++) builder.person(`s${i}`, 'v').names(`s${i}`, [kind], ['a']);
      }).build(),
    );
    expect(factorsOf(result, 'a')).toEqual([code]);
  });

  it.each([
    ['overwhelmedWithConsultancy', 'advice', 21],
    ['overwhelmedWithPersonalSupport', 'personal', 13],
  ] as const)('%s fires when more than the spec’s number of people name one on %s', (code, kind, count) => {
    const builder = new OrgBuilder().unit('u').person('sage', 'u');
    for (let i = 0; i < count; i++) builder.person(`s${i}`, 'u').names(`s${i}`, [kind], ['sage']);
    const result = runAnalysis(builder.build(), { risk: { [code]: { topShare: 0.01, relativeFloor: count } } });
    expect(factorsOf(result, 'sage')).toContain(code);
    const below = new OrgBuilder().unit('u').person('sage', 'u');
    for (let i = 0; i < count - 1; i++) below.person(`s${i}`, 'u').names(`s${i}`, [kind], ['sage']);
    expect(factorsOf(runAnalysis(below.build(), { risk: { [code]: { topShare: 0.01, relativeFloor: count } } }), 'sage')).not.toContain(code);
  });
});
