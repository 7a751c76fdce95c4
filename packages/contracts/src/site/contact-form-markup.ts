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
