import { describe, expect, it } from 'vitest';
import { detectLocale } from './detect-locale.ts';

describe('detectLocale', () => {
  it('prefers the saved locale over the browser language', () => {
    expect(detectLocale('de', 'en-US')).toBe('de');
  });

  it('ignores a saved value we do not ship', () => {
    expect(detectLocale('fr', 'ru-RU')).toBe('ru');
  });

  it('uses the browser language when we ship it', () => {
    expect(detectLocale(null, 'en-GB')).toBe('en');
    expect(detectLocale(null, 'ja')).toBe('ja');
    expect(detectLocale(null, 'PL-pl')).toBe('pl');
  });

  it('defaults to Hungarian otherwise', () => {
    expect(detectLocale(null, 'fr-FR')).toBe('hu');
    expect(detectLocale(null, undefined)).toBe('hu');
    expect(detectLocale('', '')).toBe('hu');
  });
});
