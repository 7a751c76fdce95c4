import { usePage } from '../page-context.tsx';
import { fullSiteLanguageFor, SITE_LANGUAGES, type TSiteLanguage } from '../site-languages.ts';
import { SITE_REDIRECTS, sitePaths } from '../site-paths.ts';
import { siteTexts } from '../texts.ts';
import { BrandLogo } from '../../../web/src/shared/ui/brand-logo.tsx';

type TNavItem = { key: 'product' | 'customers' | 'blog' | 'contact'; target: string };

/** The banner: logo, the main navigation, the language switch and the way into the app. */
export function SiteHeader({ alternates }: { alternates: Partial<Record<TSiteLanguage, string>> }) {
  const { texts, href, language, path } = usePage();
  const site = fullSiteLanguageFor(language);
  const items: TNavItem[] = [
    { key: 'product', target: `${sitePaths.home(site)}#features` },
    { key: 'customers', target: `${sitePaths.home(site)}#customers` },
    { key: 'blog', target: sitePaths.blogIndex(site) },
    { key: 'contact', target: sitePaths.contact(site) },
  ];
  const current = (target: string) => target === path || (target.endsWith('blog/index.html') && path.startsWith(target.replace('index.html', '')));
  return (
    <header className="site-header">
      <div className="container header-row">
        <a className="brand" href={href(sitePaths.home(site))}>
          <BrandLogo className="brand-logo" />
          <span className="brand-name">{texts.meta.siteName}</span>
        </a>
        <nav className="main-nav" aria-label={texts.a11y.mainNav}>
          <ul>
            {items.map((item) => (
              <li key={item.key}>
                <a href={href(item.target)} {...(current(item.target) ? { 'aria-current': 'page' as const } : {})}>
                  {texts.nav[item.key]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <LanguageSwitch alternates={alternates} />
          <a className="button button-small button-ghost" href={href(SITE_REDIRECTS.signIn)}>
            {texts.nav.signIn}
          </a>
        </div>
      </div>
    </header>
  );
}

/** Links to this page in the other languages; a language without this page is not offered. */
function LanguageSwitch({ alternates }: { alternates: Partial<Record<TSiteLanguage, string>> }) {
  const { texts, href, language } = usePage();
  const others = SITE_LANGUAGES.filter((other) => other !== language && alternates[other]);
  if (others.length === 0) return null;
  return (
    <nav className="language-switch" aria-label={texts.a11y.languageNav}>
      <ul>
        {others.map((other) => (
          <li key={other}>
            <a href={href(alternates[other] ?? '')} hrefLang={other} lang={other}>
              {siteTexts(other).languages[other]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
