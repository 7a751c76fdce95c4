/**
 * The site's languages. Hungarian and English carry the whole site (instant-survey-and-site.md
 * §1); German only the privacy notice (§2). Hungarian, the product's default language
 * (DECISIONS.md), sits at the root of the site; every other language in a folder of its own, so
 * that each page has one crawlable address per language (docs/site.md, "Language URLs").
 */
export const SITE_LANGUAGES = ['hu', 'en', 'de'] as const;
export type TSiteLanguage = (typeof SITE_LANGUAGES)[number];

/** The languages of the whole site: home, contact, blog, every privacy notice. */
export const FULL_SITE_LANGUAGES = ['hu', 'en'] as const satisfies readonly TSiteLanguage[];
export type TFullSiteLanguage = (typeof FULL_SITE_LANGUAGES)[number];

export const DEFAULT_SITE_LANGUAGE: TFullSiteLanguage = 'hu';

export function isFullSiteLanguage(language: TSiteLanguage): language is TFullSiteLanguage {
  return (FULL_SITE_LANGUAGES as readonly TSiteLanguage[]).includes(language);
}

/** Where a language's pages live inside the site: '' for Hungarian, 'en/' and 'de/' for the others. */
export function languageFolder(language: TSiteLanguage): string {
  return language === DEFAULT_SITE_LANGUAGE ? '' : `${language}/`;
}

/** A page in German links to the English pages of the parts that have no German version. */
export function fullSiteLanguageFor(language: TSiteLanguage): TFullSiteLanguage {
  return isFullSiteLanguage(language) ? language : 'en';
}
