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
const english = flatten(englishResources);

describe.each(['hu', 'de', 'ru'] as const)('the %s translation', (language) => {
  const translated = flatten(completeTranslations[language]);

  it('has every English text and nothing else', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keeps the interpolation variables of each text', () => {
    for (const [key, text] of english) expect([key, placeholders(translated.get(key) ?? '')]).toEqual([key, placeholders(text)]);
  });

  it('leaves no text empty', () => {
    for (const [key, text] of translated) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});

describe.each(['ja', 'pl'] as const)('the partial %s translation', (language) => {
  it('only carries keys that English has', () => {
    const partial = flatten(resources[language]);
    for (const key of partial.keys()) expect(english.has(key)).toBe(true);
  });
});
