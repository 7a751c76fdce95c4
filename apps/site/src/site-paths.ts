import { languageFolder, type TSiteLanguage } from './site-languages.ts';

/**
 * Every page's path inside the site (relative to the site's base, which is `/site/` on local hosts
 * and `/` on the public host). Pages link to each other with relative URLs computed by
 * `relativeHref`, so the same HTML works under both bases.
 */
export const sitePaths = {
  home: (language: TSiteLanguage) => `${languageFolder(language)}index.html`,
  oldHome: (language: TSiteLanguage) => `${languageFolder(language)}old-index.html`,
  contact: (language: TSiteLanguage) => `${languageFolder(language)}contact.html`,
  /** The thank-you page a form sent without JavaScript lands on (`contact.html?sent=1`, see docs/site.md). */
  contactSent: (language: TSiteLanguage) => `${languageFolder(language)}contact-sent.html`,
  blogIndex: (language: TSiteLanguage) => `${languageFolder(language)}blog/index.html`,
  blogPost: (language: TSiteLanguage, slug: string) => `${languageFolder(language)}blog/${slug}.html`,
  blogFeed: (language: TSiteLanguage) => `${languageFolder(language)}blog/rss.xml`,
  privacyIndex: (language: TSiteLanguage) => `${languageFolder(language)}privacy/index.html`,
  /**
   * A privacy notice: the general one by version (`privacy/202411.html`, spec §2); a variant at a
   * steady address while it is current (`privacy/maps.html`), by version once replaced.
   */
  privacyNotice: (language: TSiteLanguage, notice: string, version: string, current: boolean) =>
    `${languageFolder(language)}privacy/${notice === 'general' ? version : current ? notice : `${notice}-${version}`}.html`,
  notFound: (language: TSiteLanguage) => `${languageFolder(language)}404.html`,
} as const;

/**
 * Addresses the server answers with a redirect to the analytics app's or the instant surveys'
 * login as seen from the requesting host (apps/server/src/plugins/site-pages.ts): a static page
 * cannot know whether the app lives on the same host or on its `app.` sibling.
 */
export const SITE_REDIRECTS = { signIn: 'sign-in.html', joinSurvey: 'join-survey.html' } as const;

/** The URL of `target` as written in the page at `from` (both site paths): `../contact.html`. */
export function relativeHref(from: string, target: string): string {
  const [targetPath, hash] = target.split('#', 2) as [string, string | undefined];
  const fromDirs = from.split('/').slice(0, -1);
  const targetParts = targetPath.split('/');
  const targetDirs = targetParts.slice(0, -1);
  let shared = 0;
  while (shared < fromDirs.length && shared < targetDirs.length && fromDirs[shared] === targetDirs[shared]) shared++;
  const up = '../'.repeat(fromDirs.length - shared);
  const down = [...targetDirs.slice(shared), targetParts[targetParts.length - 1]].join('/');
  const href = `${up}${down}` || './';
  return hash === undefined ? href : `${href}#${hash}`;
}

/** The absolute URL of a site path, for canonical links, hreflang, Open Graph, the sitemap and feeds. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
}
