import { isApiError } from '../api/api-error.ts';

export type TAnalyticsProblem = 'not_found' | 'not_ready' | 'forbidden' | 'other';

/**
 * Sorts a failed analytics call into what the page tells the user: 404 (missing, or another
 * organisation's), 409 analysis_not_ready (no finished analysis yet), 403 (the module is not open
 * to this user), or anything else.
 */
export function analyticsProblem(error: unknown): TAnalyticsProblem {
  if (!isApiError(error)) return 'other';
  if (error.status === 404) return 'not_found';
  if (error.status === 409 && error.code === 'analysis_not_ready') return 'not_ready';
  if (error.status === 403) return 'forbidden';
  return 'other';
}
