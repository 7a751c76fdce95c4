import { usePage } from '../page-context.tsx';
import { fullSiteLanguageFor } from '../site-languages.ts';
import { sitePaths } from '../site-paths.ts';
import { BrandLogo } from '../../../web/src/shared/ui/brand-logo.tsx';

/** The links of the footer, in three columns; the variants' addresses come from the content. */
export type TFooterLinks = { maps?: string; partners?: string };

export function SiteFooter({ links }: { links: TFooterLinks }) {
  const { texts, href, language } = usePage();
  const site = fullSiteLanguageFor(language);
  const home = sitePaths.home(site);
  const columns = [
    {
      title: texts.footer.product,
      links: [
        { label: texts.home.features.engagement.title, target: `${home}#engagement` },
        { label: texts.home.features.retention.title, target: `${home}#retention` },
        { label: texts.home.features.leader.title, target: `${home}#leader` },
        { label: texts.home.features.instant.title, target: `${home}#instant` },
      ],
    },
    {
      title: texts.footer.company,
      links: [
        { label: texts.nav.blog, target: sitePaths.blogIndex(site) },
        { label: texts.nav.contact, target: sitePaths.contact(site) },
        { label: texts.footer.oldHome, target: sitePaths.oldHome(site) },
      ],
    },
    {
      title: texts.footer.legal,
      links: [
        { label: texts.privacy.heading, target: sitePaths.privacyIndex(language) },
        ...(links.maps ? [{ label: texts.privacy.maps, target: links.maps }] : []),
        ...(links.partners ? [{ label: texts.privacy.partners, target: links.partners }] : []),
      ],
    },
  ];
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="brand" href={href(home)}>
            <BrandLogo className="brand-logo" />
            <span className="brand-name">{texts.meta.siteName}</span>
          </a>
          <p>{texts.footer.tagline}</p>
        </div>
        <nav className="footer-nav" aria-label={texts.a11y.footerNav}>
          {columns.map((column) => (
            <div key={column.title}>
              <h2 className="footer-title">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.target}>
                    <a href={href(link.target)}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>© {texts.footer.copyright}</p>
      </div>
    </footer>
  );
}
