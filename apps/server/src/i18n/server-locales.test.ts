import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from './translate.ts';

type Tree = { [key: string]: string | Tree };
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

describe('server locale files', () => {
  it.each(['hu', 'de', 'ru'] as const)('%s has every English key and real (different) texts', (lang) => {
    const english = keys(SERVER_MESSAGES.en).sort();
    expect(keys(SERVER_MESSAGES[lang]).sort()).toEqual(english);
    const same = english.filter((k) => {
      const read = (t: Tree) => k.split('.').reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), t);
      return read(SERVER_MESSAGES[lang]) === read(SERVER_MESSAGES.en);
    });
    expect(same).toEqual([]);
  });
});
