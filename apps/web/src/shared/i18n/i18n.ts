import { isLocale, type TLocale } from '@ona/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { onDemandBackend } from '../../locales/load-namespace.ts';
import type { TNamespace } from '../../locales/namespace-files.ts';
import { detectLocale, readSavedLocale, saveLocale } from './detect-locale.ts';
import { groupCounts } from './group-counts.ts';

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * Texts arrive per language and namespace on demand (locales/load-namespace.ts). The promise
 * settles once the current language's common texts are in; main.tsx renders only then, and each
 * route brings its own namespaces before it renders (app/lazy-route.tsx), so no raw key shows.
 * Only ja and pl fall back to English (DECISIONS.md): the complete languages never fetch English.
 */
export function initI18n(): Promise<unknown> {
  const locale = detectLocale(readSavedLocale(), window.navigator.language);
  const ready = i18next
    .use(onDemandBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: { ja: ['en'], pl: ['en'], default: [] },
      // accessibility: the names of Mantine's close and pagination buttons, set once in the theme (app/providers.tsx).
      ns: ['common', 'accessibility'],
      defaultNS: 'common',
      // Counts grouped in the reader's language (group-counts.ts).
      interpolation: { escapeValue: false, alwaysFormat: true, format: groupCounts },
      returnNull: false,
      // i18next otherwise advertises its vendor in every visitor's browser console.
      showSupportNotice: false,
      react: { useSuspense: true },
    });
  syncDocumentLanguage(locale);
  i18next.on('languageChanged', syncDocumentLanguage);
  return ready;
}

/** Fetches namespaces of the current language (and its fallback) before a page that needs them renders. */
export function loadNamespaces(namespaces: readonly TNamespace[]): Promise<void> {
  return namespaces.length === 0 ? Promise.resolve() : i18next.loadNamespaces([...namespaces]);
}

export function activeLocale(): TLocale {
  const language = i18next.language;
  return language && isLocale(language) ? language : 'hu';
}

/** The language switcher's action: the texts of the new language arrive first, then it switches and is remembered. */
export async function switchLocale(locale: TLocale): Promise<void> {
  saveLocale(locale);
  await i18next.changeLanguage(locale);
}
