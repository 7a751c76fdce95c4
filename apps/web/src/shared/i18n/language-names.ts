import type { TLocale } from '@ona/contracts';

/** Each language named in itself, as switchers conventionally do, so nobody is lost in a foreign UI. */
export const LANGUAGE_NAMES: Record<TLocale, string> = {
  hu: 'Magyar',
  en: 'English',
  de: 'Deutsch',
  ru: 'Русский',
  ja: '日本語',
  pl: 'Polski',
};
