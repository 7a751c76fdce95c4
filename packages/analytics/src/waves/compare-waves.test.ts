import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../run-analysis.ts';
import { DEFAULT_QUESTIONNAIRE } from '../testing/synthetic.ts';
import type { AnalysisInput, Employee, QuestionKind } from '../types.ts';
import { nominationsByIds, type NominationByIds } from '../input/nomination-columns.ts';
import { compareWaves, tieDiff } from './compare-waves.ts';
import type { NetworkChange, WaveComparison, WaveSnapshot } from './wave-types.ts';

/**
 * Two waves of a company of thirteen, built so that every change is known in advance:
 * - Support (p1 … p6) is split: p4 leads a new unit "Support North" with p5, p6 and j1, who joined;
 * - broker b (unit "Partnerships", gone now) linked Sales and Support on advice and cooperation, and left;
 * - ties are rewired: s3 turns from s2 to s4, p4 asks the CEO instead of p1, p2 starts working with s2,
 *   m stops working with anyone (a new isolate), p6 returns p5's sympathy instead of receiving it;
 * - s4 answers only the later survey, p3 only the earlier one; u has no e-mail (cannot be matched).
 * Ids differ between the waves ("t-…", "n-…"): people are matched by their keys (e-mails) only.
 */
type Tie = [from: string, to: string];

interface WaveSpec {
  prefix: string;
  units: [name: string, parent: string | null][];
  people: [name: string, unit: string, leader: string | null, answered: boolean][];
  ties: Partial<Record<QuestionKind, Tie[]>>;
  unmatched?: string[];
  /** Question keys that differ from the question ids. */
  renamedQuestions?: Record<string, string>;
}

function wave(spec: WaveSpec): { input: AnalysisInput; snapshot: WaveSnapshot } {
  const id = (name: string) => `${spec.prefix}-${name}`;
  const employees: Employee[] = spec.people.map(([name, unit, leader, answered]) => ({ id: id(name), name, unitId: id(unit), leaderId: leader ? id(leader) : null, hasAnswered: answered }));
  const nominations: NominationByIds[] = Object.entries(spec.ties).flatMap(([kind, ties]) => {
    const question = DEFAULT_QUESTIONNAIRE.find((q) => q.kind === kind)!;
    return (ties ?? []).map(([from, to]) => ({ questionId: question.id, sourceId: id(from), targetId: id(to) }));
  });
  const input: AnalysisInput = {
    employees,
    units: spec.units.map(([name, parent]) => ({ id: id(name), name, parentId: parent ? id(parent) : null })),
    questions: DEFAULT_QUESTIONNAIRE,
    nominations: nominationsByIds(employees, DEFAULT_QUESTIONNAIRE, nominations),
  };
  const personKeys = new Map(spec.people.filter(([name]) => !spec.unmatched?.includes(name)).map(([name]) => [id(name), `${name}@acme.test`]));
  const questionKeys = new Map(DEFAULT_QUESTIONNAIRE.map((q) => [q.id, spec.renamedQuestions?.[q.id] ?? q.id]));
  return { input, snapshot: { input, result: runAnalysis(input), personKeys, questionKeys } };
}

const earlier = wave({
  prefix: 't',
  units: [['Company', null], ['Sales', 'Company'], ['Support', 'Company'], ['Partnerships', 'Company']],
  people: [
    ['ceo', 'Company', null, true],
    ['s1', 'Sales', 'ceo', true],
    ['s2', 'Sales', 's1', true],
    ['s3', 'Sales', 's1', true],
    ['s4', 'Sales', 's1', false],
    ['m', 'Sales', 's1', true],
    ['b', 'Partnerships', 's1', true],
    ['p1', 'Support', 'ceo', true],
    ['p2', 'Support', 'p1', true],
    ['p3', 'Support', 'p1', true],
    ['p4', 'Support', 'p1', true],
    ['p5', 'Support', 'p1', true],
    ['p6', 'Support', 'p1', true],
  ],
  ties: {
    cooperation: [
      ['ceo', 's1'], ['ceo', 'p1'], ['s1', 'ceo'], ['p1', 'ceo'],
      ['s1', 's2'], ['s2', 's1'], ['s2', 's3'], ['s3', 's2'], ['s3', 's1'], ['m', 's1'], ['s1', 'm'],
      ['b', 's2'], ['s2', 'b'], ['b', 'p2'], ['p2', 'b'],
      ['p1', 'p2'], ['p2', 'p1'], ['p2', 'p3'], ['p3', 'p4'], ['p4', 'p5'], ['p5', 'p6'], ['p6', 'p4'],
    ],
    advice: [['s2', 's1'], ['s3', 's1'], ['b', 's1'], ['b', 'p2'], ['p2', 'p1'], ['p3', 'p1'], ['p4', 'p1'], ['p5', 'p4'], ['p6', 'p4']],
    sympathy: [['s2', 's3'], ['p5', 'p6']],
  },
  renamedQuestions: { idea: 'idea-2025' },
});

