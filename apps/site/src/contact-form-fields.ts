import type { TContactFieldProblem, TContactFormField } from '@ona/contracts';

/**
 * Which messages each field of the contact form can show. The page carries every one of them,
 * hidden; the form's script and, for a form sent without JavaScript, the server
 * (`contact.html?errors=…`, apps/server/src/plugins/site-pages.ts) reveal the ones that apply.
 */
export const FIELD_PROBLEMS: Record<TContactFormField, readonly TContactFieldProblem[]> = {
  name: ['required', 'too_long'],
  email: ['required', 'invalid_email', 'too_long'],
  company: ['too_long'],
  phone: ['too_long'],
  message: ['required', 'too_long'],
  consent: ['required'],
};
