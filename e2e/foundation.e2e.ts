import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { mailedResetLink } from './support/reset-link.ts';
import { DEMO_PASSWORD, expectPath, signIn } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { surveyAdminApi } from './support/survey-admin-api.ts';

const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
});
afterAll(async () => chromium.close());

async function freshPage(locale = 'en') {
  await browser.clearCookies();
  const page = await newPage(browser, { locale });
  await page.goto(`${baseUrl}/auth/login.html`);
  await page.evaluate((l) => { localStorage.clear(); localStorage.setItem('locale', l); }, locale);
  return page;
}

describe('sign-in', () => {
  it('/login leads to the login page; a wrong password shows the server’s message and keeps the user there', async () => {
    const page = await freshPage();
    await page.goto(`${baseUrl}/login`);
    await expectPath(page, '/auth/login.html');
    await signIn(page, baseUrl, 'admin@example.com', { open: false, password: 'not-the-password' });
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('Incorrect e-mail address or password.');
    await expectPath(page, '/auth/login.html');
    await screenshot(page, 'login-wrong-password');
    await page.close();
  });

  it('the admin signs in, sees "Successful login" and the journeys with dates and counts', async () => {
    const page = await freshPage();
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expect.poll(() => page.getByTestId('notification').first().textContent()).toContain('Successful login');
    await expectPath(page, '/engagements/list.html');
    const items = page.getByTestId('engagement-item');
    await items.first().waitFor();
    // The demo company's two analysed waves and its open survey.
    expect(await items.count()).toBe(3);
    const text = (await items.allTextContents()).join(' ');
    expect(text).toContain('Engagement survey 2026 spring');
    expect(text).toContain('Engagement survey 2025 autumn');
    expect(text).toMatch(/\d{4}/);
    await screenshot(page, 'engagements-list');
    await page.close();
  });
});

describe('Content-Security-Policy', () => {
  it('no page asks for eval: the login page and the journeys list, whose answers the client parses with the contracts, log no CSP violation (zod parses without its JIT)', async () => {
    await browser.clearCookies();
    const page = await newPage(browser, { locale: 'en' });
    // The browser's own report of each violation (the DOM event); Chromium's matching console
    // line is a log entry, which playwright's console event does not carry.
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
      document.addEventListener('securitypolicyviolation', (event) => report(`${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`));
    });
    await page.goto(`${baseUrl}/auth/login.html`);
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    await page.getByTestId('engagement-item').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    await page.close();
  });
});

describe('route guard', () => {
  it('sends a visitor to login with the target and back to the target after login', async () => {
    const page = await freshPage();
    await page.goto(`${baseUrl}/organizations.html`);
    await expectPath(page, '/auth/login.html');
    expect(new URL(page.url()).searchParams.get('next')).toContain('/organizations.html');
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expectPath(page, '/organizations.html');
    await page.close();
  });

  it('after logout a protected page leads to login again', async () => {
    const page = await freshPage();
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expectPath(page, '/auth/login.html');
    expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toBeNull();
    await page.goto(`${baseUrl}/engagements/list.html`);
    await expectPath(page, '/auth/login.html');
    await page.close();
  });

  it('a revoked token (any 401) logs out and returns to login carrying the page', async () => {
    const page = await freshPage();
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    await page.evaluate(() => localStorage.setItem('auth.token', 'revoked-or-forged-token'));
    await page.goto(`${baseUrl}/organizations.html`);
    await expectPath(page, '/auth/login.html');
    expect(new URL(page.url()).searchParams.get('next')).toContain('/organizations.html');
    await page.close();
  });
});

