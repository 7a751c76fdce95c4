import { usePage } from '../page-context.tsx';
import { fullSiteLanguageFor } from '../site-languages.ts';
import { sitePaths } from '../site-paths.ts';

/** What an unknown address of the site shows, with status 404 (an unknown post or notice version too). */
export function NotFoundPage() {
  const { texts, href, language } = usePage();
  const site = fullSiteLanguageFor(language);
  return (
    <section className="section not-found">
      <div className="container container-narrow">
        <p className="eyebrow">404</p>
        <h1>{texts.notFound.heading}</h1>
        <p className="lead">{texts.notFound.text}</p>
        <ul className="link-list">
          <li>
            <a href={href(sitePaths.home(site))}>{texts.notFound.home}</a>
          </li>
          <li>
            <a href={href(sitePaths.blogIndex(site))}>{texts.notFound.blog}</a>
          </li>
          <li>
            <a href={href(sitePaths.privacyIndex(language))}>{texts.notFound.privacy}</a>
          </li>
        </ul>
      </div>
    </section>
  );
}
