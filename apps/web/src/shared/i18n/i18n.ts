import { isLocale, type TLocale } from '@ona/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES, resources } from '../../locales/resources.ts';
import { detectLocale, readSavedLocale, saveLocale } from './detect-locale.ts';

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/** Synchronous: every text ships in the bundle, so the first render is already translated. */
export function initI18n(): typeof i18next {
  const locale = detectLocale(readSavedLocale(), window.navigator.language);
  void i18next.use(initReactI18next).init({
    resources,
    lng: locale,
    // ja and pl ship few or no texts of their own (DECISIONS.md): English fills the gaps.
    fallbackLng: 'en',
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  syncDocumentLanguage(locale);
  i18next.on('languageChanged', syncDocumentLanguage);
  return i18next;
}

export function activeLocale(): TLocale {
  const language = i18next.language;
  return language && isLocale(language) ? language : 'hu';
}

/** The language switcher's action: switch now and remember the choice. */
export async function switchLocale(locale: TLocale): Promise<void> {
  saveLocale(locale);
  await i18next.changeLanguage(locale);
}
