import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CURRENT_PRIVACY_NOTICE_VERSION } from '@ona/contracts';
import { precompressTree } from '../../web/build/precompress.ts';
import { buildSiteAssets } from './build/site-assets.ts';
import { loadSiteContent } from './content/load-content.ts';
import { generateSite } from './generate-site.tsx';

/**
 * `npm run build -w apps/site` (part of `npm run build:web`): prerenders the public site into
 * apps/site/dist, which the server sends for the site's addresses (docs/site.md).
 *   SITE_URL          the site's public address, for canonical links, hreflang, the sitemap and
 *                     feeds (default http://127.0.0.1:8080/site/, the address of `npm start`)
 *   SITE_CONTENT_DIR  the content folder (default content/site of the repository)
 */
const repo = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
export const SITE_DIST = repo('apps/site/dist');
const contentDir = process.env.SITE_CONTENT_DIR ?? repo('content/site');
const siteUrl = process.env.SITE_URL ?? 'http://127.0.0.1:8080/site/';

const content = loadSiteContent(contentDir);
const { assets, files: assetFiles } = await buildSiteAssets({
  faviconFile: repo('apps/web/public/favicon.svg'),
  socialImageFile: join(contentDir, 'social-card.png'),
  customerLogos: content.customerLogos,
});
const site = generateSite({ content, siteUrl, assets, currentNoticeVersion: CURRENT_PRIVACY_NOTICE_VERSION });

rmSync(SITE_DIST, { recursive: true, force: true });
for (const file of [...assetFiles, ...[...site.files].map(([path, text]) => ({ path, content: text }))]) {
  const target = join(SITE_DIST, file.path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, file.content);
}
await precompressTree(SITE_DIST);
console.log(`Site built into ${SITE_DIST}: ${site.pages.length} pages for ${siteUrl}${process.env.SITE_URL ? '' : ' (set SITE_URL to the public address)'}`);
