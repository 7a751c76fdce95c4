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
