import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the Hungarian texts live: the server's area files and the web client's namespaces. */
export const SERVER_LOCALES = join(import.meta.dirname, '../locales');
export const WEB_HUNGARIAN_LOCALES = join(import.meta.dirname, '../../../web/src/locales/hu');
/** The public site's own texts (apps/site). */
export const SITE_HUNGARIAN_LOCALE = join(import.meta.dirname, '../../../site/src/locales/hu.json');

function collect(value: unknown, path: string, into: [string, string][]): [string, string][] {
  if (typeof value === 'string') into.push([path, value]);
  else if (typeof value === 'object' && value !== null) for (const [key, child] of Object.entries(value)) collect(child, `${path}.${key}`, into);
  return into;
}

/** Every Hungarian locale file of the server, the web client and the site. */
export function hungarianLocaleFiles(): string[] {
  return [
    ...readdirSync(SERVER_LOCALES).filter((f) => f === 'hu.json' || f.endsWith('.hu.json')).map((f) => join(SERVER_LOCALES, f)),
    ...readdirSync(WEB_HUNGARIAN_LOCALES).filter((f) => f.endsWith('.json')).map((f) => join(WEB_HUNGARIAN_LOCALES, f)),
    SITE_HUNGARIAN_LOCALE,
  ];
}

/** Each text of one locale file as [its path from apps/ and its key, the text], for the language tests. */
export function localeTexts(file: string): [string, string][] {
  return collect(JSON.parse(readFileSync(file, 'utf8')), file.slice(file.indexOf('/apps/') + 1), []);
}
