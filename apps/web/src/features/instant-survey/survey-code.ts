/** Survey codes are exactly 9 letters or digits (instant-survey-and-site.md §5, §9). */
export const SURVEY_CODE_LENGTH = 9;

export type TSurveyCodeProblem = 'required' | 'length' | 'specialCharacters';

export function checkSurveyCode(input: string): TSurveyCodeProblem | null {
  const code = input.trim();
  if (!code) return 'required';
  if (code.length !== SURVEY_CODE_LENGTH) return 'length';
  if (!/^[A-Za-z0-9]+$/.test(code)) return 'specialCharacters';
  return null;
}
