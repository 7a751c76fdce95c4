import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '../apps/server/src/testing/oidc-provider.ts';
import { launchBrowser } from './support/browser.ts';
import { analyticsApi } from './support/analytics-api.ts';
import { expectPath, freshEnglishPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
const api = analyticsApi(baseUrl);
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let idp: TestOpenIdProvider;
let adminToken: string;

const ssoSettings = (enabled: boolean) => ({
  enabled,
  issuer_url: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  allowed_domains: ['sso-e2e.test'],
  create_members: true,
});

async function putSso(body: object): Promise<void> {
  const res = await fetch(`${baseUrl}/api/organization/sso/`, { method: 'PUT', headers: { authorization: `Token ${adminToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`saving SSO answered ${res.status}: ${await res.text()}`);
}

beforeAll(async () => {
  chromium = await launchBrowser();
  idp = await startTestOpenIdProvider({ redirectUris: [`${baseUrl}/auth/sso-callback.html`], accounts: { newcomer: { email: 'newcomer@sso-e2e.test', name: 'Nora Newcomer' } } });
  adminToken = await api.token('admin@example.com');
  await putSso(ssoSettings(true));
});

afterAll(async () => {
  // The other files on this worker's server sign in with passwords: leave SSO off as it was.
  if (idp && adminToken) await putSso(ssoSettings(false));
  await idp?.close();
  await chromium?.close();
});

describe('single sign-on', () => {
  it('signs in through the OpenID Provider from the e-mail-first login page to the journeys list', async () => {
    const page = await freshEnglishPage(chromium.browser, baseUrl);
    await page.getByLabel('E-mail').fill('newcomer@sso-e2e.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The provider's own login form (oidc-provider's), on its loopback port.
    await expect.poll(() => new URL(page.url()).origin).toBe(idp.issuer);
    await page.locator('input[name="login"]').fill('newcomer');
    await page.locator('input[name="password"]').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expectPath(page, '/engagements/list.html');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth.token'))).toBeTruthy();
    const token = await page.evaluate(() => localStorage.getItem('auth.token'));
    const me = await api.get<{ email: string; name: string }>(token ?? '', '/users/me/');
    expect(me.body).toMatchObject({ email: 'newcomer@sso-e2e.test', name: 'Nora Newcomer' });
    await page.close();
  });
});
