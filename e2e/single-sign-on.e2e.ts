import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '../apps/server/src/testing/oidc-provider.ts';
import { launchBrowser } from './support/browser.ts';
import { analyticsApi } from './support/analytics-api.ts';
import { DEMO_PASSWORD, expectPath, freshEnglishPage, signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

/**
 * OpenID Connect from end to end as a customer's IT sets it up: the demo administrator fills in the
 * settings page, tests the connection (a round through the provider that signs nobody in), a new
 * member signs in through the provider from the e-mail-first login page, and with "require single
 * sign-on" members' passwords are refused while the break-glass administrator keeps theirs.
 * The provider is oidc-provider (a certified implementation) on loopback.
 */

const { baseUrl } = e2eServer();
const api = analyticsApi(baseUrl);
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let idp: TestOpenIdProvider;
let adminToken: string;

beforeAll(async () => {
  chromium = await launchBrowser();
  idp = await startTestOpenIdProvider({
    redirectUris: [`${baseUrl}/auth/sso-callback.html`],
    accounts: { newcomer: { email: 'newcomer@sso-e2e.test', name: 'Nora Newcomer' }, tester: { email: 'tester@sso-e2e.test', name: 'Tess Tester' } },
  });
  adminToken = await api.token('admin@example.com');
});

afterAll(async () => {
  // The other files on this worker's server sign in with passwords: leave SSO off as it was.
  if (idp && adminToken) {
    const res = await fetch(`${baseUrl}/api/organization/sso/`, {
      method: 'PUT',
      headers: { authorization: `Token ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false, issuer_url: idp.issuer, client_id: idp.clientId, allowed_domains: ['sso-e2e.test'], require_sso: false, break_glass_user_id: null, create_members: false }),
    });
    if (!res.ok) throw new Error(`turning SSO off answered ${res.status}: ${await res.text()}`);
  }
  await idp?.close();
  await chromium?.close();
});

/** The provider's own development login form, on its loopback origin. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).origin).toBe(idp.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

async function openSsoSettings(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/organization/settings.html`);
  await page.getByTestId('sso-settings-form').waitFor();
}

describe('single sign-on with OpenID Connect', () => {
  it('an administrator configures it on the settings page and tests the connection, which shows what came back', async () => {
    const page = await signedInPage(chromium.browser, baseUrl, 'admin@example.com');
    await openSsoSettings(page);
    await page.getByTestId('sso-issuer').fill(idp.issuer);
    await page.getByTestId('sso-client-id').fill(idp.clientId);
    await page.getByLabel('Client secret').fill(idp.clientSecret);
    await page.getByTestId('sso-domains').fill('sso-e2e.test');
    await page.getByTestId('sso-create-members').check();
    await page.getByTestId('sso-enabled').check();
    await page.getByTestId('sso-save').click();
    await page.getByText('Single sign-on saved').waitFor();
    // The secret is never shown again; the page says a stored one is kept.
    await expect.poll(() => page.getByLabel('Client secret').inputValue()).toBe('');

    await page.getByTestId('sso-test').click();
    await signInAtProvider(page, 'tester');
    await page.getByTestId('sso-test-ok').waitFor();
    await expect.poll(() => page.getByTestId('sso-test-report').innerText()).toContain('tester@sso-e2e.test');
    expect(await page.getByTestId('sso-test-claims').innerText()).toMatch(/email_verified/);
    // A test round signs nobody in: the administrator is still the administrator.
    const token = await page.evaluate(() => localStorage.getItem('auth.token'));
    expect((await api.get<{ email: string }>(token ?? '', '/users/me/')).body.email).toBe('admin@example.com');
    const created = await api.get<{ email: string }[]>(adminToken, '/organization/users/');
    expect(created.body.some((u) => u.email === 'tester@sso-e2e.test')).toBe(false);
    await page.close();
  });

  it('a new member signs in through the provider from the e-mail-first login page to the journeys list', async () => {
    const page = await freshEnglishPage(chromium.browser, baseUrl);
    await page.getByLabel('E-mail').fill('newcomer@sso-e2e.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await signInAtProvider(page, 'newcomer');
    await expectPath(page, '/engagements/list.html');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth.token'))).toBeTruthy();
    const token = await page.evaluate(() => localStorage.getItem('auth.token'));
    const me = await api.get<{ email: string; name: string }>(token ?? '', '/users/me/');
    expect(me.body).toMatchObject({ email: 'newcomer@sso-e2e.test', name: 'Nora Newcomer' });
    await page.close();
  });

  it('required for every member, it refuses a member’s password with the reason and keeps the break-glass administrator’s', async () => {
    const page = await signedInPage(chromium.browser, baseUrl, 'admin@example.com');
    await openSsoSettings(page);
    await page.getByTestId('sso-require').check();
    await page.getByTestId('sso-break-glass').selectOption({ label: 'Demo Admin (admin@example.com)' });
    await page.getByTestId('sso-save').click();
    await page.getByText('Single sign-on saved').waitFor();
    await page.close();

    // The e-mail-first login page now sends a member to the provider instead of the password field…
    const member = await freshEnglishPage(chromium.browser, baseUrl);
    await member.getByLabel('E-mail').fill('employee@example.com');
    await member.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => new URL(member.url()).origin).toBe(idp.issuer);
    await member.close();
    // …and a password sent straight to the API is refused with the reason, in the caller's language.
    const refused = await fetch(`${baseUrl}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'hu' },
      body: JSON.stringify({ email: 'employee@example.com', password: DEMO_PASSWORD }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(await refused.json())).toContain('identitásszolgáltatóján keresztül jelentkezteti be');

    // The break-glass administrator still signs in with a password.
    expect(await api.token('admin@example.com')).toBeTruthy();
  });
});
