import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { launchBrowser, screenshot } from './support/browser.ts';
import { mailedResetLink } from './support/reset-link.ts';
import { DEMO_PASSWORD, expectPath, freshEnglishPage, signIn } from './support/session.ts';
import { surveyAdminApi } from './support/survey-admin-api.ts';
import { e2eServer } from './support/e2e-workers.ts';

/**
 * Two-step sign-in in the browser: a member sets up an authenticator app on the account page (QR
 * code and key, first code, recovery codes) and then signs in with the password and a code. The
 * codes are computed here with the same TOTP library as the server's. A person of their own, so
 * that no other test file on this server meets a second factor.
 */
const { baseUrl, smtpApiUrl } = e2eServer();
const api = surveyAdminApi(baseUrl);
const email = `two-step-${Date.now()}@example.com`;
const password = 'two-step-secret-42';
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const admin = await api.token('admin@example.com', DEMO_PASSWORD);
  const link = await mailedResetLink(smtpApiUrl, email, () => api.call(admin, '/organization/users/', { method: 'POST', body: { name: 'Tess Two-Step', email, permissions: [] } }));
  const query = new URL(link, baseUrl).searchParams;
  await api.call(null, '/auth/password/reset/confirm/', { method: 'POST', body: { uid: query.get('uid'), token: query.get('token'), new_password1: password, new_password2: password } });
});
afterAll(async () => chromium.close());

const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('two-step sign-in with an authenticator app', () => {
  it('is set up on the account page and then asked for after the password', async () => {
    const page = await freshEnglishPage(browser, baseUrl);
    await signIn(page, baseUrl, email, { open: false, password });
    await expectPath(page, '/engagements/list.html');

    await page.getByTestId('header-user-menu').click();
    await page.getByTestId('nav-account').click();
    await expectPath(page, '/account.html');
    await expect.poll(() => page.getByTestId('second-factor-state').textContent()).toBe('Off');
    await page.getByTestId('totp-enrol-start').click();
    await expect.poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(true);
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.locator('[data-testid="totp-enrolment"] input').first().click();
    await page.keyboard.type(codeAt(secret, Date.now()));
    await page.getByTestId('totp-enrol-confirm').click();
    await expect.poll(() => page.getByTestId('recovery-codes').textContent()).toMatch(/([a-z2-9]{5}-[a-z2-9]{5}\s*){10}/);
    await screenshot(page, 'account-recovery-codes');
    await page.getByTestId('recovery-codes-done').click();
    await expect.poll(() => page.getByTestId('second-factor-state').textContent()).toBe('On');

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expectPath(page, '/auth/login.html');
    await signIn(page, baseUrl, email, { open: false, password });
    await expect.poll(() => page.getByTestId('second-factor-step').isVisible()).toBe(true);
    await expectPath(page, '/auth/login.html');
    // The code of the next 30-second step: the one the enrolment used is never accepted again, and
    // the server accepts one step either side, so this code is right whenever the request lands.
    await page.getByTestId('second-factor-code').fill(codeAt(secret, Date.now() + 30_000));
    await page.getByTestId('second-factor-submit').click();
    // Back on the page of the logout (the login page carried it); a refusal would show its message instead.
    const error = page.getByTestId('second-factor-error');
    await expect.poll(async () => ((await error.isVisible()) ? await error.textContent() : new URL(page.url()).pathname)).toBe('/account.html');
    await expect.poll(() => page.getByTestId('session-row').filter({ hasText: 'This session' }).textContent()).toContain('Password and authenticator app');
    await screenshot(page, 'account-sessions');
  });

  it('refuses a wrong code with the server\'s message and keeps the person on the code step', async () => {
    const page = await freshEnglishPage(browser, baseUrl);
    await signIn(page, baseUrl, email, { open: false, password });
    await expect.poll(() => page.getByTestId('second-factor-step').isVisible()).toBe(true);
    await page.getByTestId('second-factor-code').fill('aaaaa-aaaaa');
    await page.getByTestId('second-factor-submit').click();
    await expect.poll(() => page.getByTestId('second-factor-error').textContent()).toContain('The code is not right.');
    await expectPath(page, '/auth/login.html');
  });
});
