import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressTree } from '../../../web/build/precompress.ts';
import { loadSiteContent } from '../content/load-content.ts';
import { generateSite } from '../generate-site.tsx';
import type { TSitePage } from '../site-page.ts';
import { buildSiteAssets } from './site-assets.ts';

const repo = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

/** The repository's content folder and the build's output folder. */
export const SITE_CONTENT = repo('content/site');
export const SITE_OUT = repo('apps/site/dist');

/**
 * Builds the whole site into `outDir` (emptied first): content read and checked, assets bundled,
 * every page rendered, the sitemap, robots.txt and feeds written, `.br` and `.gz` twins beside
 * the text files.
 */
export async function writeSite(options: { contentDir: string; outDir: string; siteUrl: string; currentNoticeVersion: string; publishedBy: string }): Promise<TSitePage[]> {
  const content = loadSiteContent(options.contentDir, { publishedBy: options.publishedBy });
  const { assets, files: assetFiles } = await buildSiteAssets({
    faviconFile: repo('apps/web/public/favicon.svg'),
    socialImageFile: join(options.contentDir, 'social-card.png'),
    customerLogos: content.customerLogos,
  });
  const site = generateSite({ content, siteUrl: options.siteUrl, assets, currentNoticeVersion: options.currentNoticeVersion });
  rmSync(options.outDir, { recursive: true, force: true });
  for (const file of [...assetFiles, ...[...site.files].map(([path, text]) => ({ path, content: text }))]) {
    const target = join(options.outDir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
  await precompressTree(options.outDir);
  return site.pages;
}
