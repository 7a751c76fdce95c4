import type { TBlogPost } from '../content/load-content.ts';
import type { TCustomer } from '../content/front-matter.ts';
import { usePage } from '../page-context.tsx';
import type { TFullSiteLanguage } from '../site-languages.ts';
import { SITE_REDIRECTS, sitePaths } from '../site-paths.ts';
import { NetworkIllustration } from './network-illustration.tsx';
import { CheckList, PostGrid, Section } from './page-parts.tsx';

const FEATURES = ['engagement', 'retention', 'leader', 'instant'] as const;
/** Exit-risk shares (low, medium, high) of the preview card's four teams: illustrative figures. */
const PREVIEW_RISK: readonly [number, number, number][] = [
  [62, 26, 12],
  [48, 30, 22],
  [70, 22, 8],
  [55, 35, 10],
];

/** The home page: the pitch, the customers, the four modules, how it works, confidentiality, the blog. */
export function HomePage({ language, customers, latestPosts, privacyPath }: { language: TFullSiteLanguage; customers: readonly TCustomer[]; latestPosts: readonly TBlogPost[]; privacyPath: string }) {
  const { texts, href, assets } = usePage();
  const home = texts.home;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">{home.hero.eyebrow}</p>
            <h1 id="hero-title">{home.hero.title}</h1>
            <p className="lead">{home.hero.lead}</p>
            <div className="button-row">
              <a className="button button-primary" href={href(sitePaths.contact(language))}>
                {home.hero.primary}
              </a>
              <a className="button button-secondary" href={href(SITE_REDIRECTS.signIn)}>
                {home.hero.secondary}
              </a>
            </div>
            <p className="hero-instant">
              <a href={href(SITE_REDIRECTS.joinSurvey)}>{home.hero.instant}</a>
            </p>
            <ul className="hero-facts">
              {home.hero.facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          </div>
          <PreviewCard />
        </div>
      </section>

      <Section id="customers" className="customers" title={home.customers.title} lead={home.customers.lead}>
        <ul className="customer-grid">
          {customers.map((customer) => (
            <li key={customer.name} className="customer">
              <img src={href(assets.logos.get(customer.logo) ?? '')} alt={customer.name} width="200" height="48" loading="lazy" />
              <span className="customer-sector">{customer.sector[language]}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="features" className="features" title={home.features.title} lead={home.features.lead}>
        <div className="feature-list">
          {FEATURES.map((key, index) => {
            const feature = home.features[key];
            return (
              <article key={key} id={key} className="feature" aria-labelledby={`${key}-title`}>
                <div className="feature-copy">
                  <p className="feature-kicker">
                    <span className="feature-number" aria-hidden="true">
                      {String(index + 1).padStart(2, '0')}
                    </span>
                    {feature.title}
                  </p>
                  <h3 id={`${key}-title`}>{feature.heading}</h3>
                  <p>{feature.text}</p>
                  <CheckList items={feature.points} />
                </div>
                <FeatureVisual kind={key} />
              </article>
            );
          })}
        </div>
      </Section>

      <Section id="how-it-works" className="steps" title={home.steps.title}>
        <ol className="step-list">
          {home.steps.items.map((step) => (
            <li key={step.title} className="step">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section className="section trust" aria-labelledby="trust-title">
        <div className="container trust-grid">
          <div>
            <h2 id="trust-title" className="section-title section-title-left">
              {home.trust.title}
            </h2>
            <p>{home.trust.text}</p>
            <p>
              <a href={href(privacyPath)}>{home.trust.link}</a>
            </p>
          </div>
          <CheckList items={home.trust.points} large />
        </div>
      </section>

      {latestPosts.length > 0 && (
        <section className="section latest-posts" aria-labelledby="blog-title">
          <div className="container">
            <div className="section-head">
              <h2 id="blog-title" className="section-title section-title-left">
                {home.blog.title}
              </h2>
              <a href={href(sitePaths.blogIndex(language))}>{home.blog.all}</a>
            </div>
            <PostGrid posts={latestPosts} headingLevel={3} />
          </div>
        </section>
      )}

      <CallToAction language={language} />
    </>
  );
}

/** A still of the retention dashboard: what a customer sees after the survey. */
function PreviewCard() {
  const { texts } = usePage();
  const preview = texts.home.preview;
  return (
    <figure className="preview-card" aria-label={preview.label}>
      <div className="preview-head">
        <span className="preview-dot" aria-hidden="true" />
        <span className="preview-dot" aria-hidden="true" />
        <span className="preview-dot" aria-hidden="true" />
      </div>
      <div className="preview-body">
        <div className="preview-panel">
          <p className="preview-title">{preview.title}</p>
          <ul className="risk-bars">
            {preview.teams.map((team, index) => {
              const shares = PREVIEW_RISK[index] ?? [100, 0, 0];
              return (
                <li key={team}>
                  <span className="risk-team">{team}</span>
                  <span className="risk-bar" aria-hidden="true">
                    {shares.map((share, level) => (
                      <span key={level} className={`risk-${level}`} style={{ width: `${share}%` }} />
                    ))}
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="risk-legend">
            {preview.levels.map((level, index) => (
              <span key={level}>
                <span className={`legend-swatch risk-${index}`} aria-hidden="true" />
                {level}
              </span>
            ))}
          </p>
        </div>
        <div className="preview-panel preview-network">
          <p className="preview-title">{preview.network}</p>
          <NetworkIllustration />
          <p className="preview-stat">
            <span className="preview-stat-value">{preview.keyPeopleValue}</span> {preview.keyPeople}
          </p>
        </div>
      </div>
    </figure>
  );
}

/** A drawing per module; decorative, the text beside it says everything. */
function FeatureVisual({ kind }: { kind: (typeof FEATURES)[number] }) {
  return (
    <div className={`feature-visual feature-visual-${kind}`} aria-hidden="true">
      {kind === 'engagement' && <NetworkIllustration />}
      {kind === 'retention' && (
        <div className="visual-levels">
          {[22, 38, 64, 91].map((height, level) => (
            <span key={level} className={`visual-level level-${level + 1}`} style={{ height: `${height}%` }} />
          ))}
        </div>
      )}
      {kind === 'leader' && (
        <div className="visual-report">
          {[78, 64, 86, 58].map((value, index) => (
            <span key={index} className="visual-report-row">
              <span className="visual-report-label" />
              <span className="visual-report-bar" style={{ width: `${value}%` }} />
            </span>
          ))}
        </div>
      )}
      {kind === 'instant' && (
        <div className="visual-code">
          <span className="visual-code-text">DEMO 2026 A</span>
          <span className="visual-phone" />
        </div>
      )}
    </div>
  );
}

/** The closing band of a page: ask for a demo. */
export function CallToAction({ language }: { language: TFullSiteLanguage }) {
  const { texts, href } = usePage();
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-title">{texts.home.cta.title}</h2>
          <p>{texts.home.cta.text}</p>
        </div>
        <a className="button button-light" href={href(sitePaths.contact(language))}>
          {texts.home.cta.button}
        </a>
      </div>
    </section>
  );
}
