import { describe, expect, it } from 'vitest';
import { memberTies, tieCounts } from './leader-ties.ts';

const anna = { id: 1, name: 'Anna' };
const bela = { id: 2, name: 'Béla' };
const cecil = { id: 3, name: 'Cecil' };

describe('memberTies', () => {
  it('puts the sympathy and expertise lists side by side, one row per member, by name', () => {
    const rows = memberTies(
      [{ employee: cecil, given: true }, { employee: anna, given: false }, { employee: bela, given: false }],
      [{ employee: anna, given: true }, { employee: bela, given: false }, { employee: cecil, given: false }],
      'hu-HU',
    );
    expect(rows).toEqual([
      { employee: anna, sympathy: false, expertise: true },
      { employee: bela, sympathy: false, expertise: false },
      { employee: cecil, sympathy: true, expertise: false },
    ]);
  });

  it('keeps a member listed in only one list, with no tie in the other', () => {
    expect(memberTies([], [{ employee: anna, given: true }], 'en-US')).toEqual([{ employee: anna, sympathy: false, expertise: true }]);
  });
});

describe('tieCounts', () => {
  it('counts members named on each list and members named on neither', () => {
    const rows = memberTies(
      [{ employee: anna, given: true }, { employee: bela, given: true }, { employee: cecil, given: false }],
      [{ employee: anna, given: true }, { employee: bela, given: false }, { employee: cecil, given: false }],
      'en-US',
    );
    expect(tieCounts(rows)).toEqual({ sympathy: 2, expertise: 1, none: 1 });
  });
});
