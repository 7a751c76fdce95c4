import { mailedResetLink } from './reset-link.ts';
import { surveyAdminApi } from './survey-admin-api.ts';
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
  const link = new URL(await mailedResetLink(smtpApiUrl, email, () => call(null, '/auth/password/reset/', { method: 'POST', body: { email } })), baseUrl);
  const uid = link.searchParams.get('uid') ?? '';
  const token = link.searchParams.get('token') ?? '';
  await call(null, '/auth/password/reset/confirm/', { method: 'POST', body: { uid, token, new_password1: DEMO_PASSWORD, new_password2: DEMO_PASSWORD } });
}
