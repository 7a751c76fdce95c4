import type { TBlogPost } from '../content/load-content.ts';
import type { TFullSiteLanguage } from '../site-languages.ts';
import { absoluteUrl, sitePaths } from '../site-paths.ts';
import { siteTexts } from '../texts.ts';
import { escapeXml } from './xml.ts';

/** RFC 822 date of a content date (noon UTC, so no reader shifts it to the day before). */
const rfc822 = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).toUTCString();

/** The blog's RSS 2.0 feed in one language, newest post first. */
export function blogFeedXml(siteUrl: string, language: TFullSiteLanguage, posts: readonly TBlogPost[]): string {
  const texts = siteTexts(language);
  const url = (path: string) => escapeXml(absoluteUrl(siteUrl, path));
  const items = posts.map((post) =>
    [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${url(sitePaths.blogPost(language, post.slug))}</link>`,
      `      <guid isPermaLink="true">${url(sitePaths.blogPost(language, post.slug))}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <description>${escapeXml(post.summary)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(texts.blog.feedTitle)}</title>`,
    `    <link>${url(sitePaths.blogIndex(language))}</link>`,
    `    <atom:link href="${url(sitePaths.blogFeed(language))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(texts.blog.description)}</description>`,
    `    <language>${language}</language>`,
    ...(posts[0] ? [`    <lastBuildDate>${rfc822(posts[0].date)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