describe('languages', () => {
  it('switches to Hungarian and back, and the server answers in the chosen language', async () => {
    const page = await freshPage();
    await page.getByTestId('language-switcher').selectOption('hu');
    await page.getByRole('button', { name: 'Tovább' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('hu');
    await page.getByLabel('E-mail').fill('admin@example.com');
    await page.getByRole('button', { name: 'Tovább' }).click();
    await page.getByLabel(/^Jelszó/).fill('wrong-password');
    await page.getByRole('button', { name: 'Bejelentkezés' }).click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('Hibás e-mail-cím vagy jelszó.');
    await screenshot(page, 'login-hungarian');
    await page.getByTestId('language-switcher').selectOption('en');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.close();
  });
});

describe('organisations and engagements', () => {
  it('the admin switches to the Krackhardt organisation and back', async () => {
    const page = await freshPage();
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    await page.goto(`${baseUrl}/organizations.html`);
    const orgs = page.getByTestId('organization-item');
    await orgs.first().waitFor();
    expect(await orgs.count()).toBe(2);
    await screenshot(page, 'organizations');
    await orgs.filter({ hasText: 'Krackhardt' }).click();
    await expectPath(page, '/engagements/list.html');
    await expect.poll(async () => (await page.getByTestId('engagement-item').allTextContents()).join(' ')).toContain('Krackhardt');
    await page.goto(`${baseUrl}/organizations.html`);
    await page.getByTestId('organization-item').filter({ hasNotText: 'Krackhardt' }).click();
    await expect.poll(async () => (await page.getByTestId('engagement-item').allTextContents()).join(' ')).toContain('Engagement survey 2026 spring');
    await page.close();
  });

  it('the admin sees more module tiles than the employee', async () => {
    const tilesOf = async (email: string, shot: string) => {
      const page = await freshPage();
      await signIn(page, baseUrl, email, { open: false });
      await expectPath(page, '/engagements/list.html');
      await page.getByTestId('engagement-item').filter({ hasText: 'spring' }).first().click();
      await expectPath(page, /^\/engagements\/\d+\.html$/);
      await page.getByTestId('tile-survey').waitFor();
      const tiles = await page.locator('[data-testid^="tile-"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-testid')}:${e.getAttribute('data-state')}`));
      await screenshot(page, shot);
      await page.close();
      return tiles;
    };
    const admin = await tilesOf('admin@example.com', 'engagement-tiles-admin');
    const employee = await tilesOf('employee@example.com', 'engagement-tiles-employee');
    expect(admin).toEqual(expect.arrayContaining(['tile-retention_analytics:enabled', 'tile-graph_visualization:enabled', 'tile-admin:enabled']));
    expect(employee).toEqual(expect.arrayContaining(['tile-survey:enabled', 'tile-individual_reports:enabled', 'tile-graph_visualization:disabled']));
    expect(employee.some((t) => t.startsWith('tile-retention_analytics'))).toBe(false);
    expect(employee.length).toBeLessThan(admin.length);
  });

  it('works on a 360 px phone screen without sideways scrolling', async () => {
    const page = await freshPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    await page.getByTestId('engagement-item').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'engagements-list-360');
    await page.close();
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password, then the new password signs in', async () => {
    // A person of the test's own: the demo's people keep their passwords for the other files on this
    // server, and no other request counts against this address's reset e-mails an hour.
    const email = `forgetful-${Date.now()}@example.com`;
    const api = surveyAdminApi(baseUrl);
    const mailApi = e2eServer().smtpApiUrl;
    const admin = await api.token('admin@example.com', DEMO_PASSWORD);
    await mailedResetLink(mailApi, email, () => api.call(admin, '/organization/users/', { method: 'POST', body: { name: 'Fran Forgetful', email, permissions: [] } }));

    const page = await freshPage();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/auth/reset-password.html');
    await page.getByLabel('E-mail').fill(email);
    const link = await mailedResetLink(mailApi, email, async () => {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/password/reset/') && response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      expect((await answered).status()).toBe(200);
    });
    await page.goto(`${baseUrl}${link}`);
    await page.getByLabel('New password').fill('a-new-password');
    await page.getByLabel('Repeat password').fill('a-new-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => page.getByTestId('notification').first().textContent()).toContain('Successful password reset');
    await expectPath(page, '/auth/login.html');
    await signIn(page, baseUrl, email, { open: false, password: 'a-new-password' });
    await expectPath(page, '/engagements/list.html');
    await page.close();
  });
});
