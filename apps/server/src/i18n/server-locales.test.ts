import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluralCategoriesOf, textsByBaseKey } from '@ona/contracts';
import { duplicateJsonKeys } from './duplicate-json-keys.ts';
import { SERVER_MESSAGES, translate } from './translate.ts';

type Tree = { [key: string]: string | Tree };
function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : texts(v, `${prefix}${k}.`)));
}

const english = textsByBaseKey(texts(SERVER_MESSAGES.en));

describe('server locale files', () => {
  it.each(['hu', 'de', 'ru'] as const)('%s has every English key and real (different) texts', (lang) => {
    const translated = textsByBaseKey(texts(SERVER_MESSAGES[lang]));
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    const same = [...english].filter(([key, { texts: own }]) => translated.get(key)?.texts.some((text) => own.includes(text))).map(([key]) => key);
    expect(same).toEqual([]);
  });

  it.each(['en', 'hu', 'de', 'ru'] as const)('%s gives a text one plain form or exactly its plural forms', (lang) => {
    for (const [key, { forms }] of textsByBaseKey(texts(SERVER_MESSAGES[lang]))) if (forms.length > 0) expect([key, forms.slice().sort()]).toEqual([key, pluralCategoriesOf(lang)]);
  });
});

describe('a count in a server text', () => {
  it.each([
    ['en', 1, 'and 1 more unit'],
    ['en', 4, 'and 4 more units'],
    ['de', 1, 'und 1 weitere Einheit'],
    ['hu', 1, 'és további 1 egység'],
    ['ja', 1, 'and 1 more unit'],
  ] as const)('in %s, %i reads "%s"', (locale, count, text) => {
    expect(translate(locale, 'analytics.executive.legend_more', { count })).toBe(text);
  });

  it.each([
    [1, 'сотрудника'],
    [3, 'сотрудников'],
    [5, 'сотрудников'],
    [21, 'сотрудника'],
  ] as const)('in Russian, %i takes the form of its number (%s)', (count, noun) => {
    expect(translate('ru', 'survey.errors.employees_have_answers', { count })).toContain(`нет ${count} ${noun},`);
  });

  it('reads the general form of a text with forms when no count is given', () => {
    expect(translate('en', 'analytics.executive.legend_more')).toBe('and  more units');
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
