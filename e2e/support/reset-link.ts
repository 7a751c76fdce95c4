import { caughtMails } from './survey-admin-api.ts';

const RESET_LINK = /\/auth\/confirm-reset-password\.html\?uid=\d+&token=[A-Za-z0-9_%-]+/;

/** The reset links mailed to `email` so far, oldest first (path and query). */
async function resetLinks(smtpApiUrl: string, email: string): Promise<string[]> {
  return (await caughtMails(smtpApiUrl, email)).map((mail) => RESET_LINK.exec(mail)?.[0] ?? '').filter((link) => link !== '');
}

/**
 * Runs `ask` (the request for a password reset: a click on the page or an API call) and returns the
 * link of the e-mail it sent (`/auth/confirm-reset-password.html?uid=…&token=…`). Other test files
 * on the same server mail the same person reset links too, and use them: only a link that arrives
 * after this request counts.
 */
export async function mailedResetLink(smtpApiUrl: string, email: string, ask: () => Promise<unknown>): Promise<string> {
  const before = (await resetLinks(smtpApiUrl, email)).length;
  await ask();
  // Long enough for a delivery retried once (the outbox's first retry waits FIRST_RETRY_WAIT_S, 60 s):
  // a time-out catches a lost e-mail, never a slow machine (2026-12-03, CI: the browser stage beside
  // the PostgreSQL stage, and a reset e-mail not caught within the 30 s this waited before).
  for (const deadline = Date.now() + 150_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const links = await resetLinks(smtpApiUrl, email);
    if (links.length > before) return links.at(-1)!;
  }
  // Where it stopped: no outbox row (never queued: refused by a limit, or never asked for) or a row
  // with its delivery's attempts and error.
  const outbox = await (await fetch(`${smtpApiUrl.replace(/\/mails$/, '/outbox')}?to=${encodeURIComponent(email)}`)).text();
  throw new Error(`no password reset e-mail reached ${email}; its outbox: ${outbox}`);
}
