import type { TKeyPeopleAsValues } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { asValuesQuery, formatDensity, EVERYONE_TO_EVERYONE, rankTargets, sameQuery } from './as-values-query.ts';

describe('the as-values query', () => {
  it('maps source and target users and units to su, tu, sun and tun', () => {
    expect(asValuesQuery({ sourceUsers: [5], sourceUnits: [2], targetUsers: [7, 8], targetUnits: [3] })).toEqual({ su: [5], tu: [7, 8], sun: [2], tun: [3] });
  });

  it('sorts and de-duplicates ids, so the same groups make the same query', () => {
    const a = asValuesQuery({ sourceUsers: [9, 3, 9], sourceUnits: [], targetUsers: [], targetUnits: [4, 1] });
    const b = asValuesQuery({ sourceUsers: [3, 9], sourceUnits: [], targetUsers: [], targetUnits: [1, 4] });
    expect(a).toEqual({ su: [3, 9], tu: [], sun: [], tun: [1, 4] });
    expect(sameQuery(a, b)).toBe(true);
    expect(sameQuery(a, asValuesQuery(EVERYONE_TO_EVERYONE))).toBe(false);
  });

  it('leaves every list empty for everyone to everyone (the server reads empty as everyone)', () => {
    expect(asValuesQuery(EVERYONE_TO_EVERYONE)).toEqual({ su: [], tu: [], sun: [], tun: [] });
  });
});

const values: TKeyPeopleAsValues = {
  source_count: 20,
  target_count: 4,
  withheld: false,
  withheld_reason: null,
  questions: [
    { question_id: 1, kind: 'cooperation', nominations: 9, possible_pairs: 76, density: 9 / 76 },
    { question_id: 2, kind: 'advice', nominations: 6, possible_pairs: 76, density: 6 / 76 },
  ],
  targets: [
    { employee: { id: 3, name: 'Carol' }, total: 4, by_question: { '1': 1, '2': 3 } },
    { employee: { id: 1, name: 'Alice' }, total: 4, by_question: { '1': 4, '2': 0 } },
    { employee: { id: 2, name: 'Bob' }, total: 7, by_question: { '1': 4, '2': 3 } },
    { employee: { id: 4, name: 'Dan' }, total: 0, by_question: {} },
  ],
};

describe('the ranked targets', () => {
  it('ranks by total, equal totals sharing a rank, ties listed by name', () => {
    expect(rankTargets(values, 'en').map((t) => [t.rank, t.employee.name, t.total])).toEqual([
      [1, 'Bob', 7],
      [2, 'Alice', 4],
      [2, 'Carol', 4],
      [4, 'Dan', 0],
    ]);
  });

  it('names the questions a target was chosen on most, by kind, leaving out zeros', () => {
    const [bob, alice] = rankTargets(values, 'en');
    expect(bob?.topQuestions).toEqual([
      { questionId: 1, kind: 'cooperation', count: 4 },
      { questionId: 2, kind: 'advice', count: 3 },
    ]);
    expect(alice?.topQuestions).toEqual([{ questionId: 1, kind: 'cooperation', count: 4 }]);
  });
});

describe('the density shown', () => {
  it('keeps two significant digits, so a tiny density between groups does not read as zero', () => {
    expect(formatDensity(9 / 76, 'en')).toBe('12%');
    expect(formatDensity(2 / 6882, 'en')).toBe('0.029%');
    expect(formatDensity(0, 'en')).toBe('0%');
  });

  it('shows a dash when the density is withheld', () => {
    expect(formatDensity(null, 'en')).toBe('–');
  });
});
