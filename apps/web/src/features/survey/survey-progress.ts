import type { TEmployeeSurvey, TSurveyQuestion } from './survey-api.ts';

/** Questions in the order they are asked; the page number n of question_{n} is position + 1. */
export function orderedQuestions(survey: Pick<TEmployeeSurvey, 'questions'>): TSurveyQuestion[] {
  return [...survey.questions].sort((a, b) => a.index - b.index || a.id - b.id);
}

/** question_{n}.html → n, or null for anything else (`question_0`, `question_x`, `intro`). */
export function parseQuestionPage(segment: string | undefined): number | null {
  const match = /^question_(\d{1,4})\.html$/.exec(segment ?? '');
  if (!match) return null;
  const page = Number(match[1]);
  return page >= 1 ? page : null;
}

/**
 * The page to resume at: the furthest question reached, by the server's last question or by the
 * answers seen or given; the first one for a fresh start.
 */
export function resumePage(survey: Pick<TEmployeeSurvey, 'questions' | 'answers' | 'last_question_index'>): number {
  const questions = orderedQuestions(survey);
  if (questions.length === 0) return 1;
  const byIndex = questions.findIndex((question) => question.index === survey.last_question_index);
  let reached = byIndex >= 0 ? byIndex : -1;
  const touched = new Set(survey.answers.filter((answer) => answer.answered || answer.seen).map((answer) => answer.question));
  questions.forEach((question, position) => {
    if (touched.has(question.id)) reached = Math.max(reached, position);
  });
  return Math.max(1, Math.min(questions.length, reached + 1));
}

export function selectedFor(survey: Pick<TEmployeeSurvey, 'answers'>, questionId: number): number[] {
  return survey.answers.find((answer) => answer.question === questionId)?.selected_users ?? [];
}

/** The survey after one answer changed, for the optimistic cache update. */
export function withAnswer<T extends Pick<TEmployeeSurvey, 'answers'>>(survey: T, questionId: number, selectedUsers: number[]): T {
  const exists = survey.answers.some((answer) => answer.question === questionId);
  const answers = exists
    ? survey.answers.map((answer) => (answer.question === questionId ? { ...answer, selected_users: selectedUsers, answered: true, seen: true } : answer))
    : [...survey.answers, { question: questionId, selected_users: selectedUsers, answered: true, seen: true }];
  return { ...survey, answers };
}
