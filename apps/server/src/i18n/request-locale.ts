import { isLocale, type TLocale } from '@ona/contracts';

/** Picks the first language of Accept-Language that we ship (hu-HU → hu); English otherwise. */
export function localeFromAcceptLanguage(header: string | undefined): TLocale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] ?? '';
    if (isLocale(base)) return base;
  }
  return 'en';
}
