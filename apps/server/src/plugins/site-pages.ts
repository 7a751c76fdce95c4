import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTACT_ERROR_SUMMARY, CONTACT_ERRORS_PARAM, CONTACT_SENT_PARAM, contactFieldAttribute, contactProblemAttribute, parseContactFormErrors, SITE_BASE_PLACEHOLDER, type TContactFormErrors } from '@ona/contracts';

/** apps/site/dist (the prerendered site, docs/site.md), seen from src/plugins/ or from the bundle in apps/server/dist/. */
export const SITE_DIST = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../site/dist' : '../../site/dist', import.meta.url));

/** Every file of the built site, as paths relative to its root with forward slashes. */
export function siteFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.add(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return files;
}

/** Addresses of the site that lead into the app or the instant surveys (apps/site/src/site-paths.ts, SITE_REDIRECTS). */
const APP_REDIRECTS: Record<string, { routeSet: 'app' | 'instant-survey'; path: string }> = {
  'sign-in.html': { routeSet: 'app', path: 'auth/login.html' },
  'join-survey.html': { routeSet: 'instant-survey', path: 'login.html' },
};

export type TSiteAnswer =
  | { kind: 'file'; file: string }
  | { kind: 'not-found'; file: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'app'; routeSet: 'app' | 'instant-survey'; path: string }
  | { kind: 'contact-errors'; file: string; errors: TContactFormErrors };

/** The 404 page in the language of the address: `en/…` English, `de/…` German, anything else Hungarian. */
function notFoundFile(path: string, files: ReadonlySet<string>): string {
  const language = /^(en|de)\//.exec(path)?.[1];
  const file = language ? `${language}/404.html` : '404.html';
  return files.has(file) ? file : '404.html';
}

/**
 * What the server answers for a path inside the site (`path` is relative to the site's base, still
 * URL-encoded): a prerendered file, the 404 page (an unknown post or notice version included), a
 * redirect to the folder form of a directory, a way into the app, or the contact page with the
 * errors of a form sent without JavaScript (`contact.html?errors=…`; `?sent=1` is the thank-you page).
 */
export function siteAnswer(path: string, query: URLSearchParams, files: ReadonlySet<string>, base: string): TSiteAnswer {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { kind: 'not-found', file: '404.html' };
  }
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.') || decoded.includes('\\')) return { kind: 'not-found', file: '404.html' };
  const redirect = APP_REDIRECTS[decoded];
  if (redirect) return { kind: 'app', ...redirect };
  const file = decoded === '' || decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  if (files.has(`${file}/index.html`)) return { kind: 'redirect', location: `${base}${path}/` };
  if (file === 'contact.html' || file.endsWith('/contact.html')) {
    if (query.get(CONTACT_SENT_PARAM)) return { kind: 'file', file: file.replace(/contact\.html$/, 'contact-sent.html') };
    const errors = parseContactFormErrors(query.get(CONTACT_ERRORS_PARAM));
    if (Object.keys(errors).length > 0) return { kind: 'contact-errors', file, errors };
  }
  return files.has(file) ? { kind: 'file', file } : { kind: 'not-found', file: notFoundFile(file, files) };
}

/**
 * The contact page showing the problems of a form sent without JavaScript: every message is in the
 * page, hidden (apps/site/src/pages/contact-page.tsx); this reveals the ones that apply, the summary
 * above the form, and marks the fields invalid for assistive technology.
 */
export function showContactErrors(html: string, errors: TContactFormErrors): string {
  const reveal = (text: string, problem: string) => text.replaceAll(`${contactProblemAttribute(problem)} hidden=""`, contactProblemAttribute(problem));
  let shown = reveal(html, CONTACT_ERROR_SUMMARY);
  for (const [field, problem] of Object.entries(errors)) {
    shown = reveal(shown, `${field}:${problem}`).replaceAll(contactFieldAttribute(field), `${contactFieldAttribute(field)} aria-invalid="true"`);
  }
  return shown;
}

/** The 404 page for this host: its links start from the site's base here (`/site/` or `/`). */
export function notFoundPage(html: string, base: string): string {
  return html.replaceAll(SITE_BASE_PLACEHOLDER, base);
}
