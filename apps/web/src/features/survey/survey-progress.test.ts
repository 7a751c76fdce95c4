import { describe, expect, it } from 'vitest';
import { orderedQuestions, parseQuestionPage, resumePage, selectedFor, withAnswer } from './survey-progress.ts';

const questions = [
  { id: 30, text: 'c', category: 'trust', kind: 'personal', index: 3 },
  { id: 10, text: 'a', category: 'trust', kind: 'cooperation', index: 1 },
  { id: 20, text: 'b', category: 'trust', kind: 'advice', index: 2 },
];

describe('survey progress', () => {
  it('orders questions by index', () => {
    expect(orderedQuestions({ questions }).map((question) => question.id)).toEqual([10, 20, 30]);
  });

  it('reads question pages from 1', () => {
    expect(parseQuestionPage('question_1.html')).toBe(1);
    expect(parseQuestionPage('question_13.html')).toBe(13);
    expect(parseQuestionPage('question_0.html')).toBeNull();
    expect(parseQuestionPage('question_x.html')).toBeNull();
    expect(parseQuestionPage('intro.html')).toBeNull();
  });

  it('resumes at the first question on a fresh start', () => {
    expect(resumePage({ questions, answers: [], last_question_index: null })).toBe(1);
  });

  it('resumes at the last question the server remembers', () => {
    expect(resumePage({ questions, answers: [], last_question_index: 2 })).toBe(2);
  });

  it('resumes at the furthest answered or seen question', () => {
    const answers = [
      { question: 10, answered: true, seen: true, selected_users: [1] },
      { question: 30, answered: false, seen: true, selected_users: [] },
    ];
    expect(resumePage({ questions, answers, last_question_index: 1 })).toBe(3);
  });

  it('replaces or adds one answer without touching the others', () => {
    const survey = { answers: [{ question: 10, answered: true, seen: true, selected_users: [1] }] };
    const changed = withAnswer(withAnswer(survey, 10, [1, 2]), 20, [5]);
    expect(selectedFor(changed, 10)).toEqual([1, 2]);
    expect(selectedFor(changed, 20)).toEqual([5]);
    expect(selectedFor(survey, 10)).toEqual([1]);
    expect(selectedFor(changed, 99)).toEqual([]);
  });
});
