import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, CONTACT_ERROR_SUMMARY, type TContactFormField } from '@ona/contracts';
import { FIELD_PROBLEMS } from '../contact-form-fields.ts';
import { usePage } from '../page-context.tsx';
import type { TFullSiteLanguage } from '../site-languages.ts';
import { sitePaths } from '../site-paths.ts';

/** The form posts here: as JSON from the page's script, as an ordinary form post without it. */
export const CONTACT_ENDPOINT = '/api/send-contact-email/';
const MAP_URL = 'https://www.openstreetmap.org/search?query=Minta%20utca%2012%2C%201111%20Budapest';

type TTextField = { field: Exclude<TContactFormField, 'consent'>; type: 'text' | 'email' | 'tel'; autoComplete: string; required: boolean };
const TEXT_FIELDS: readonly TTextField[] = [
  { field: 'name', type: 'text', autoComplete: 'name', required: true },
  { field: 'email', type: 'email', autoComplete: 'email', required: true },
  { field: 'company', type: 'text', autoComplete: 'organization', required: false },
  { field: 'phone', type: 'tel', autoComplete: 'tel', required: false },
];

const errorsId = (field: TContactFormField) => `contact-${field}-errors`;

/** The contact page: the form, its thank-you (shown by the script), and the other ways to reach us. */
export function ContactPage({ language, privacyPath, mapsNoticePath }: { language: TFullSiteLanguage; privacyPath: string; mapsNoticePath: string | null }) {
  const { texts, href } = usePage();
  const contact = texts.contact;
  return (
    <>
      <section className="page-head">
        <div className="container">
          <h1>{contact.heading}</h1>
          <p className="lead">{contact.lead}</p>
        </div>
      </section>
      <section className="section section-tight">
        <div className="container contact-grid">
          <div className="form-card">
            <h2 className="form-title">{contact.form.title}</h2>
            <form className="contact-form" method="post" action={CONTACT_ENDPOINT} data-contact-form="" data-sending-label={contact.form.sending}>
              <div className="error-summary" role="alert" {...{ 'data-problem': CONTACT_ERROR_SUMMARY }} hidden>
                {contact.form.errorSummary}
              </div>
              <input type="hidden" name="language" value={language} />
              {TEXT_FIELDS.map((input) => (
                <div key={input.field} className="field">
                  <label htmlFor={`contact-${input.field}`}>
                    {contact.form[input.field]}
                    {!input.required && <span className="optional"> ({contact.form.optional})</span>}
                  </label>
                  <input
                    id={`contact-${input.field}`}
                    name={input.field}
                    type={input.type}
                    autoComplete={input.autoComplete}
                    maxLength={CONTACT_LIMITS[input.field]}
                    required={input.required}
                    aria-describedby={errorsId(input.field)}
                    {...{ 'data-field': input.field }}
                  />
                  <FieldErrors field={input.field} />
                </div>
              ))}
              <div className="field">
                <label htmlFor="contact-message">{contact.form.message}</label>
                <textarea id="contact-message" name="message" rows={6} maxLength={CONTACT_LIMITS.message} required aria-describedby={errorsId('message')} {...{ 'data-field': 'message' }} />
                <FieldErrors field="message" />
              </div>
              {/* The honeypot: hidden from people and assistive technology alike, filled in only by programs. */}
              <div className="honeypot">
                <label htmlFor="contact-website">{contact.form.honeypot}</label>
                <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
              </div>
              <div className="field field-check">
                <input id="contact-consent" name="consent" type="checkbox" required aria-describedby={errorsId('consent')} {...{ 'data-field': 'consent' }} />
                <label htmlFor="contact-consent">
                  {contact.form.consentBefore}
                  <a href={href(privacyPath)}>{contact.form.consentLink}</a>
                  {contact.form.consentAfter}
                </label>
                <FieldErrors field="consent" />
              </div>
              <button type="submit" className="button button-primary">
                {contact.form.submit}
              </button>
            </form>
            <div className="form-thanks" data-contact-thanks="" tabIndex={-1} hidden>
              <ThankYou language={language} headingLevel={2} />
            </div>
          </div>
          <section className="contact-details" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">{contact.details.title}</h2>
            <dl>
              <dt>{contact.details.emailLabel}</dt>
              <dd>
                <a href={`mailto:${contact.details.email}`}>{contact.details.email}</a>
              </dd>
              <dt>{contact.details.addressLabel}</dt>
              <dd>
                {contact.details.company}
                <br />
                {contact.details.address}
                <br />
                <a href={MAP_URL} rel="noreferrer noopener external">
                  {contact.details.map}
                </a>
              </dd>
            </dl>
            {mapsNoticePath && (
              <p className="small">
                <a href={href(mapsNoticePath)}>{contact.details.mapNotice}</a>
              </p>
            )}
          </section>
        </div>
      </section>
    </>
  );
}

/** Every message a field can show, hidden until it applies. */
function FieldErrors({ field }: { field: TContactFormField }) {
  const { texts } = usePage();
  return (
    <div className="field-errors" id={errorsId(field)}>
      {FIELD_PROBLEMS[field].map((problem) => (
        <p key={problem} className="field-error" {...{ 'data-problem': `${field}:${problem}` }} hidden>
          {texts.contact.errors[problem]}
        </p>
      ))}
    </div>
  );
}

/** The thank-you, the same whatever the server answered (spec §7). */
export function ThankYou({ language, headingLevel }: { language: TFullSiteLanguage; headingLevel: 1 | 2 }) {
  const { texts, href } = usePage();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      <Heading className="thanks-title">{texts.contact.thanks.heading}</Heading>
      <p>{texts.contact.thanks.text}</p>
      <p className="button-row">
        <a className="button button-secondary" href={href(sitePaths.home(language))}>
          {texts.contact.thanks.back}
        </a>
        <a href={href(sitePaths.blogIndex(language))}>{texts.contact.thanks.blog}</a>
      </p>
    </>
  );
}

/** Where a form sent without JavaScript lands (`contact.html?sent=1` is answered with this page). */
export function ContactSentPage({ language }: { language: TFullSiteLanguage }) {
  return (
    <section className="section">
      <div className="container container-narrow thanks-page">
        <ThankYou language={language} headingLevel={1} />
      </div>
    </section>
  );
}
