import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENT_PRIVACY_NOTICE_VERSION, SITE_BASE_PLACEHOLDER } from '@ona/contracts';
import { ZBlogPostFrontMatter } from '@ona/contracts';
import { ZPrivacyFrontMatter } from './content/front-matter.ts';
import { loadSiteContent } from './content/load-content.ts';
import { ContentError, readMarkdownFile } from './content/markdown.ts';
import { SITE_CONTENT } from './build/write-site.ts';
import { generateSite } from './generate-site.tsx';
import { SITE_LANGUAGES } from './site-languages.ts';
import { absoluteUrl, relativeHref } from './site-paths.ts';
import { contentFolder, notice, post, smallSiteFiles, TEST_ASSETS } from './testing/site-fixture.ts';

const SITE_URL = 'https://www.ona.example/';
const PUBLISHED_BY = '2026-01-01';
const load = (files: Record<string, string>) => loadSiteContent(contentFolder(files), { publishedBy: PUBLISHED_BY });
const generate = (files: Record<string, string> = smallSiteFiles()) => generateSite({ content: load(files), siteUrl: SITE_URL, assets: TEST_ASSETS, currentNoticeVersion: '202411' });
const head = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '');

describe('front matter', () => {
  it('reads a post’s fields with the contract’s schema, its date as the YYYY-MM-DD it is written as', () => {
    const { data, body } = readMarkdownFile('x.md', post({ language: 'en', slug: 'first-post', date: '2024-11-05', translation: 'elso-bejegyzes' }), ZBlogPostFrontMatter);
    expect(data).toEqual({ title: 'Post first-post', date: '2024-11-05', language: 'en', slug: 'first-post', summary: 'What first-post is about.', translation: 'elso-bejegyzes' });
    expect(body).toContain('The text of first-post.');
  });

  it('refuses a file without a title, naming the file and the field', () => {
    const source = post({ language: 'en', slug: 'untitled', date: '2024-11-05' }).replace('title: Post untitled\n', '');
    expect(() => readMarkdownFile('blog/en/untitled.md', source, ZBlogPostFrontMatter)).toThrow(/blog\/en\/untitled\.md: title/);
  });

  it('refuses a notice version written as a YAML number, saying to quote it', () => {
    const source = notice({ notice: 'general', version: '202411', language: 'en', from: '2024-11-01' }).replace('version: "202411"', 'version: 202411');
    expect(() => readMarkdownFile('privacy/general/202411.en.md', source, ZPrivacyFrontMatter)).toThrow(ContentError);
    expect(() => readMarkdownFile('privacy/general/202411.en.md', source, ZPrivacyFrontMatter)).toThrow(/version/);
  });

  it('refuses a post whose file name is not its slug, and a translation that does not name it back', () => {
    expect(() => load({ ...smallSiteFiles(), 'blog/en/renamed.md': post({ language: 'en', slug: 'other', date: '2024-01-01', translation: 'elso-bejegyzes' }) })).toThrow(/slug is other/);
    const oneSided = { ...smallSiteFiles(), 'blog/en/english-only.md': post({ language: 'en', slug: 'english-only', date: '2025-01-20', translation: 'elso-bejegyzes' }) };
    expect(() => load(oneSided)).toThrow(/does not name it back/);
  });
});

describe('the privacy notice versions', () => {
  it('need the current version (the contact form’s consent) in Hungarian, English and German', () => {
    const files = smallSiteFiles();
    delete files['privacy/general/202411.de.md'];
    expect(() => generate(files)).toThrow(/202411.*has no de text/);
  });

  it('refuse a version newer than CURRENT_PRIVACY_NOTICE_VERSION', () => {
    const files = { ...smallSiteFiles(), 'privacy/general/202601.en.md': notice({ notice: 'general', version: '202601', language: 'en', from: '2026-01-01' }) };
    expect(() => generate(files)).toThrow(/newer than CURRENT_PRIVACY_NOTICE_VERSION/);
  });

  it('keep every version at its own page, the old one linking to the current one', () => {
    const { files } = generate();
    const old = files.get('en/privacy/202303.html')!;
    expect(old).toContain('This version is no longer in force. It applied from 1 March 2023 to 31 October 2024.');
    expect(old).toContain('href="202411.html"');
    expect(files.get('en/privacy/202411.html')).toContain('href="202303.html"');
    expect(files.get('de/privacy/202411.html')).toContain('<html lang="de">');
  });
});

