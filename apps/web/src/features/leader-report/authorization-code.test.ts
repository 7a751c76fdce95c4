import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { codeProblem, codeRefusal, normalizeCode } from './authorization-code.ts';

describe('normalizeCode', () => {
  it('drops spaces and upper-cases, as a code copied from an e-mail may come', () => {
    expect(normalizeCode(' demo lead\n')).toBe('DEMOLEAD');
  });
});

describe('codeProblem', () => {
  it('refuses an empty code and one that is not 8 characters before asking the server', () => {
    expect(codeProblem('')).toBe('empty');
    expect(codeProblem('DEMOLEA')).toBe('length');
    expect(codeProblem('DEMOLEADX')).toBe('length');
  });

  it('lets an 8-character code through to the server', () => {
    expect(codeProblem('DEMOLEAD')).toBeNull();
  });
});

describe('codeRefusal', () => {
  it('reads 400 invalid_authorization_code as a wrong code', () => {
    expect(codeRefusal(new ApiError(400, { detail: 'Invalid authorization code', code: 'invalid_authorization_code' }))).toBe('invalid');
  });

  it('reads 429 as the lock-out after too many wrong codes', () => {
    expect(codeRefusal(new ApiError(429, { detail: 'Too many', code: 'too_many_requests' }))).toBe('rate_limited');
  });

  it('leaves other failures (no analysis yet, no access, network) to the page', () => {
    expect(codeRefusal(new ApiError(409, { detail: 'x', code: 'analysis_not_ready' }))).toBe('other');
    expect(codeRefusal(new ApiError(400, { detail: 'x', code: 'validation_error' }))).toBe('other');
    expect(codeRefusal(new Error('boom'))).toBe('other');
  });
});
