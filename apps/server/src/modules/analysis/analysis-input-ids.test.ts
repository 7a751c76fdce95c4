import { describe, expect, it } from 'vitest';
import { parseIds } from './analysis-input.ts';

/** The answers' selections are read as the text of their id arrays (analysis-input.ts, `idList`). */
describe('the id lists of the analysis input', () => {
  it('reads every id of an array_to_string text, in order, and none of an empty one', () => {
    const into: number[] = [];
    expect(parseIds('12,7,100000,7', into)).toEqual([12, 7, 100000, 7]);
    expect(parseIds('', into)).toEqual([]);
    expect(parseIds('2147483647', into)).toEqual([2147483647]);
  });

  it('empties the reused list before each row', () => {
    const into: number[] = [];
    parseIds('1,2,3', into);
    expect(parseIds('4', into)).toEqual([4]);
  });

  it('refuses a text that is not ids separated by commas, naming it', () => {
    expect(() => parseIds('1,{2}', [])).toThrow(/not ids separated by commas: 1,\{2\}/);
    expect(() => parseIds('-3', [])).toThrow(/not ids separated by commas/);
  });
});
