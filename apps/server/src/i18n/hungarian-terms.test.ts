import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hungarianLocaleFiles, localeTexts, SERVER_LOCALES, WEB_HUNGARIAN_LOCALES } from './hungarian-locale-texts.ts';

/**
 * One thing, one Hungarian name. The leader's code (English "authorization code") was
 * "Engedélyezési kód" on the field, "hitelesítési kód" in the error under it, "azonosító kód" in
 * the e-mail that brings it and "hozzáférési kód" among the template's placeholders: a reader could
 * not tell that the four were one code. Every Hungarian text of the server and the web client that
 * names a code with one of these words uses the field's word.
 */
const LEADER_CODE = 'engedélyezési';
const OTHER_NAMES = /(?<![\p{L}])(hitelesítési|azonosító|hozzáférési|engedélyezési)\s+kód/giu;

const hungarianTexts = hungarianLocaleFiles().flatMap(localeTexts);

describe('Hungarian names of the leader code', () => {
  it('the field of the leader report names it as the error and the e-mail do', () => {
    const web = JSON.parse(readFileSync(join(WEB_HUNGARIAN_LOCALES, 'leader-report.json'), 'utf8')) as { code: { label: string } };
    expect(web.code.label.toLowerCase()).toBe(`${LEADER_CODE} kód`);
    const server = JSON.parse(readFileSync(join(SERVER_LOCALES, 'analytics.hu.json'), 'utf8')) as { errors: { invalid_authorization_code: string } };
    expect(server.errors.invalid_authorization_code.toLowerCase()).toContain(`${LEADER_CODE} kód`);
  });

  it('no Hungarian text calls a code by another of these names', () => {
    const named = hungarianTexts.flatMap(([path, text]) => [...text.matchAll(OTHER_NAMES)].map((match) => `${path}: ${match[0]}`));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((entry) => !entry.toLowerCase().includes(`${LEADER_CODE} kód`))).toEqual([]);
  });
});
