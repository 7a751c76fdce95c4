import { usePage } from '../page-context.tsx';
import type { TFullSiteLanguage } from '../site-languages.ts';
import { sitePaths } from '../site-paths.ts';

/** The previous landing page, kept for the links that still point at it. */
export function OldHomePage({ language }: { language: TFullSiteLanguage }) {
  const { texts, href } = usePage();
  const old = texts.oldHome;
  return (
    <>
      <div className="notice-bar">
        <div className="container">
          <p>
            {old.notice} <a href={href(sitePaths.home(language))}>{old.noticeLink}</a>
          </p>
        </div>
      </div>
      <section className="section old-home">
        <div className="container container-narrow">
          <h1>{old.heading}</h1>
          <p className="lead">{old.lead}</p>
          <ul className="old-columns">
            {old.columns.map((column) => (
              <li key={column.title}>
                <h2>{column.title}</h2>
                <p>{column.text}</p>
              </li>
            ))}
          </ul>
          <p>
            <a className="button button-primary" href={href(sitePaths.contact(language))}>
              {old.contact}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