describe('the generated site', () => {
  it('has a page for every published post in its language, and none for a post dated after the build', () => {
    const { files } = generate();
    expect([...files.keys()].filter((path) => /blog\/[^/]+\.html$/.test(path) && !path.endsWith('index.html')).sort()).toEqual(['blog/elso-bejegyzes.html', 'en/blog/english-only.html', 'en/blog/first-post.html']);
    // An unknown slug is the server's 404 (apps/server/src/plugins/site-pages.test.ts); the page it sends exists per language.
    expect(files.get('404.html')).toContain('<meta name="robots" content="noindex"/>');
    expect(files.get('en/404.html')).toContain('Page not found');
  });

  it('lists every indexable page in the sitemap, and only those', () => {
    const { files, pages } = generate();
    const listed = head(files.get('sitemap.xml')!, /<loc>([^<]+)<\/loc>/g).sort();
    const html = [...files.keys()].filter((path) => path.endsWith('.html'));
    const hidden = ['404.html', 'en/404.html', 'de/404.html', 'contact-sent.html', 'en/contact-sent.html'];
    expect(listed).toEqual(html.filter((path) => !hidden.includes(path)).map((path) => absoluteUrl(SITE_URL, path)).sort());
    expect(listed).toEqual(pages.filter((page) => page.indexable).map((page) => absoluteUrl(SITE_URL, page.path)).sort());
    expect(files.get('robots.txt')).toContain(`Sitemap: ${SITE_URL}sitemap.xml`);
  });

  it('pairs every page with its translations both ways (hreflang), x-default pointing to Hungarian', () => {
    const { files, pages } = generate();
    const byUrl = new Map(pages.map((page) => [absoluteUrl(SITE_URL, page.path), files.get(page.path)!]));
    for (const page of pages.filter((candidate) => candidate.indexable)) {
      const html = files.get(page.path)!;
      const alternates = head(html, /<link rel="alternate" hrefLang="([a-z-]+)" href="[^"]+"\/>/g);
      const urls = head(html, /<link rel="alternate" hrefLang="[a-z-]+" href="([^"]+)"\/>/g);
      if (alternates.length === 0) continue;
      expect(alternates).toContain(page.language);
      if (page.alternates.hu) expect(alternates).toContain('x-default');
      for (const url of urls) {
        const other = byUrl.get(url);
        expect(other, `${page.path} → ${url}`).toBeDefined();
        // The page on the other side names this page too.
        expect(other).toContain(`href="${absoluteUrl(SITE_URL, page.path)}"`);
      }
    }
    const english = files.get('en/blog/first-post.html')!;
    expect(english).toContain(`<link rel="alternate" hrefLang="hu" href="${SITE_URL}blog/elso-bejegyzes.html"/>`);
    expect(english).toContain(`<link rel="alternate" hrefLang="x-default" href="${SITE_URL}blog/elso-bejegyzes.html"/>`);
    // A post whose translation is not published yet has no alternates at all, and no link to it.
    expect(files.get('en/blog/english-only.html')).not.toContain('hrefLang="hu"');
    expect(files.has('blog/kesobbi-bejegyzes.html')).toBe(false);
  });

  it('gives every page its own title, a description, a canonical link, Open Graph tags and its language', () => {
    const { files, pages } = generate();
    const titles = new Set<string>();
    for (const page of pages) {
      const html = files.get(page.path)!;
      expect(html.startsWith('<!DOCTYPE html><html lang="' + page.language + '">')).toBe(true);
      const title = `${page.language}: ${head(html, /<title>([^<]+)<\/title>/g)[0]!}`;
      expect(titles.has(title), `duplicate title ${title}`).toBe(false);
      titles.add(title);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
      expect(html).toContain(`<meta property="og:title" content="`);
      if (page.indexable) expect(html).toContain(`<link rel="canonical" href="${absoluteUrl(SITE_URL, page.path)}"/>`);
      expect(html).toMatch(/<main id="main" tabindex="-1">[\s\S]*<h1[ >]/);
    }
  });

  it('links between pages with relative addresses, so the same HTML works under /site/ and under /', () => {
    const { files } = generate();
    const internalHrefs = (html: string) => head(html, / href="([^"]+)"/g).filter((href) => !/^(https?:|mailto:|#)/.test(href));
    const pages = [...files.entries()].filter(([path]) => path.endsWith('.html'));
    const internal = pages.filter(([path]) => !path.endsWith('404.html')).flatMap(([, html]) => internalHrefs(html));
    expect(internal.length).toBeGreaterThan(100);
    expect(internal.filter((href) => href.startsWith('/'))).toEqual([]);
    // The 404 page is sent at any address: its links start from the site's base, which the server fills in.
    const notFound = pages.filter(([path]) => path.endsWith('404.html')).flatMap(([, html]) => internalHrefs(html));
    expect(notFound.length).toBeGreaterThan(10);
    expect(notFound.filter((href) => !href.startsWith(SITE_BASE_PLACEHOLDER))).toEqual([]);
  });

  it('writes one RSS feed per language with that language’s posts', () => {
    const { files } = generate();
    expect(head(files.get('en/blog/rss.xml')!, /<link>([^<]+)<\/link>/g)).toEqual([`${SITE_URL}en/blog/index.html`, `${SITE_URL}en/blog/english-only.html`, `${SITE_URL}en/blog/first-post.html`]);
    expect(head(files.get('blog/rss.xml')!, /<guid isPermaLink="true">([^<]+)<\/guid>/g)).toEqual([`${SITE_URL}blog/elso-bejegyzes.html`]);
  });
});