const later = wave({
  prefix: 'n',
  units: [['Company', null], ['Sales', 'Company'], ['Support', 'Company'], ['Support North', 'Company']],
  people: [
    ['ceo', 'Company', null, true],
    ['s1', 'Sales', 'ceo', true],
    ['s2', 'Sales', 's1', true],
    ['s3', 'Sales', 's1', true],
    ['s4', 'Sales', 's1', true],
    ['m', 'Sales', 's1', true],
    ['u', 'Sales', 's1', true],
    ['p1', 'Support', 'ceo', true],
    ['p2', 'Support', 'p1', true],
    ['p3', 'Support', 'p1', false],
    ['p4', 'Support North', 'ceo', true],
    ['p5', 'Support North', 'p4', true],
    ['p6', 'Support North', 'p4', true],
    ['j1', 'Support North', 'p4', true],
  ],
  ties: {
    cooperation: [
      ['ceo', 's1'], ['ceo', 'p1'], ['s1', 'ceo'], ['p1', 'ceo'],
      ['s1', 's2'], ['s2', 's1'], ['s2', 's3'], ['s3', 's1'], ['s3', 's4'], ['s4', 's3'], ['u', 's1'],
      ['p1', 'p2'], ['p2', 'p1'], ['p2', 'p3'], ['p4', 'p5'], ['p5', 'p6'], ['p6', 'p4'],
      ['j1', 'p4'], ['p4', 'j1'], ['p2', 's2'],
    ],
    advice: [['s2', 's1'], ['s3', 's1'], ['s4', 's1'], ['p2', 'p1'], ['p4', 'ceo'], ['p5', 'p4'], ['p6', 'p4'], ['j1', 'p4']],
    sympathy: [['s2', 's3'], ['p6', 'p5']],
  },
  unmatched: ['u'],
});

const comparison = compareWaves(earlier.snapshot, later.snapshot, { network: 'work' });
const person = (name: string) => comparison.people.find((p) => (p.now ?? p.then)!.name === name)!;
const names = (indexes: readonly number[]) => indexes.map((i) => (comparison.people[i]!.now ?? comparison.people[i]!.then)!.name).sort();
const network = (key: string): NetworkChange => comparison.networks.find((n) => n.key === key)!;
const bridgeNames = (c: WaveComparison, key: string) =>
  c.networks.find((n) => n.key === key)!.bridgesLost.map((b) => ({ pair: names([b.a, b.b]).join('–'), reason: b.reason })).sort((x, y) => x.pair.localeCompare(y.pair));

