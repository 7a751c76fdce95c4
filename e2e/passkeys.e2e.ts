import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { mailedResetLink } from './support/reset-link.ts';
import { DEMO_PASSWORD, expectPath, freshEnglishPage, signIn } from './support/session.ts';
import { surveyAdminApi } from './support/survey-admin-api.ts';
import { e2eServer } from './support/e2e-workers.ts';

/**
 * Passkeys in the browser, with Chromium's virtual authenticator (DevTools protocol: WebAuthn
 * domain) standing in for a fingerprint reader: a member adds a passkey on the account page and then
 * signs in with the password and the passkey. The pages are opened on `localhost` (an IP address
 * cannot be a WebAuthn relying-party id); the server takes the RP id from the host it is reached at
 * when PUBLIC_URL is unset, as here. A person of their own, so no other test meets a second factor.
 */
const { baseUrl, smtpApiUrl } = e2eServer();
const localBase = baseUrl.replace('//127.0.0.1:', '//localhost:');
const api = surveyAdminApi(baseUrl);
const email = `passkey-${Date.now()}@example.com`;
const password = 'passkey-secret-42';
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const admin = await api.token('admin@example.com', DEMO_PASSWORD);
  const link = await mailedResetLink(smtpApiUrl, email, () => api.call(admin, '/organization/users/', { method: 'POST', body: { name: 'Pat Passkey', email, permissions: [] } }));
  const query = new URL(link, baseUrl).searchParams;
  await api.call(null, '/auth/password/reset/confirm/', { method: 'POST', body: { uid: query.get('uid'), token: query.get('token'), new_password1: password, new_password2: password } });
});
afterAll(async () => chromium.close());

/** A platform authenticator that answers at once with a verified user (no dialog to click). */
async function withVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

describe('passkeys', () => {
  it('are added on the account page and then asked for after the password', async () => {
    const page = await freshEnglishPage(browser, localBase);
    const { cdp, authenticatorId } = await withVirtualAuthenticator(page);
    await signIn(page, localBase, email, { open: false, password });
    await expectPath(page, '/engagements/list.html');

    await page.goto(`${localBase}/account.html`);
    await expect.poll(() => page.getByTestId('passkeys-none').isVisible()).toBe(true);
    await page.getByTestId('passkey-name').fill('Work laptop');
    await page.getByTestId('passkey-add').click();
    const error = page.getByTestId('passkey-error');
    const row = page.getByTestId('passkey-row');
    await expect.poll(async () => ((await error.isVisible()) ? await error.textContent() : await row.count())).toBe(1);
    expect(await row.textContent()).toContain('Work laptop');
    expect(await row.textContent()).toContain('Never');
    // The authenticator holds the credential the server stored.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await screenshot(page, 'account-passkeys');

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expectPath(page, '/auth/login.html');
    await signIn(page, localBase, email, { open: false, password });
    await expect.poll(() => page.getByTestId('second-factor-passkey').isVisible()).toBe(true);
    await screenshot(page, 'login-passkey-step');
    await page.getByTestId('second-factor-passkey').click();
    const stepError = page.getByTestId('second-factor-error');
    await expect.poll(async () => ((await stepError.isVisible()) ? await stepError.textContent() : new URL(page.url()).pathname)).toBe('/account.html');
    await expect.poll(() => page.getByTestId('session-row').filter({ hasText: 'This session' }).textContent()).toContain('Password and passkey');
    await expect.poll(() => row.textContent()).not.toContain('Never');
  });
});
