/**
 * Links in e-mails carry one-time secrets (`token=` of a password-reset or survey invitation
 * link). Once the e-mail is delivered the outbox needs no copy of them: a database dump or a
 * curious operator must not be able to reset a password or answer as someone else. The rest of
 * the e-mail stays as the record of what was sent.
 */
const SECRET_PARAMETER = /([?&](?:amp;)?token=)[^&\s"'<>]+/g;
export const REDACTED = 'redacted';

export function redactSecrets(body: string): string {
  return body.replace(SECRET_PARAMETER, `$1${REDACTED}`);
}
