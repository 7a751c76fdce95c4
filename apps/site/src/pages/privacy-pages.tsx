import type { TPrivacyNotice } from '../content/load-content.ts';
import { usePage } from '../page-context.tsx';
import { SITE_LANGUAGES, type TSiteLanguage } from '../site-languages.ts';
import { sitePaths } from '../site-paths.ts';
import { format, formatDate, siteTexts } from '../texts.ts';

/** A published notice with its address and the dates it applies between. */
export type TNoticeEntry = { notice: TPrivacyNotice; path: string; current: boolean; until: string | null };

/** A link to a notice written in another language than the page. */
type TNoticeLink = { language: TSiteLanguage; path: string };

/** One card of the index: a kind of notice, in the page's language or the nearest one. */
export type TNoticeCard = { kind: TPrivacyNotice['notice']; entry: TNoticeEntry; others: readonly TNoticeLink[] };

/** `privacy/index.html`: the notices, each in the languages it exists in, and every version of the general one. */
export function PrivacyIndexPage({ cards, versions }: { cards: readonly TNoticeCard[]; versions: readonly TNoticeEntry[] }) {
  const { texts, href, language } = usePage();
  return (
    <>
      <section className="page-head">
        <div className="container container-narrow">
          <h1>{texts.privacy.heading}</h1>
          <p className="lead">{texts.privacy.lead}</p>
        </div>
      </section>
      <section className="section section-tight">
        <div className="container container-narrow">
          <ul className="notice-cards">
            {cards.map(({ kind, entry, others }) => (
              <li key={kind} className="notice-card">
                <h2>
                  <a href={href(entry.path)} {...(entry.notice.language === language ? {} : { hrefLang: entry.notice.language, lang: entry.notice.language })}>
                    {entry.notice.language === language ? texts.privacy[kind] : entry.notice.title}
                  </a>
                </h2>
                <p>{texts.privacy[`${kind}Text`]}</p>
                <p className="notice-meta">
                  {format(texts.privacy.versionLabel, { version: entry.notice.version })} · {format(texts.privacy.effective, { from: formatDate(language, entry.notice.effective_from) })}
                </p>
                <OtherLanguages links={others} />
              </li>
            ))}
          </ul>
          <h2 className="versions-title">{texts.privacy.versions}</h2>
          <VersionList versions={versions} />
        </div>
      </section>
    </>
  );
}

/** A notice in full: its version and dates, the way to the current version, its contents and text. */
export function PrivacyNoticePage({ entry, current, versions, others }: { entry: TNoticeEntry; current: TNoticeEntry; versions: readonly TNoticeEntry[]; others: readonly TNoticeLink[] }) {
  const { texts, href, language } = usePage();
  const { notice } = entry;
  const from = formatDate(language, notice.effective_from);
  return (
    <article className="notice" aria-labelledby="notice-title">
      <header className="page-head">
        <div className="container container-narrow">
          <nav aria-label={texts.a11y.breadcrumb} className="breadcrumb">
            <a href={href(sitePaths.privacyIndex(language))}>{texts.privacy.allNotices}</a>
          </nav>
          <h1 id="notice-title">{notice.title}</h1>
          <p className="notice-meta">
            {format(texts.privacy.versionLabel, { version: notice.version })}
            {entry.current && <span className="badge">{texts.privacy.currentBadge}</span>}
          </p>
          {entry.current ? (
            <p>{format(texts.privacy.currentNote, { from })}</p>
          ) : (
            <div className="callout" role="note">
              <p>{format(texts.privacy.outdated, { from, until: entry.until ? formatDate(language, entry.until) : '' })}</p>
              <p>
                <a href={href(current.path)}>{format(texts.privacy.readCurrent, { version: current.notice.version })}</a>
              </p>
            </div>
          )}
          <p className="lead">{notice.summary}</p>
          <OtherLanguages links={others} />
        </div>
      </header>
      <div className="container container-narrow notice-body">
        {notice.headings.length > 2 && (
          <nav className="toc" aria-labelledby="toc-title">
            <h2 id="toc-title" className="toc-title">
              {texts.privacy.contents}
            </h2>
            <ol>
              {notice.headings.map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`}>{heading.text.replace(/^\d+\.\s*/, '')}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="prose" dangerouslySetInnerHTML={{ __html: notice.html }} />
        {versions.length > 1 && (
          <section className="notice-versions" aria-labelledby="versions-title">
            <h2 id="versions-title">{entry.current ? texts.privacy.olderVersions : texts.privacy.versions}</h2>
            <VersionList versions={entry.current ? versions.filter((version) => !version.current) : versions} />
          </section>
        )}
      </div>
    </article>
  );
}

function VersionList({ versions }: { versions: readonly TNoticeEntry[] }) {
  const { texts, href, language, path } = usePage();
  return (
    <ul className="version-list">
      {versions.map((version) => {
        const from = formatDate(language, version.notice.effective_from);
        const dates = version.until ? format(texts.privacy.effectiveRange, { from, until: formatDate(language, version.until) }) : format(texts.privacy.effective, { from });
        return (
          <li key={version.path}>
            <a href={href(version.path)} {...(version.path === path ? { 'aria-current': 'page' as const } : {})}>
              {format(texts.privacy.versionLabel, { version: version.notice.version })}
            </a>
            {version.current && <span className="badge">{texts.privacy.currentBadge}</span>}
            <span className="version-dates">{dates}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** "Also in: English, Deutsch", each link in its own language. */
function OtherLanguages({ links }: { links: readonly TNoticeLink[] }) {
  const { texts, href } = usePage();
  if (links.length === 0) return null;
  const ordered = SITE_LANGUAGES.flatMap((language) => links.filter((link) => link.language === language));
  return (
    <p className="other-languages">
      {texts.privacy.inLanguages}:{' '}
      {ordered.map((link, index) => (
        <span key={link.language}>
          {index > 0 && ', '}
          <a href={href(link.path)} hrefLang={link.language} lang={link.language}>
            {siteTexts(link.language).languages[link.language]}
          </a>
        </span>
      ))}
    </p>
  );
}
