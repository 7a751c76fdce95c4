import { describe, expect, it } from 'vitest';
import { checkNewPassword } from './password-rules.ts';

describe('checkNewPassword', () => {
  it('accepts two equal passwords of at least 8 characters', () => {
    expect(checkNewPassword('s3cret-pw', 's3cret-pw')).toEqual({});
  });

  it('asks for both fields', () => {
    expect(checkNewPassword('', '')).toEqual({ password: 'required', repeat: 'required' });
  });

  it('refuses a password shorter than 8 characters', () => {
    expect(checkNewPassword('short', 'short').password).toBe('tooShort');
  });

  it('refuses a repeat that differs', () => {
    expect(checkNewPassword('long-enough-1', 'long-enough-2')).toEqual({ repeat: 'mismatch' });
  });
});