describe('compareWaves: people', () => {
  it('matches people by key, not by id: twelve stayed, j1 joined, broker b left, u cannot be matched', () => {
    const byStatus = (status: string) => comparison.people.filter((p) => p.status === status).map((p) => (p.now ?? p.then)!.name).sort();
    expect(byStatus('stayed')).toEqual(['ceo', 'm', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 's1', 's2', 's3', 's4']);
    expect(byStatus('joined')).toEqual(['j1']);
    expect(byStatus('left')).toEqual(['b']);
    expect(byStatus('unmatched')).toEqual(['u']);
    expect(person('p4')).toMatchObject({ key: 'p4@acme.test', then: { id: 't-p4', unitPath: ['Company', 'Support'] }, now: { id: 'n-p4', unitPath: ['Company', 'Support North'] }, unitChanged: true });
    expect(person('p5').unitChanged).toBe(true);
    expect(person('p2').unitChanged).toBe(false);
    expect(person('j1').then).toBeNull();
    expect(person('b').now).toBeNull();
  });

  it('gives each metric then, now and the difference: p1 loses two of the four people who named them at work', () => {
    expect(person('p1').metrics.in_degree).toEqual({ then: 4, now: 2, change: -2 });
    // s1: named by ceo, s2, s3, b and m then; by ceo, s2, s3, s4 and u now.
    expect(person('s1').metrics.in_degree).toEqual({ then: 5, now: 5, change: 0 });
    expect(person('s4').metrics.out_degree).toEqual({ then: 0, now: 2, change: 2 });
    expect(person('j1').metrics.in_degree).toEqual({ then: null, now: 1, change: null });
    expect(person('b').metrics.out_degree).toEqual({ then: 3, now: null, change: null });
    // Community numbers label two unrelated partitions: no difference.
    expect(person('p1').metrics.community!.change).toBeNull();
  });

  it('takes risk levels, factors and roles from each analysis and says what was gained and lost', () => {
    for (const p of comparison.people.filter((c) => c.status === 'stayed')) {
      const then = earlier.snapshot.result.employees[p.then!.index]!;
      const now = later.snapshot.result.employees[p.now!.index]!;
      expect(p.riskChange).toBe(now.risk_level - then.risk_level);
      expect(p.factorsGained).toEqual(now.riskFactors.filter((f) => !then.riskFactors.includes(f)));
      expect(p.factorsLost).toEqual(then.riskFactors.filter((f) => !now.riskFactors.includes(f)));
      expect(p.rolesGained.keyRoles).toEqual(now.keyRoles.filter((r) => !then.keyRoles.includes(r)));
      expect(p.rolesLost.groupRoles).toEqual(then.groupRoles.filter((r) => !now.groupRoles.includes(r)));
    }
    // m answered, named nobody at work and nobody named m: the engine's isolation factor appears.
    expect(person('m').factorsGained).toContain('isolated');
    expect(person('m').now!.riskFactors).toContain('isolated');
  });
});

