import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import hu from './locales/hu.json' with { type: 'json' };
import type { TSiteLanguage } from './site-languages.ts';

/** The site's texts; every language file has the English file's shape (a test compares their keys). */
export type TSiteTexts = typeof en;

const TEXTS: Record<TSiteLanguage, TSiteTexts> = { hu, en, de };

export function siteTexts(language: TSiteLanguage): TSiteTexts {
  return TEXTS[language];
}

/** Fills `{{name}}` placeholders. */
export function format(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A date of the content (`YYYY-MM-DD`) as the language writes it: "5 November 2024", "2024. november 5.". */
export function formatDate(language: TSiteLanguage, isoDate: string): string {
  return new Intl.DateTimeFormat(siteTexts(language).date.locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}
