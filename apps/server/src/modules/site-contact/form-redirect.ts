import type { FastifyRequest } from 'fastify';
import {
  CONTACT_ERRORS_PARAM,
  CONTACT_SENT_PARAM,
  formatContactFormErrors,
  routeSetsForHost,
  ZContactFormField,
  type TContactFieldProblem,
  type TContactFormErrors,
} from '@ona/contracts';
import { fieldName, issueMessageKey, type ValidationIssue } from '../../errors/error-handler.ts';

const CONTACT_PAGE = 'contact.html';

/**
 * Where the site lives on this host, by the host rule the web client and the server's page
 * serving share (routeSetsForHost, instant-survey-and-site.md §2): under /site/ on local,
 * private-network and demo hosts, at the root on any other. A host without the site
 * (app…, instant-survey…) gets the root, as on a site host.
 */
export function siteBaseForHost(hostname: string): string {
  return routeSetsForHost(hostname).find((mount) => mount.name === 'site')?.base ?? '/';
}

/**
 * The contact page the form was sent from: the Referer's path when it is a contact page of this
 * host (so a visitor of the English page returns to the English page), else this host's site
 * contact page. Only a path is ever answered, so no Referer can send the visitor elsewhere.
 */
export function contactPagePath(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      // Through URL both, so that a default port written out (localhost:80) matches one left out.
      const here = new URL(`${request.protocol}://${request.host}`);
      if (url.host === here.host && url.pathname.endsWith(`/${CONTACT_PAGE}`)) return url.pathname;
    } catch {
      // An unreadable Referer is as good as none.
    }
  }
  return `${siteBaseForHost(request.hostname)}${CONTACT_PAGE}`;
}

/** The thank-you: the contact page with `?sent=1`. */
export function sentLocation(request: FastifyRequest): string {
  return `${contactPagePath(request)}?${CONTACT_SENT_PARAM}=1`;
}

const PROBLEMS: Partial<Record<ReturnType<typeof issueMessageKey>, TContactFieldProblem>> = {
  'errors.field_required': 'required',
  'errors.invalid_email': 'invalid_email',
  'errors.too_long': 'too_long',
};

/** The form's fields and what is wrong with each (the first problem of a field), as the API reports them. */
export function contactFormErrors(issues: readonly ValidationIssue[]): TContactFormErrors {
  const errors: TContactFormErrors = {};
  for (const issue of issues) {
    const field = ZContactFormField.safeParse(fieldName(issue));
    if (!field.success || errors[field.data]) continue;
    errors[field.data] = PROBLEMS[issueMessageKey(issue)] ?? 'invalid';
  }
  return errors;
}

/** Back to the contact page with the problems: `?errors=email:invalid_email,consent:required`. */
export function errorsLocation(request: FastifyRequest, issues: readonly ValidationIssue[]): string {
  const marker = formatContactFormErrors(contactFormErrors(issues));
  // The marker is made of [a-z_:,] only: nothing in it needs escaping.
  return `${contactPagePath(request)}?${CONTACT_ERRORS_PARAM}=${marker}`;
}
