import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TSiteAssets } from '../page-context.tsx';

/** A content folder written for one test: file path (inside the folder) → text. */
export function contentFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ona-site-content-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export const post = (fields: { language: string; slug: string; date: string; translation?: string; title?: string }) =>
  [
    '---',
    `title: ${fields.title ?? `Post ${fields.slug}`}`,
    `date: ${fields.date}`,
    `language: ${fields.language}`,
    `slug: ${fields.slug}`,
    `summary: What ${fields.slug} is about.`,
    ...(fields.translation ? [`translation: ${fields.translation}`] : []),
    '---',
    '',
    `## A heading of ${fields.slug}`,
    '',
    `The text of ${fields.slug}.`,
    '',
  ].join('\n');

export const notice = (fields: { notice: string; version: string; language: string; from: string }) =>
  ['---', `title: Notice ${fields.notice} ${fields.language}`, `notice: ${fields.notice}`, `version: "${fields.version}"`, `language: ${fields.language}`, `effective_from: ${fields.from}`, 'summary: What the notice covers.', '---', '', '## 1. Who we are', '', 'A controller.', '', '## 2. Data', '', 'Some data.', '', '## 3. Rights', '', 'Your rights.', ''].join('\n');

/** A small complete site: a translated pair of posts, a post whose translation is not published yet, two notice versions in every language, the variants, one customer. */
export function smallSiteFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'blog/hu/elso-bejegyzes.md': post({ language: 'hu', slug: 'elso-bejegyzes', date: '2024-11-05', translation: 'first-post' }),
    'blog/en/first-post.md': post({ language: 'en', slug: 'first-post', date: '2024-11-05', translation: 'elso-bejegyzes' }),
    'blog/en/english-only.md': post({ language: 'en', slug: 'english-only', date: '2025-01-20', translation: 'kesobbi-bejegyzes' }),
    // Dated after the tests' publishing day: checked, not published, so its English twin has no alternate yet.
    'blog/hu/kesobbi-bejegyzes.md': post({ language: 'hu', slug: 'kesobbi-bejegyzes', date: '2030-01-01', translation: 'english-only' }),
    'customers.json': JSON.stringify({ customers: [{ name: 'Example Works', logo: 'example-works.svg', sector: { hu: 'Ipar', en: 'Industry', de: 'Industrie' } }] }),
    'customers/example-works.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>',
  };
  for (const language of ['hu', 'en', 'de']) {
    files[`privacy/general/202303.${language}.md`] = notice({ notice: 'general', version: '202303', language, from: '2023-03-01' });
    files[`privacy/general/202411.${language}.md`] = notice({ notice: 'general', version: '202411', language, from: '2024-11-01' });
  }
  for (const language of ['hu', 'en']) {
    files[`privacy/maps/202411.${language}.md`] = notice({ notice: 'maps', version: '202411', language, from: '2024-11-01' });
    files[`privacy/partners/202411.${language}.md`] = notice({ notice: 'partners', version: '202411', language, from: '2024-11-01' });
  }
  return files;
}

export const TEST_ASSETS: TSiteAssets = {
  stylesheet: 'assets/site.test.css',
  contactScript: 'assets/contact-form.test.js',
  favicon: 'favicon.svg',
  socialImage: 'social-card.png',
  logos: new Map([['example-works.svg', 'assets/customers/example-works.test.svg']]),
};
