import { SITE_BASE_PLACEHOLDER } from '@ona/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TSiteContent } from './content/load-content.ts';
import { postsIn } from './content/load-content.ts';
import { blogFeedXml } from './feeds/rss.ts';
import { robotsTxt, sitemapXml } from './feeds/sitemap.ts';
import { PageContextProvider, type TSiteAssets } from './page-context.tsx';
import { BlogIndexPage, BlogPostPage } from './pages/blog-pages.tsx';
import { ContactPage, ContactSentPage } from './pages/contact-page.tsx';
import { Document } from './pages/document.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { OldHomePage } from './pages/old-home-page.tsx';
import { PrivacyIndexPage, PrivacyNoticePage, type TNoticeCard, type TNoticeEntry } from './pages/privacy-pages.tsx';
import type { TFooterLinks } from './pages/site-footer.tsx';
import { currentEntry, indexNotices, type TNoticeIndex } from './privacy-entries.ts';
import { FULL_SITE_LANGUAGES, fullSiteLanguageFor, SITE_LANGUAGES, type TFullSiteLanguage, type TSiteLanguage } from './site-languages.ts';
import type { TSitePage } from './site-page.ts';
import { sitePaths } from './site-paths.ts';
import { format, siteTexts } from './texts.ts';

export type TGenerateOptions = {
  content: TSiteContent;
  /** The public address of the site's root, for canonical links, hreflang, the sitemap and feeds. */
  siteUrl: string;
  assets: TSiteAssets;
  /** CURRENT_PRIVACY_NOTICE_VERSION: the general notice the contact form's consent refers to. */
  currentNoticeVersion: string;
};

export type TGeneratedSite = {
  pages: TSitePage[];
  /** Every file to write, by its path inside the site: the pages' HTML, the sitemap, robots.txt, the feeds. */
  files: Map<string, string>;
};

const byLanguage = <T,>(languages: readonly TSiteLanguage[], pathOf: (language: TSiteLanguage) => T) => Object.fromEntries(languages.map((language) => [language, pathOf(language)])) as Partial<Record<TSiteLanguage, T>>;
const bothLanguages = (pathOf: (language: TFullSiteLanguage) => string) => byLanguage(FULL_SITE_LANGUAGES, (language) => pathOf(language as TFullSiteLanguage));

/** Every page of the site, in every language it exists in. */
export function sitePages(content: TSiteContent, notices: TNoticeIndex): TSitePage[] {
  const pages: TSitePage[] = [];
  for (const language of FULL_SITE_LANGUAGES) pages.push(...fullLanguagePages(content, notices, language));
  for (const language of SITE_LANGUAGES) pages.push(...privacyPages(notices, language), notFoundPage(language));
  return pages;
}

function fullLanguagePages(content: TSiteContent, notices: TNoticeIndex, language: TFullSiteLanguage): TSitePage[] {
  const texts = siteTexts(language);
  const posts = postsIn(content, language);
  const privacyPath = currentEntry(notices, 'general', language)?.path ?? sitePaths.privacyIndex(language);
  const feeds = [{ title: texts.blog.feedTitle, path: sitePaths.blogFeed(language) }];
  const page = (fields: Omit<TSitePage, 'language' | 'ogType' | 'indexable'> & Partial<Pick<TSitePage, 'ogType' | 'indexable'>>): TSitePage => ({ language, ogType: 'website', indexable: true, ...fields });
  return [
    page({
      path: sitePaths.home(language),
      title: texts.home.title,
      description: texts.home.description,
      alternates: bothLanguages(sitePaths.home),
      feeds,
      main: <HomePage language={language} customers={content.customers} latestPosts={posts.slice(0, 3)} privacyPath={privacyPath} />,
    }),
    page({ path: sitePaths.oldHome(language), title: texts.oldHome.title, description: texts.oldHome.description, alternates: bothLanguages(sitePaths.oldHome), main: <OldHomePage language={language} /> }),
    page({
      path: sitePaths.contact(language),
      title: texts.contact.title,
      description: texts.contact.description,
      alternates: bothLanguages(sitePaths.contact),
      scripts: ['contactScript'],
      referrer: 'same-origin',
      main: <ContactPage language={language} privacyPath={privacyPath} mapsNoticePath={currentEntry(notices, 'maps', language)?.path ?? null} />,
    }),
    page({ path: sitePaths.contactSent(language), title: texts.contact.thanks.title, description: texts.contact.thanks.text, alternates: bothLanguages(sitePaths.contactSent), indexable: false, main: <ContactSentPage language={language} /> }),
    page({ path: sitePaths.blogIndex(language), title: texts.blog.title, description: texts.blog.description, alternates: bothLanguages(sitePaths.blogIndex), feeds, main: <BlogIndexPage language={language} posts={posts} /> }),
    ...posts.map((post) => {
      const other: TFullSiteLanguage = language === 'hu' ? 'en' : 'hu';
      const translationPath = post.translation ? sitePaths.blogPost(other, post.translation) : null;
      return page({
        path: sitePaths.blogPost(language, post.slug),
        title: `${post.title} – ${texts.meta.titleSuffix}`,
        description: post.summary,
        alternates: { [language]: sitePaths.blogPost(language, post.slug), ...(translationPath ? { [other]: translationPath } : {}) },
        ogType: 'article',
        published: post.date,
        feeds,
        main: <BlogPostPage post={post} translationPath={translationPath} morePosts={posts.filter((candidate) => candidate !== post).slice(0, 3)} />,
      });
    }),
  ];
}

