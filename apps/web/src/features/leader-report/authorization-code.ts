import { isApiError } from '../../shared/api/api-error.ts';

/** DECISIONS.md, Access: a leader report's code has 8 characters. */
export const AUTHORIZATION_CODE_LENGTH = 8;

/**
 * What the user typed, as the server compares it: spaces dropped (codes are copied from e-mails),
 * upper case (the server ignores case).
 */
export function normalizeCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

export type TCodeProblem = 'empty' | 'length';

/**
 * Checks the form before it asks the server: a code of the wrong length can never be right, and
 * every wrong code sent counts toward the lock-out of 10 in 15 minutes.
 */
export function codeProblem(code: string): TCodeProblem | null {
  if (code.length === 0) return 'empty';
  if (code.length !== AUTHORIZATION_CODE_LENGTH) return 'length';
  return null;
}

export type TCodeRefusal = 'invalid' | 'rate_limited' | 'other';

/** How the server refused a code: 400 invalid_authorization_code, 429 after too many wrong ones. */
export function codeRefusal(error: unknown): TCodeRefusal {
  if (!isApiError(error)) return 'other';
  if (error.status === 429) return 'rate_limited';
  if (error.status === 400 && error.code === 'invalid_authorization_code') return 'invalid';
  return 'other';
}
