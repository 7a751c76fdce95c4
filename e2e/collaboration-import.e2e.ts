import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { seriousAxeFindings } from './support/axe.ts';

/**
 * The collaboration import page (docs/collaboration-network.md, "Import page"): the demo
 * administrator downloads the demo's generated Slack export on the page, imports it and sees what
 * was counted; a file with translated column headers is refused with the reason; axe finds no
 * serious or critical issue on the page with a result and with an error shown, at phone width.
 */
const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
});
afterAll(async () => chromium?.close());

describe('the collaboration import page', () => {
  it('imports the demo’s Slack export downloaded on the page, shows the counts, refuses a translated trace with the reason', { timeout: 240_000 }, async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/organization/collaboration.html`);
    await page.getByTestId('collaboration-demo-files').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('collaboration-demo-slack').click()]);
    expect(download.suggestedFilename()).toBe('demo-slack-export.zip');
    const path = await download.path();
    await page.getByTestId('collaboration-source-slack').check();
    await page.getByTestId('collaboration-file-input').setInputFiles(path);
    // The page shows what the server answered: the demo files follow the directory as earlier
    // files of this worker left it, so the figures are compared with the answer, not with a guess.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/organization/collaboration-imports/'), { timeout: 120_000 }),
      page.getByTestId('collaboration-submit').click(),
    ]);
    expect(answer.status()).toBe(201);
    const imported = ((await answer.json()) as { counts: { events_read: number; events_counted: number; left_out: Record<string, number> } }).counts;
    const result = page.getByTestId('collaboration-result');
    await result.waitFor({ timeout: 120_000 });
    expect(await result.textContent()).toContain('Slack export imported');
    const shown = async (i: number) => Number((await result.locator('dd').nth(i).textContent())?.replace(/\D/g, ''));
    expect(imported.events_counted).toBeGreaterThan(0);
    expect([await shown(0), await shown(1)]).toEqual([imported.events_read, imported.events_counted]);
    // What was left out is named in plain words, not as codes: one row per reason.
    const reasons = Object.values(imported.left_out).filter((n) => n > 0).length;
    expect(await page.getByTestId('collaboration-left-out').locator('tbody tr').count()).toBe(reasons);
    if ((imported.left_out.channel_broadcast ?? 0) > 0) expect(await page.getByTestId('collaboration-left-out').textContent()).toContain('Channel posts that reply to or mention nobody');
    if (reasons > 0) expect(await page.getByTestId('collaboration-left-out').textContent()).not.toMatch(/channel_broadcast|large_mail|unknown_user/);
    await page.getByTestId('collaboration-history-row').first().waitFor();
    expect(await page.getByTestId('collaboration-history-row').first().textContent()).toContain('Slack export');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshot(page, 'collaboration-import');

    // A message trace whose headers a localised Excel translated: refused whole, with the columns named.
    await page.getByTestId('collaboration-source-message_trace').check();
    await page.getByTestId('collaboration-file-input').setInputFiles({ name: 'nachrichten.csv', mimeType: 'text/csv', buffer: Buffer.from('Empfangen;Absender;Empfänger;Nachrichten-ID\n2026-01-05 09:00;a@demo-company.example;b@demo-company.example;<1@x>\n') });
    await page.getByTestId('collaboration-submit').click();
    const error = page.getByTestId('collaboration-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('The columns this import needs were not found');
    expect(await error.getAttribute('role')).toBe('alert');

    // At phone width, with the error shown: nothing serious for axe, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, 'collaboration-import-phone');
    await page.close();
  });
});