/** The privacy index and every notice version in one language (German: the general notice only). */
function privacyPages(notices: TNoticeIndex, language: TSiteLanguage): TSitePage[] {
  const texts = siteTexts(language);
  const languagesWith = (kind: keyof TNoticeIndex) => SITE_LANGUAGES.filter((candidate) => notices[kind][candidate]?.length);
  const cards: TNoticeCard[] = (['general', 'maps', 'partners'] as const).flatMap((kind) => {
    const entry = currentEntry(notices, kind, language) ?? currentEntry(notices, kind, fullSiteLanguageFor(language));
    if (!entry) return [];
    const others = languagesWith(kind).filter((other) => other !== entry.notice.language && other !== language).flatMap((other) => {
      const path = currentEntry(notices, kind, other)?.path;
      return path ? [{ language: other, path }] : [];
    });
    return [{ kind, entry, others }];
  });
  const general = notices.general[language] ?? [];
  const index: TSitePage = {
    path: sitePaths.privacyIndex(language),
    language,
    title: texts.privacy.title,
    description: texts.privacy.description,
    alternates: byLanguage(languagesWith('general'), sitePaths.privacyIndex),
    ogType: 'website',
    indexable: true,
    main: <PrivacyIndexPage cards={cards} versions={general} />,
  };
  const noticePages = (['general', 'maps', 'partners'] as const).flatMap((kind) =>
    (notices[kind][language] ?? []).map((entry): TSitePage => {
      const sameVersion = SITE_LANGUAGES.flatMap((other) => {
        const found = notices[kind][other]?.find((candidate) => candidate.notice.version === entry.notice.version);
        return found ? [{ language: other, path: found.path }] : [];
      });
      const current = notices[kind][language]?.find((candidate) => candidate.current) ?? entry;
      return {
        path: entry.path,
        language,
        title: `${entry.notice.title} (${format(texts.privacy.versionLabel, { version: entry.notice.version })}) – ${texts.meta.titleSuffix}`,
        description: entry.notice.summary,
        alternates: Object.fromEntries(sameVersion.map((link) => [link.language, link.path])),
        ogType: 'article',
        indexable: true,
        published: entry.notice.effective_from,
        main: <PrivacyNoticePage entry={entry} current={current} versions={notices[kind][language] ?? []} others={sameVersion.filter((link) => link.language !== language)} />,
      };
    }),
  );
  return [index, ...noticePages];
}

function notFoundPage(language: TSiteLanguage): TSitePage {
  const texts = siteTexts(language);
  return { path: sitePaths.notFound(language), language, title: texts.notFound.title, description: texts.notFound.description, alternates: {}, ogType: 'website', indexable: false, main: <NotFoundPage /> };
}

/** The footer's links to the variant notices in a language (German pages: the English ones). */
function footerLinksFor(notices: TNoticeIndex, language: TSiteLanguage): TFooterLinks {
  const variant = (kind: 'maps' | 'partners') => (currentEntry(notices, kind, language) ?? currentEntry(notices, kind, fullSiteLanguageFor(language)))?.path;
  const maps = variant('maps');
  const partners = variant('partners');
  return { ...(maps ? { maps } : {}), ...(partners ? { partners } : {}) };
}

/** The complete HTML of a page. */
export function renderSitePage(page: TSitePage, options: Pick<TGenerateOptions, 'siteUrl' | 'assets'>, footerLinks: TFooterLinks): string {
  // The 404 page is sent at any address: its links start from the site's root (SITE_BASE_PLACEHOLDER).
  const rootPrefix = page.path === sitePaths.notFound(page.language) ? { rootPrefix: SITE_BASE_PLACEHOLDER } : {};
  const context = { path: page.path, language: page.language, texts: siteTexts(page.language), assets: options.assets, siteUrl: options.siteUrl, ...rootPrefix };
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <PageContextProvider value={context}>
      <Document page={page} footerLinks={footerLinks} />
    </PageContextProvider>,
  )}`;
}

/** The whole site as files: every page, the sitemap, robots.txt and one blog feed per language. */
export function generateSite(options: TGenerateOptions): TGeneratedSite {
  const notices = indexNotices(options.content, options.currentNoticeVersion);
  const pages = sitePages(options.content, notices);
  const files = new Map<string, string>();
  for (const page of pages) {
    if (files.has(page.path)) throw new Error(`two pages at ${page.path}`);
    files.set(page.path, renderSitePage(page, options, footerLinksFor(notices, page.language)));
  }
  files.set('sitemap.xml', sitemapXml(options.siteUrl, pages));
  files.set('robots.txt', robotsTxt(options.siteUrl));
  for (const language of FULL_SITE_LANGUAGES) files.set(sitePaths.blogFeed(language), blogFeedXml(options.siteUrl, language, postsIn(options.content, language)));
  return { pages, files };
}
