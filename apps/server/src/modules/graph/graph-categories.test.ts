import { describe, expect, it } from 'vitest';
import { GRAPH_CATEGORIES } from '@ona/analytics';
import { GRAPH_CATEGORY_CODES, QUESTION_CATEGORIES } from '@ona/contracts';

describe('the nine graph categories', () => {
  it('are one list for the questionnaire, the graph call and the engine', () => {
    expect(GRAPH_CATEGORY_CODES).toBe(QUESTION_CATEGORIES);
    expect([...GRAPH_CATEGORIES]).toEqual([...QUESTION_CATEGORIES]);
    expect(QUESTION_CATEGORIES).toHaveLength(9);
  });
});
