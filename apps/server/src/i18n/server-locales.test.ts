import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { duplicateJsonKeys } from './duplicate-json-keys.ts';
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

describe('locale files of the server and the web client', () => {
  it('say each key once per object', () => {
    const roots = [join(import.meta.dirname, '../locales'), join(import.meta.dirname, '../../../web/src/locales')];
    const files = roots.flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')).map((f) => join(root, f)));
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((file) => duplicateJsonKeys(readFileSync(file, 'utf8')).map((key) => `${file}: ${key}`));
    expect(found).toEqual([]);
  });

  it('finds a key said twice, at its path', () => {
    expect(duplicateJsonKeys('{"a": {"b": "x", "c": "y", "b": "z"}, "d": ["e"]}')).toEqual(['a.b']);
    expect(duplicateJsonKeys('{"a": "x:\\"", "b": {"a": "y"}}')).toEqual([]);
  });
});
