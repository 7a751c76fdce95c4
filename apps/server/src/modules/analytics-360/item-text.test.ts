import { describe, expect, it } from 'vitest';
import { itemText, type TItemTexts } from './report-360-service.ts';

const texts: TItemTexts = new Map([
  ['7', { en: 'Which leaders keep their word?', hu: 'Mely vezetők tartják a szavukat?', de: 'Welche Führungskräfte halten Wort?', ru: 'Какие руководители держат слово?' }],
  ['8', { en: 'Which leaders listen?', hu: '', de: '', ru: '' }],
]);

describe('the wording of a 360 item', () => {
  it('is given in the reader’s language', () => {
    expect(itemText(texts, '7', 'hu')).toBe('Mely vezetők tartják a szavukat?');
    expect(itemText(texts, '7', 'ru')).toBe('Какие руководители держат слово?');
  });

  it('falls back to English for a language the journey has no wording in', () => {
    expect(itemText(texts, '7', 'ja')).toBe('Which leaders keep their word?');
    expect(itemText(texts, '8', 'de')).toBe('Which leaders listen?');
  });

  it('is null for an item no longer in the journey', () => {
    expect(itemText(texts, '99', 'en')).toBeNull();
  });
});
