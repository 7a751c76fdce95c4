import { describe, expect, it } from 'vitest';
import { checkSurveyCode } from './survey-code.ts';

describe('checkSurveyCode', () => {
  it('accepts nine letters and digits', () => {
    expect(checkSurveyCode('DEMO2026A')).toBeNull();
    expect(checkSurveyCode(' demo2026a ')).toBeNull();
  });

  it('requires a code', () => {
    expect(checkSurveyCode('')).toBe('required');
    expect(checkSurveyCode('   ')).toBe('required');
  });

  it('requires exactly nine characters', () => {
    expect(checkSurveyCode('DEMO2026')).toBe('length');
    expect(checkSurveyCode('DEMO2026AB')).toBe('length');
  });

  it('refuses special characters', () => {
    expect(checkSurveyCode('DEMO-2026')).toBe('specialCharacters');
    expect(checkSurveyCode('DEMÓ2026A')).toBe('specialCharacters');
  });
});
