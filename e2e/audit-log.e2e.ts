import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
});
afterAll(async () => chromium?.close());

describe('the Audit log page', () => {
  it('shows the administrator’s own sign-in, filters by action and says the chain is whole', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/organization/audit-log.html`);
    await page.getByTestId('audit-entry').first().waitFor();
    await page.getByTestId('audit-filter-action').selectOption('sign_in.success');
    await page.getByTestId('audit-filter-apply').click();
    await expect.poll(async () => [...new Set((await page.getByTestId('audit-entry').allTextContents()).map((row) => row.includes('Signed in')))]).toEqual([true]);
    await page.getByTestId('audit-verify').click();
    const result = page.getByTestId('audit-verify-result');
    await result.waitFor();
    expect(await result.getAttribute('data-whole')).toBe('true');
    expect(await result.textContent()).toMatch(/^The chain is whole: \d+ entr(y|ies) checked\./);
    await screenshot(page, 'audit-log');
  });
});
