import { describe, expect, it } from 'vitest';
import { attributeLabel } from './graph-filters.ts';

describe('the on-screen name of a custom attribute', () => {
  it('reads a snake_case import header as words', () => {
    expect(attributeLabel('birth_year')).toBe('Birth year');
    expect(attributeLabel('unit_manager')).toBe('Unit manager');
  });

  it('keeps a header typed as words, in any script, capitalising its first letter', () => {
    expect(attributeLabel('Telephely')).toBe('Telephely');
    expect(attributeLabel('Standort Wien')).toBe('Standort Wien');
    expect(attributeLabel('отдел')).toBe('Отдел');
  });
});
