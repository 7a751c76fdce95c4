import i18next from 'i18next';
import { pluralCategoriesOf, textsByBaseKey } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { completeTranslations, englishResources, resources } from './resources.ts';

type TFlat = Map<string, string>;

function flatten(value: unknown, prefix = '', into: TFlat = new Map()): TFlat {
  if (typeof value === 'string') into.set(prefix, value);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const english = textsByBaseKey(flatten(englishResources));

describe('the English texts', () => {
  it('give every text with plural forms exactly the forms English has (one, other)', () => {
    for (const [key, { forms }] of english) if (forms.length > 0) expect([key, forms.slice().sort()]).toEqual([key, pluralCategoriesOf('en')]);
  });

  it('keep the same interpolation variables in every plural form', () => {
    for (const [key, { texts }] of english) for (const text of texts) expect([key, placeholders(text)]).toEqual([key, placeholders(texts[0]!)]);
  });
});

describe.each(['hu', 'de', 'ru'] as const)('the %s translation', (language) => {
  const translated = textsByBaseKey(flatten(completeTranslations[language]));

  it('has every English text and nothing else', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it(`gives a text either one plain form or exactly ${language}'s plural forms`, () => {
    for (const [key, { forms }] of translated) if (forms.length > 0) expect([key, forms.slice().sort()]).toEqual([key, pluralCategoriesOf(language)]);
  });

  it('keeps the interpolation variables of each text', () => {
    for (const [key, { texts }] of english) {
      for (const text of translated.get(key)?.texts ?? ['']) expect([key, placeholders(text)]).toEqual([key, placeholders(texts[0]!)]);
    }
  });

  it('leaves no text empty', () => {
    for (const [key, { texts }] of translated) for (const text of texts) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});

describe.each(['ja', 'pl'] as const)('the partial %s translation', (language) => {
  it('only carries keys that English has', () => {
    const partial = textsByBaseKey(flatten(resources[language]));
    for (const key of partial.keys()) expect(english.has(key)).toBe(true);
  });
});

describe('a count in a text', () => {
  // The web client's own set-up (shared/i18n/i18n.ts): no fallback for the complete languages.
  const translate = async (language: string, count: number) => {
    const instance = i18next.createInstance();
    await instance.init({ lng: language, resources, showSupportNotice: false, fallbackLng: { ja: ['en'], pl: ['en'], default: [] }, interpolation: { escapeValue: false } });
    return instance.t('home.people', { ns: 'retention', count });
  };

  it.each([
    ['en', 1, '1 person'],
    ['en', 3, '3 people'],
    ['de', 1, '1 Person'],
    ['de', 3, '3 Personen'],
    ['hu', 1, '1 fő'],
    ['ru', 5, 'Человек: 5'],
    ['pl', 1, '1 person'],
  ])('in %s, %i reads "%s"', async (language, count, text) => {
    expect(await translate(language, count)).toBe(text);
  });
});
