import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { analyticsProblem } from './analytics-problem.ts';

const apiError = (status: number, code: string) => new ApiError(status, { detail: 'x', code });

describe('analyticsProblem', () => {
  it('tells the missing, the not yet analysed and the forbidden apart', () => {
    expect(analyticsProblem(apiError(404, 'not_found'))).toBe('not_found');
    expect(analyticsProblem(apiError(409, 'analysis_not_ready'))).toBe('not_ready');
    expect(analyticsProblem(apiError(403, 'forbidden'))).toBe('forbidden');
  });

  it('leaves other conflicts, server errors and non-API failures to the generic error', () => {
    expect(analyticsProblem(apiError(409, 'survey_closed'))).toBe('other');
    expect(analyticsProblem(apiError(500, 'internal'))).toBe('other');
    expect(analyticsProblem(new TypeError('boom'))).toBe('other');
  });
});
