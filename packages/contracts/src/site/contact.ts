import { z } from 'zod';

/**
 * The version of the privacy notice that the contact form's consent refers to: the site's privacy
 * pages publish it as `privacy/{version}.html`, and every stored contact request records it.
 * A new notice gets a new version (YYYYMM) here; the older pages stay online.
 */
export const CURRENT_PRIVACY_NOTICE_VERSION = '202411';

/** Longest accepted values (characters, after trimming). */
export const CONTACT_LIMITS = {
  name: 200,
  email: 254,
  company: 200,
  phone: 40,
  message: 5000,
} as const;

/** A form sent sooner than this after it was shown was filled in by a program, not a person. */
export const CONTACT_MIN_FILL_MS = 3000;

/**
 * The honeypot: a text field the page hides from people (and from assistive technology), so that
 * only a program fills it in. A request with anything in it is dropped without a word.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

const requiredText = (max: number) => z.string().trim().min(1, { abort: true }).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * `POST /api/send-contact-email/` (DECISIONS.md: `{name, email, company?, phone?, message,
 * consent: true}`), sent as JSON by the site's script or as an HTML form
 * (`application/x-www-form-urlencoded`, the tick box then reads `on`) when JavaScript is off.
 */
export const ZContactRequest = z.object({
  name: requiredText(CONTACT_LIMITS.name),
  email: z.string().trim().min(1, { abort: true }).max(CONTACT_LIMITS.email, { abort: true }).email(),
  company: optionalText(CONTACT_LIMITS.company),
  phone: optionalText(CONTACT_LIMITS.phone),
  message: requiredText(CONTACT_LIMITS.message),
  /** The visitor ticked the box that they accept the privacy notice CURRENT_PRIVACY_NOTICE_VERSION. */
  consent: z.literal(true),
  /** The honeypot (CONTACT_HONEYPOT_FIELD): must be absent or empty. */
  website: z.string().max(2000).optional(),
  /**
   * When the page showed the form (milliseconds since 1970, the visitor's clock), set by the
   * page's script; absent when JavaScript is off. See CONTACT_MIN_FILL_MS.
   */
  form_started_at: z.number().int().nonnegative().optional(),
  /** The language of the page the form was sent from; without it, the request's Accept-Language. */
  language: z.enum(['hu', 'en', 'de', 'ru']).optional(),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

/**
 * The answer to every JSON request that is not refused for bad input: a stored request and one
 * dropped as a bot's look the same (the thank-you, in the caller's language).
 */
export const ZContactRequestReceived = z.object({ detail: z.string() });
export type TContactRequestReceived = z.infer<typeof ZContactRequestReceived>;

/*
 * The form post without JavaScript is answered 303 back to the contact page:
 *   - stored or dropped: `contact.html?sent=1`
 *   - bad input: `contact.html?errors=email:invalid_email,consent:required` (field:problem pairs),
 * so that the page, rendered without a script, can show the spec's messages next to its fields.
 */
export const CONTACT_SENT_PARAM = 'sent';
export const CONTACT_ERRORS_PARAM = 'errors';

export const ZContactFormField = z.enum(['name', 'email', 'company', 'phone', 'message', 'consent']);
export type TContactFormField = z.infer<typeof ZContactFormField>;

/** What is wrong with a field: "This field is required.", "Invalid email format.", too long, anything else. */
export const ZContactFieldProblem = z.enum(['required', 'invalid_email', 'too_long', 'invalid']);
export type TContactFieldProblem = z.infer<typeof ZContactFieldProblem>;

export type TContactFormErrors = Partial<Record<TContactFormField, TContactFieldProblem>>;

/** The value of the `errors` parameter for these problems (fields in form order). */
export function formatContactFormErrors(errors: TContactFormErrors): string {
  return ZContactFormField.options
    .flatMap((field) => (errors[field] ? [`${field}:${errors[field]}`] : []))
    .join(',');
}

/** Reads the `errors` parameter back; unknown fields or problems are skipped. */
export function parseContactFormErrors(value: string | null | undefined): TContactFormErrors {
  const errors: TContactFormErrors = {};
  for (const pair of (value ?? '').split(',')) {
    const [field, problem] = pair.split(':');
    const knownField = ZContactFormField.safeParse(field);
    const knownProblem = ZContactFieldProblem.safeParse(problem);
    if (knownField.success && knownProblem.success) errors[knownField.data] = knownProblem.data;
  }
  return errors;
}
