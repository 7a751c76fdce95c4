import { usePage } from '../page-context.tsx';
import { DEFAULT_SITE_LANGUAGE, SITE_LANGUAGES } from '../site-languages.ts';
import type { TSitePage } from '../site-page.ts';
import { absoluteUrl } from '../site-paths.ts';
import { siteTexts } from '../texts.ts';
import { SiteFooter, type TFooterLinks } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * The whole HTML document of a page: a head that search engines and link previews read (title,
 * description, canonical, hreflang alternates with x-default, Open Graph), then the skip link,
 * banner, main content and footer. The stylesheet and scripts are same-origin files: the
 * server's Content Security Policy allows no inline script.
 */
export function Document({ page, footerLinks }: { page: TSitePage; footerLinks: TFooterLinks }) {
  const { texts, assets, siteUrl, href } = usePage();
  const url = (path: string) => absoluteUrl(siteUrl, path);
  const alternates = SITE_LANGUAGES.flatMap((language) => (page.alternates[language] ? [[language, page.alternates[language]] as const] : []));
  const xDefault = page.alternates[DEFAULT_SITE_LANGUAGE];
  return (
    <html lang={page.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{page.title}</title>
        <meta name="description" content={page.description} />
        {page.referrer && <meta name="referrer" content={page.referrer} />}
        {page.indexable ? <link rel="canonical" href={url(page.path)} /> : <meta name="robots" content="noindex" />}
        {page.indexable && alternates.length > 1 && (
          <>
            {alternates.map(([language, path]) => (
              <link key={language} rel="alternate" hrefLang={language} href={url(path)} />
            ))}
            {xDefault && <link rel="alternate" hrefLang="x-default" href={url(xDefault)} />}
          </>
        )}
        {page.feeds?.map((feed) => <link key={feed.path} rel="alternate" type="application/rss+xml" title={feed.title} href={href(feed.path)} />)}
        <meta property="og:type" content={page.ogType} />
        <meta property="og:site_name" content={texts.meta.siteName} />
        <meta property="og:title" content={page.title} />
        <meta property="og:description" content={page.description} />
        <meta property="og:url" content={url(page.path)} />
        <meta property="og:image" content={url(assets.socialImage)} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:locale" content={texts.meta.ogLocale} />
        {alternates
          .filter(([language]) => language !== page.language)
          .map(([language]) => (
            <meta key={language} property="og:locale:alternate" content={siteTexts(language).meta.ogLocale} />
          ))}
        {page.published && <meta property="article:published_time" content={page.published} />}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="theme-color" content="#2f40c7" />
        <link rel="icon" href={href(assets.favicon)} type="image/svg+xml" />
        <link rel="stylesheet" href={href(assets.stylesheet)} />
        {page.scripts?.map((script) => <script key={script} type="module" src={href(assets[script])} />)}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {texts.a11y.skipToContent}
        </a>
        <SiteHeader alternates={page.alternates} />
        <main id="main" tabIndex={-1}>
          {page.main}
        </main>
        <SiteFooter links={footerLinks} />
      </body>
    </html>
  );
}
