import { PASSWORD_MIN_LENGTH } from '@ona/contracts';

export type TPasswordProblem = 'required' | 'tooShort' | 'mismatch';

/** The client-side half of DECISIONS.md's rule: both equal, at least 8 characters. */
export function checkNewPassword(password: string, repeat: string): { password?: TPasswordProblem; repeat?: TPasswordProblem } {
  const problems: { password?: TPasswordProblem; repeat?: TPasswordProblem } = {};
  if (!password) problems.password = 'required';
  else if (password.length < PASSWORD_MIN_LENGTH) problems.password = 'tooShort';
  if (!repeat) problems.repeat = 'required';
  else if (password && repeat !== password) problems.repeat = 'mismatch';
  return problems;
}
