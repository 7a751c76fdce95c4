import { caughtMails, surveyAdminApi } from './survey-admin-api.ts';
import { DEMO_PASSWORD } from './session.ts';

/**
 * Other browser tests change the demo leader's password (the password reset flow) and share this
 * run's server; a test that signs in as the leader first puts the demo password back, through the
 * same reset e-mail a user would get, when it no longer works.
 */
export async function restoreDemoPassword(baseUrl: string, smtpApiUrl: string, email: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (login.ok) return;
  const { call } = surveyAdminApi(baseUrl);
  const links = async () =>
    (await caughtMails(smtpApiUrl, email))
      .map((mail) => /\/auth\/confirm-reset-password\.html\?uid=(\d+)&token=([A-Za-z0-9_%-]+)/.exec(mail))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => ({ uid: match[1] ?? '', token: decodeURIComponent(match[2] ?? '') }));
  const before = (await links()).length;
  await call(null, '/auth/password/reset/', { method: 'POST', body: { email } });
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const found = await links();
    const reset = found.length > before ? found.at(-1) : undefined;
    if (reset) {
      await call(null, '/auth/password/reset/confirm/', { method: 'POST', body: { uid: reset.uid, token: reset.token, new_password1: DEMO_PASSWORD, new_password2: DEMO_PASSWORD } });
      return;
    }
  }
  throw new Error(`no password reset e-mail reached ${email}`);
}