describe('relative links', () => {
  it.each([
    ['index.html', 'en/index.html', 'en/index.html'],
    ['en/blog/post.html', 'en/contact.html', '../contact.html'],
    ['en/blog/post.html', 'blog/index.html', '../../blog/index.html'],
    ['privacy/202411.html', 'privacy/202303.html', '202303.html'],
    ['de/privacy/index.html', 'en/privacy/maps.html', '../../en/privacy/maps.html'],
    ['contact.html', 'index.html#features', 'index.html#features'],
  ])('from %s to %s is %s', (from, target, expected) => {
    expect(relativeHref(from, target)).toBe(expected);
  });
});

describe('the repository’s content', () => {
  it('loads, and carries the current privacy notice in every site language', () => {
    const content = loadSiteContent(SITE_CONTENT, { publishedBy: '9999-12-31' });
    for (const language of SITE_LANGUAGES) expect(content.notices.some((entry) => entry.notice === 'general' && entry.version === CURRENT_PRIVACY_NOTICE_VERSION && entry.language === language)).toBe(true);
    expect(content.customers.length).toBeGreaterThanOrEqual(6);
    for (const language of ['hu', 'en'] as const) expect(content.posts.filter((entry) => entry.language === language).length).toBeGreaterThanOrEqual(3);
  });

  it('has the same text keys in every language file', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value).flatMap(([key, child]) => keys(child, `${prefix}${key}.`)) : [prefix];
    const dir = join(import.meta.dirname, 'locales');
    const files = readdirSync(dir);
    const english = keys(JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8'))).sort();
    for (const file of files) expect([file, keys(JSON.parse(readFileSync(join(dir, file), 'utf8'))).sort()]).toEqual([file, english]);
  });
});

describe('the contact page', () => {
  it('states the API’s rules in its markup (the script reads them from there) and carries the spec’s messages', () => {
    const html = generate().files.get('en/contact.html')!;
    const input = (name: string) => new RegExp(`<(?:input|textarea)[^>]* name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(input('name')).toMatch(/maxLength="200"[^>]* required=""/);
    expect(input('email')).toMatch(/type="email"[^>]*maxLength="254"[^>]* required=""/);
    expect(input('company')).not.toContain('required');
    expect(input('message')).toMatch(/maxLength="5000"[^>]* required=""/);
    expect(input('consent')).toMatch(/type="checkbox" required=""/);
    expect(html).toContain('data-problem="name:required" hidden="">This field is required.</p>');
    expect(html).toContain('data-problem="email:invalid_email" hidden="">Invalid email format.</p>');
    expect(html).toMatch(/<form class="contact-form"[^>]* action="\/api\/send-contact-email\/" method="post">/);
    expect(html).toMatch(/<a href="privacy\/202411.html">privacy notice<\/a>/);
  });
});
