/** Languages the interface ships; ja and pl fall back to English texts. */
export const LOCALES = ['hu', 'en', 'de', 'ru', 'ja', 'pl'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'hu';
export const ACCEPT_LANGUAGE: Record<TLocale, string> = {
  hu: 'hu-HU',
  en: 'en-US',
  de: 'de-DE',
  ru: 'ru-RU',
  ja: 'ja-JP',
  pl: 'pl-PL',
};
export function isLocale(value: string): value is TLocale {
  return (LOCALES as readonly string[]).includes(value);
}

/**
 * i18next's plural suffixes, used by the web client's and the server's texts alike: a text with a
 * count comes as `key_one`, `key_other` (and `_few`, `_many` in Russian), or as one plain `key`
 * where the language's wording needs no forms (docs/architecture.md, "Texts and languages").
 */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A language's plural forms, sorted (`['one', 'other']` in English). */
export function pluralCategoriesOf(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
}

/** Texts by their key without the plural suffix, each with the forms it has (none for a plain text) and its texts. */
export function textsByBaseKey(texts: Iterable<[key: string, text: string]>): Map<string, { forms: string[]; texts: string[] }> {
  const keys = new Map<string, { forms: string[]; texts: string[] }>();
  for (const [key, text] of texts) {
    const form = PLURAL_SUFFIX.exec(key)?.[1];
    const base = form ? key.replace(PLURAL_SUFFIX, '') : key;
    const entry = keys.get(base) ?? { forms: [], texts: [] };
    if (form) entry.forms.push(form);
    entry.texts.push(text);
    keys.set(base, entry);
  }
  return keys;
}
