import { describe, expect, it } from 'vitest';
import { pickerMatches } from './name-search.ts';

const people = ['Kovács Éva', 'Kovács Ádám', 'Kovacs Tim', 'Kovacsics Ida', 'Kovács Béla', 'Kovács Zoé', 'Anna Smith'].map((label) => ({ label }));

describe('the picker search', () => {
  it('offers nothing for one or two characters', () => {
    expect(pickerMatches(people, 'ko', true)).toEqual([]);
  });

  it('shows at most five accent-blind matches from three characters on', () => {
    const found = pickerMatches(people, 'kovacs', false).map((option) => option.label);
    expect(found).toHaveLength(5);
    expect(found).not.toContain('Anna Smith');
  });

  it('browses the whole list without a term only where browsing is asked for', () => {
    expect(pickerMatches(people, '', true)).toHaveLength(people.length);
    expect(pickerMatches(people, '  ', false)).toEqual([]);
  });
});
