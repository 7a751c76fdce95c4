import { CURRENT_PRIVACY_NOTICE_VERSION } from '@ona/contracts';
import { SITE_CONTENT, SITE_OUT, writeSite } from './build/write-site.ts';

/**
 * `npm run build -w apps/site` (part of `npm run build:web`): prerenders the public site into
 * apps/site/dist, which the server sends for the site's addresses (docs/site.md).
 *   SITE_URL          the site's public address, for canonical links, hreflang, the sitemap and
 *                     feeds (default http://127.0.0.1:8080/site/, the address of `npm start`)
 *   SITE_CONTENT_DIR  the content folder (default content/site of the repository)
 *   SITE_OUT_DIR      where to write it (default apps/site/dist; tests build into a temporary folder)
 * Blog posts dated after the day of the build wait for a later build.
 */
const siteUrl = process.env.SITE_URL ?? 'http://127.0.0.1:8080/site/';
const outDir = process.env.SITE_OUT_DIR ?? SITE_OUT;
const pages = await writeSite({ contentDir: process.env.SITE_CONTENT_DIR ?? SITE_CONTENT, outDir, siteUrl, currentNoticeVersion: CURRENT_PRIVACY_NOTICE_VERSION, publishedBy: new Date().toISOString().slice(0, 10) });
console.log(`Site built into ${outDir}: ${pages.length} pages for ${siteUrl}${process.env.SITE_URL ? '' : ' (set SITE_URL to the public address)'}`);
