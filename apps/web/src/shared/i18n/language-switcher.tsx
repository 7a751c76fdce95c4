import { LOCALES, isLocale } from '@ona/contracts';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { activeLocale, switchLocale } from './i18n.ts';
import { LANGUAGE_NAMES } from './language-names.ts';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }));

/** A native select: works with keyboard, screen readers and mobile pickers without extra code. */
export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const current = isLocale(i18n.language) ? i18n.language : activeLocale();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      data-testid="language-switcher"
      size={size}
      w={size === 'xs' ? 112 : 140}
      value={current}
      data={OPTIONS}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void switchLocale(next);
      }}
    />
  );
}
