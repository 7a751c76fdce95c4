import { SITE_LANGUAGES } from '../site-languages.ts';
import type { TSitePage } from '../site-page.ts';
import { absoluteUrl } from '../site-paths.ts';
import { escapeXml } from './xml.ts';

/** `sitemap.xml`: every indexable page, with its language alternates (sitemaps.org, xhtml:link). */
export function sitemapXml(siteUrl: string, pages: readonly TSitePage[]): string {
  const urls = pages
    .filter((page) => page.indexable)
    .map((page) => {
      const alternates = SITE_LANGUAGES.flatMap((language) => {
        const path = page.alternates[language];
        return path && Object.keys(page.alternates).length > 1 ? [`    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(absoluteUrl(siteUrl, path))}"/>`] : [];
      });
      const lastmod = page.published ? [`    <lastmod>${page.published}</lastmod>`] : [];
      return ['  <url>', `    <loc>${escapeXml(absoluteUrl(siteUrl, page.path))}</loc>`, ...lastmod, ...alternates, '  </url>'].join('\n');
    });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">', ...urls, '</urlset>', ''].join('\n');
}

/** `robots.txt`: everything may be crawled; the sitemap's address. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, 'sitemap.xml')}\n`;
}
