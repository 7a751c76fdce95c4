import { describe, expect, it } from 'vitest';
import { missingEnglish, moveQuestion, newQuestionKey, toDraft, toUpdate } from './questionnaire-draft.ts';

const questionnaire = {
  editable: true,
  questions: [
    { id: 2, index: 1, key: 'advice', category: 'work_info' as const, kind: 'advice', texts: { en: 'Whom do you ask?', hu: 'Kitől kérdezel?' } },
    { id: 1, index: 0, key: 'cooperation', category: 'work_cooperation' as const, kind: 'cooperation', texts: { en: 'With whom?' } },
  ],
};

describe('questionnaire draft', () => {
  it('orders by index and fills missing translations with empty text', () => {
    const draft = toDraft(questionnaire);
    expect(draft.map((question) => question.key)).toEqual(['cooperation', 'advice']);
    expect(draft[0]?.texts).toEqual({ en: 'With whom?', hu: '', de: '', ru: '' });
  });

  it('leaves empty translations out of the update', () => {
    expect(toUpdate(toDraft(questionnaire)).questions[1]?.texts).toEqual({ en: 'Whom do you ask?', hu: 'Kitől kérdezel?' });
  });

  it('moves questions and ignores moves past the ends', () => {
    const draft = toDraft(questionnaire);
    expect(moveQuestion(draft, 1, 0).map((question) => question.key)).toEqual(['advice', 'cooperation']);
    expect(moveQuestion(draft, 0, -1).map((question) => question.key)).toEqual(['cooperation', 'advice']);
  });

  it('finds a free key and the questions without English text', () => {
    const draft = toDraft(questionnaire);
    expect(newQuestionKey(draft)).toBe('question_3');
    expect(missingEnglish([...draft, { key: 'x', category: 'trust', kind: 'x', texts: { en: ' ', hu: 'a', de: '', ru: '' } }])).toEqual([2]);
  });
});