describe('compareWaves: units', () => {
  it('matches units by name path: the split-off "Support North" is new, "Partnerships" is gone', () => {
    expect(comparison.units.map((u) => [u.path.join(' / '), u.status])).toEqual([
      ['Company', 'matched'],
      ['Company / Sales', 'matched'],
      ['Company / Support', 'matched'],
      ['Company / Support North', 'new'],
      ['Company / Partnerships', 'gone'],
    ]);
  });

  it('gives Support’s density, reciprocity and E-I index then and now', () => {
    const support = comparison.units.find((u) => u.path.join('/') === 'Company/Support')!;
    // Then: 10 work ties among six (1 in 3), four of them returned; 4 ties with outsiders (ceo, b).
    expect(support.then).toMatchObject({ members: 6, respondents: 6, density: 10 / 30, reciprocity: 0.4 });
    expect(support.then!.eiIndex).toBeCloseTo((4 - 10) / 14, 12);
    // Now: p1, p2, p3 with 3 ties (p1 ⇄ p2, p2 → p3), p3 did not answer; outside: p1 ⇄ ceo, p2 → s2.
    expect(support.now).toMatchObject({ members: 3, respondents: 2, density: 0.5, reciprocity: 2 / 3, eiIndex: 0 });
    expect(support.change.members).toBe(-3);
    expect(support.change.density).toBeCloseTo(0.5 - 1 / 3, 12);
    const shareAtRisk = (wave: WaveSnapshot, names: string[]) => names.filter((n) => wave.result.employees.find((e) => e.id.endsWith(`-${n}`))!.risk_level >= 3).length / names.length;
    expect(support.then!.shareAtRisk).toBe(shareAtRisk(earlier.snapshot, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']));
    expect(support.now!.shareAtRisk).toBe(shareAtRisk(later.snapshot, ['p1', 'p2', 'p3']));
  });
});

describe('compareWaves: networks', () => {
  it('counts cooperation ties kept, added and lost, and says which came with joiners, leavers and (non-)respondents', () => {
    expect(network('question:cooperation').ties).toEqual({
      then: 22, now: 19, kept: 14, added: 5, lost: 8,
      // j1 ⇄ p4
      addedWithJoiners: 2,
      // b ⇄ s2, b ⇄ p2
      lostWithLeavers: 4,
      // s4 → s3 (s4 did not answer the earlier survey)
      addedByNewRespondents: 1,
      // p3 → p4 (p3 did not answer the later survey)
      lostByNonRespondents: 1,
    });
  });

  it('counts the advice ties and those of all work questions together (a pair counted once)', () => {
    expect(network('question:advice').ties).toEqual({ then: 9, now: 8, kept: 5, added: 3, lost: 4, addedWithJoiners: 1, lostWithLeavers: 2, addedByNewRespondents: 1, lostByNonRespondents: 1 });
    expect(network('work').ties).toEqual({ then: 26, now: 22, kept: 15, added: 7, lost: 11, addedWithJoiners: 2, lostWithLeavers: 5, addedByNewRespondents: 2, lostByNonRespondents: 2 });
    // Sympathy is no work question: p5 → p6 lost, p6 → p5 added.
    expect(network('question:sympathy').ties).toMatchObject({ then: 2, now: 2, kept: 1, added: 1, lost: 1 });
  });

  it('finds m as the new isolate at work, never p3 (who did not answer the later survey)', () => {
    expect(names(network('work').newIsolates)).toEqual(['m']);
    expect(names(network('question:cooperation').newIsolates)).toEqual(['m']);
    expect(network('question:advice').newIsolates).toEqual([]);
  });

  it('finds the bridges the earlier networks lost: the broker’s two on advice, and the ties that held the split-off team', () => {
    expect(network('question:advice').bridgesThen).toBe(4);
    expect(bridgeNames(comparison, 'question:advice')).toEqual([
      { pair: 'b–p2', reason: 'person_left' },
      { pair: 'b–s1', reason: 'person_left' },
      { pair: 'p1–p4', reason: 'tie_dropped' },
    ]);
    // On cooperation the CEO closes a circle around the broker: only p2 – p3 – p4 were bridges, and p3 – p4 is gone.
    expect(network('question:cooperation').bridgesThen).toBe(2);
    expect(bridgeNames(comparison, 'question:cooperation')).toEqual([{ pair: 'p3–p4', reason: 'tie_dropped' }]);
  });

  it('compares questions by key and names those asked in one wave only', () => {
    expect(comparison.questionsOnlyThen).toEqual(['idea-2025']);
    expect(comparison.questionsOnlyNow).toEqual(['idea']);
    expect(comparison.questionKeys).not.toContain('idea');
    expect(comparison.networks.map((n) => n.key)).toEqual(['work', ...comparison.questionKeys.map((k) => `question:${k}`)]);
  });
});

describe('tieDiff', () => {
  const edge = (edges: ReturnType<typeof tieDiff>, from: string, to: string) => edges.find((e) => names([e.source]).join() === from && names([e.target]).join() === to);

  it('marks each tie kept, added or lost over the chosen questions, with the status per question', () => {
    const edges = tieDiff(comparison, new Set(['cooperation', 'advice']));
    expect(edge(edges, 's2', 's1')).toMatchObject({ status: 'kept', questions: [{ key: 'cooperation', status: 'kept' }, { key: 'advice', status: 'kept' }] });
    expect(edge(edges, 'p4', 'p1')).toMatchObject({ status: 'lost', questions: [{ key: 'advice', status: 'lost' }] });
    expect(edge(edges, 'p4', 'ceo')).toMatchObject({ status: 'added', questions: [{ key: 'advice', status: 'added' }] });
    expect(edge(edges, 'b', 'p2')).toMatchObject({ status: 'lost' });
    expect(edge(edges, 'u', 's1')).toBeUndefined();
    const count = (status: string) => edges.filter((e) => e.status === status).length;
    expect([count('kept'), count('added'), count('lost')]).toEqual([15, 7, 11]);
  });

  it('reads only the chosen questions: sympathy alone', () => {
    const edges = tieDiff(comparison, new Set(['sympathy']));
    expect(edges.map((e) => [names([e.source])[0], names([e.target])[0], e.status])).toEqual(
      expect.arrayContaining([['s2', 's3', 'kept'], ['p5', 'p6', 'lost'], ['p6', 'p5', 'added']]),
    );
    expect(edges).toHaveLength(3);
  });
});

describe('compareWaves: determinism', () => {
  it('gives the same comparison for the same waves, and an empty change for a wave compared with itself', () => {
    expect(compareWaves(earlier.snapshot, later.snapshot, { network: 'work' })).toEqual(comparison);
    const same = compareWaves(later.snapshot, later.snapshot);
    expect(same.people.filter((p) => p.status !== 'stayed').map((p) => p.status)).toEqual(['unmatched', 'unmatched']);
    expect(same.networks.every((n) => n.ties.added === 0 && n.ties.lost === 0 && n.bridgesLost.length === 0 && n.newIsolates.length === 0)).toBe(true);
    expect(same.units.every((u) => u.status === 'matched' && u.change.density === (u.now!.density === null ? null : 0))).toBe(true);
  });
});
