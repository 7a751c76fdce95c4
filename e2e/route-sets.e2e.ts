import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => { chromium = await launchBrowser(); });
afterAll(async () => chromium.close());

describe('a local host loads all three route sets', () => {
  it('the public site lives under /site/ (Hungarian at its root, English under en/), prerendered, without the app’s code', async () => {
    const page = await newPage(chromium.browser, { locale: 'en' });
    await page.goto(`${baseUrl}/site/en/index.html`);
    await page.getByRole('heading', { name: 'Understand the network behind your organisation' }).waitFor();
    expect(await page.locator('#root').count()).toBe(0);
    await screenshot(page, 'site-home');
    await page.close();
  });

  it('the instant surveys live under /instant-surveys/, the empty path guarded to their own login', async () => {
    const page = await newPage(chromium.browser, { locale: 'en' });
    await page.goto(`${baseUrl}/instant-surveys/`);
    await expectPath(page, '/instant-surveys/login.html');
    await page.getByLabel(/^Survey code/).fill('AB-12');
    await page.getByRole('button', { name: 'Join' }).click();
    await expect.poll(async () => page.getByText("Survey code is a 9-character-long string.").count()).toBeGreaterThan(0);
    await page.getByLabel(/^Survey code/).fill('AB12CD3!E');
    await page.getByRole('button', { name: 'Join' }).click();
    await expect.poll(async () => page.getByText("Survey code can't have special characters.").count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Having trouble?' }).or(page.getByRole('link', { name: 'Having trouble?' })).first().waitFor();
    await screenshot(page, 'instant-login');
    await page.close();
  });

  it('the colours page shows the 18 graph colours to a signed-in user', async () => {
    const page = await newPage(chromium.browser, { locale: 'en' });
    await page.goto(`${baseUrl}/auth/login.html`);
    const res = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'employee@example.com', password: 'demo1234' }) });
    const { token } = (await res.json()) as { token: string };
    await page.evaluate((t) => localStorage.setItem('auth.token', t), token);
    await page.goto(`${baseUrl}/colors.html`);
    await page.getByTestId('palette-color').first().waitFor();
    expect(await page.getByTestId('palette-color').count()).toBe(18);
    await page.close();
  });
});
