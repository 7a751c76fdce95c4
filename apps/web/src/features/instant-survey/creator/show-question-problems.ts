/** Navigation state with which another creator step sends the host back to the questions to see what is wrong. */
export const SHOW_QUESTION_PROBLEMS = { showQuestionProblems: true } as const;

export const wantsQuestionProblemsShown = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'showQuestionProblems' in state && state.showQuestionProblems === true;
