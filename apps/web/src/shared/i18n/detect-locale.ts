import { DEFAULT_LOCALE, isLocale, type TLocale } from '@ona/contracts';

/** The key the saved choice of the language switcher lives under (DECISIONS.md). */
export const LOCALE_STORAGE_KEY = 'locale';

/** `de-AT` → `de`; only languages we ship count. */
function shippedLanguage(tag: string | undefined): TLocale | null {
  const language = tag?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLocale(language) ? language : null;
}

/**
 * DECISIONS.md: the saved locale wins; else the browser's language when we ship it; else hu.
 * "The browser's language" is its first preference (navigator.language), not any later one.
 */
export function detectLocale(saved: string | null, browserLanguage: string | undefined): TLocale {
  if (saved && isLocale(saved)) return saved;
  return shippedLanguage(browserLanguage) ?? DEFAULT_LOCALE;
}

export function readSavedLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveLocale(locale: TLocale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Without storage the choice lasts for this tab only.
  }
}
