import { describe, expect, it } from 'vitest';
import { toApiError } from './api-error.ts';

describe('toApiError', () => {
  it('keeps the detail, code and field errors of the shared error shape', () => {
    const error = toApiError(400, {
      detail: 'Passwords do not match',
      code: 'validation_error',
      errors: { new_password2: ['The two passwords differ.'] },
    });
    expect(error.status).toBe(400);
    expect(error.message).toBe('Passwords do not match');
    expect(error.code).toBe('validation_error');
    expect(error.fieldErrors('new_password2')).toEqual(['The two passwords differ.']);
    expect(error.fieldErrors('new_password1')).toEqual([]);
  });

  it('falls back to the status when the body is not the error shape', () => {
    const error = toApiError(502, '<html>Bad gateway</html>', 'Bad Gateway');
    expect(error.detail).toBe('Bad Gateway');
    expect(error.code).toBe('http_502');
    expect(error.errors).toBeUndefined();
  });

  it('ignores a malformed errors member', () => {
    expect(toApiError(400, { detail: 'x', code: 'y', errors: { a: 'not a list' } }).errors).toBeUndefined();
  });
});
