import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TFullSiteLanguage, TSiteLanguage } from '../site-languages.ts';
import { FULL_SITE_LANGUAGES } from '../site-languages.ts';
import { ZBlogPostFrontMatter, type TBlogPostFrontMatter } from '@ona/contracts';
import { PRIVACY_NOTICES, ZCustomers, ZPrivacyFrontMatter, type TCustomer, type TPrivacyFrontMatter } from './front-matter.ts';
import { ContentError, readMarkdownFile, renderMarkdown, type THeading } from './markdown.ts';

/** A published post; `translation` is null while the other language's version is not published yet. */
export type TBlogPost = Omit<TBlogPostFrontMatter, 'translation'> & { translation: string | null; html: string };
export type TPrivacyNotice = TPrivacyFrontMatter & { html: string; headings: THeading[] };
export type TSiteContent = {
  posts: TBlogPost[];
  notices: TPrivacyNotice[];
  customers: TCustomer[];
  /** Absolute paths of the customers' logo files, by file name. */
  customerLogos: Map<string, string>;
};

const markdownFiles = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.md')).sort() : []);

/**
 * `blog/{language}/{slug}.md`; the file's place must agree with its front matter. A post dated
 * after `publishedBy` is checked but not published yet (the contract's rule).
 */
function loadPosts(contentDir: string, publishedBy: string): TBlogPost[] {
  const posts: (TBlogPostFrontMatter & { html: string })[] = [];
  for (const language of FULL_SITE_LANGUAGES) {
    const dir = join(contentDir, 'blog', language);
    for (const name of markdownFiles(dir)) {
      const file = join(dir, name);
      const { data, body } = readMarkdownFile(file, readFileSync(file, 'utf8'), ZBlogPostFrontMatter);
      if (data.language !== language) throw new ContentError(`${file}: language is ${data.language}, the folder says ${language}`);
      if (`${data.slug}.md` !== name) throw new ContentError(`${file}: slug is ${data.slug}, the file name says ${name.replace(/\.md$/, '')}`);
      posts.push({ ...data, html: renderMarkdown(body).html });
    }
  }
  checkTranslations(posts);
  const published = posts.filter((post) => post.date <= publishedBy);
  const isPublished = (language: string, slug: string) => published.some((post) => post.language === language && post.slug === slug);
  return published
    .map((post) => ({ ...post, translation: isPublished(post.language === 'hu' ? 'en' : 'hu', post.translation) ? post.translation : null }))
    // Newest first; a fixed order for posts of the same day.
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** A translation must exist in the other language and name this post back, so hreflang pairs hold. */
function checkTranslations(posts: readonly TBlogPostFrontMatter[]): void {
  for (const post of posts) {
    const other = posts.find((candidate) => candidate.language !== post.language && candidate.slug === post.translation);
    if (!other) throw new ContentError(`blog post ${post.language}/${post.slug}: its translation ${post.translation} does not exist in the other language`);
    if (other.translation !== post.slug) throw new ContentError(`blog post ${post.language}/${post.slug}: its translation ${other.slug} does not name it back (translation: ${other.translation})`);
  }
}

/** `privacy/{notice}/{version}.{language}.md` */
function loadNotices(contentDir: string): TPrivacyNotice[] {
  const notices: TPrivacyNotice[] = [];
  for (const kind of PRIVACY_NOTICES) {
    const dir = join(contentDir, 'privacy', kind);
    for (const name of markdownFiles(dir)) {
      const file = join(dir, name);
      const { data, body } = readMarkdownFile(file, readFileSync(file, 'utf8'), ZPrivacyFrontMatter);
      if (data.notice !== kind || `${data.version}.${data.language}.md` !== name) {
        throw new ContentError(`${file}: the front matter (${data.notice}, ${data.version}, ${data.language}) does not match the file's place (${kind}/${name})`);
      }
      notices.push({ ...data, ...renderMarkdown(body) });
    }
  }
  return notices.sort((a, b) => b.version.localeCompare(a.version));
}

function loadCustomers(contentDir: string): { customers: TCustomer[]; customerLogos: Map<string, string> } {
  const file = join(contentDir, 'customers.json');
  const checked = ZCustomers.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!checked.success) throw new ContentError(`${file}: ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const customerLogos = new Map<string, string>();
  for (const customer of checked.data.customers) {
    const logo = join(contentDir, 'customers', customer.logo);
    if (!existsSync(logo)) throw new ContentError(`${file}: the logo of ${customer.name} (${logo}) does not exist`);
    customerLogos.set(customer.logo, logo);
  }
  return { customers: checked.data.customers, customerLogos };
}

/**
 * Reads and checks every content file of the site; a bad file stops the build with its name.
 * `publishedBy` (YYYY-MM-DD, the build's day) holds back posts dated later.
 */
export function loadSiteContent(contentDir: string, options: { publishedBy: string }): TSiteContent {
  return { posts: loadPosts(contentDir, options.publishedBy), notices: loadNotices(contentDir), ...loadCustomers(contentDir) };
}

export function postsIn(content: TSiteContent, language: TFullSiteLanguage): TBlogPost[] {
  return content.posts.filter((post) => post.language === language);
}

export function noticesIn(content: TSiteContent, kind: TPrivacyNotice['notice'], language: TSiteLanguage): TPrivacyNotice[] {
  return content.notices.filter((notice) => notice.notice === kind && notice.language === language);
}
