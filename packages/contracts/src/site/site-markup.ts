/**
 * What the prerendered site's pages (apps/site) and the server that sends them agree on.
 *
 * The 404 page is sent for any unknown address, at any depth, under `/site/` or `/`: its links
 * cannot be relative to its own place, so they start with this placeholder, which the server
 * replaces with the site's base on the requesting host.
 */
export const SITE_BASE_PLACEHOLDER = '/__site-base__/';

/**
 * The attributes by which the prerendered contact page marks its error messages, shared by the
 * site generator (apps/site), the form's script and the server that shows the errors of a form sent
 * without JavaScript (`contact.html?errors=…`). Every message is in the page, hidden; showing one
 * is removing its `hidden`.
 */
export const CONTACT_ERROR_SUMMARY = 'summary';

/** `data-problem="email:invalid_email"`, or `data-problem="summary"` for the list at the form's top. */
export function contactProblemAttribute(problem: string): string {
  return `data-problem="${problem}"`;
}

/** The input of a field carries `data-field="email"`; an invalid one gets `aria-invalid="true"` too. */
export function contactFieldAttribute(field: string): string {
  return `data-field="${field}"`;
}
