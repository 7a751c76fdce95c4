import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCount, pluralCategoriesOf, textsByBaseKey } from '@ona/contracts';
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

  it('groups a count’s digits as the reader’s language does, and leaves what the text echoes as given', () => {
    expect(translate('en', 'analytics.executive.legend_more', { count: 12345 })).toBe('and 12,345 more units');
    expect(translate('de', 'analytics.executive.legend_more', { count: 12345 })).toBe('und 12.345 weitere Einheiten');
    expect(translate('hu', 'analytics.executive.legend_more', { count: 12345 })).toBe(`és további ${formatCount(12345, 'hu')} egység`);
    expect(formatCount(12345, 'hu')).not.toBe('12345');
    expect(translate('ru', 'survey.errors.employees_have_answers', { count: 1021 })).toContain(`нет ${formatCount(1021, 'ru')} сотрудника,`);
  });

  it('reads the general form of a text with forms when no count is given', () => {
    expect(translate('en', 'analytics.executive.legend_more')).toBe('and  more units');
  });
});

describe('texts that carry numbers (issue 35, point 7)', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
  /** Numbers that are settings of two or more (a group size, a limit, a link's lifetime): never 1. */
  const NEVER_ONE = new Set(['min', 'max', 'hours', 'days']);

  // Hungarian keeps a noun after a number singular ("5 munkatárs"), and a number after a label's
  // colon ("Members: {{count}}") agrees with nothing: those need no forms.
  const needsNoForms = (lang: string, text: string) => lang === 'hu' || /: \{\{count\}\}/.test(text);

  it.each(['en', 'hu', 'de', 'ru'] as const)('%s: every text with a {{count}} goes through the plural rules (it has the language\'s plural forms)', (lang) => {
    const withoutForms = [...textsByBaseKey(texts(SERVER_MESSAGES[lang]))]
      .filter(([, { texts: own, forms }]) => forms.length === 0 && own.some((text) => placeholders(text).includes('count') && !needsNoForms(lang, text)))
      .map(([key]) => key);
    expect(withoutForms).toEqual([]);
  });

  it('no English text puts a number other than {{count}} or a setting of two or more before a noun it would have to agree with', () => {
    // An adjective may stand between them ('{{active}} active people').
    const nouns = /\{\{(\w+)\}\} (?:[a-z]+ )?(?:people|persons|employees|ties|units|users|participants|answers|respondents|rows|colleagues|leaders|members|questions)\b/g;
    const odd = texts(SERVER_MESSAGES.en).flatMap(([key, text]) => [...text.matchAll(nouns)].filter((m) => m[1] !== 'count' && !NEVER_ONE.has(m[1] ?? '')).map((m) => `${key}: ${m[0]}`));
    expect(odd).toEqual([]);
  });

  it.each([
    ['en', 'People who left: 1; of them at risk level 3–4 in the earlier wave: 1.'],
    ['de', 'Ausgeschiedene: 1; davon in der früheren Welle auf Risikostufe 3–4: 1.'],
    ['ru', 'Ушли: 1; из них в предыдущей волне на уровне риска 3–4: 1.'],
  ] as const)('in %s, one leaver of one reads "%s"', (locale, text) => {
    expect(translate(locale, 'waves.summary.leavers_body', { left: 1, atRisk: 1 })).toBe(text);
  });

  it.each([
    ['en', 'Would become leavers: 1 (100 %; active now: 1), more than the 20 % allowed.'],
    ['de', 'Würden austreten: 1 (100 %; derzeit aktiv: 1), mehr als die erlaubten 20 %.'],
    ['ru', 'Стали бы уволившимися: 1 (100 %; активных сейчас: 1) — больше допустимых 20 %.'],
  ] as const)('in %s, an HR file that makes the one active person a leaver reads "%s"', (locale, text) => {
    expect(translate(locale, 'hrSync.holds.too_many_leavers', { leavers: 1, active: 1, percent: 100, limit: 20 })).toContain(text);
  });

  it.each([
    ['en', 1, 'This engagement has 1 employee;'],
    ['en', 3, 'This engagement has 3 employees;'],
    ['ru', 1, 'В этом проекте 1 сотрудник;'],
    ['ru', 3, 'В этом проекте 3 сотрудника;'],
    ['ru', 5, 'В этом проекте 5 сотрудников;'],
  ] as const)('in %s, a count of %i reads "%s"', (locale, count, start) => {
    expect(translate(locale, 'analytics.errors.distance_matrix_too_large', { count, max: 2 })).toContain(start);
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
