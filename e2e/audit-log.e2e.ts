import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { analyticsApi } from './support/analytics-api.ts';
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
    // The user is named, not only numbered.
    expect(await page.getByTestId('audit-entry-user').first().textContent()).toContain('Demo Admin');
    await page.getByTestId('audit-verify').click();
    const result = page.getByTestId('audit-verify-result');
    await result.waitFor();
    expect(await result.getAttribute('data-whole')).toBe('true');
    expect(await result.textContent()).toMatch(/^The chain is whole: \d+ entr(y|ies) checked\./);
    await screenshot(page, 'audit-log');
  });

  it('answers who opened a person’s individual report: found by a part of their name, the reader and the journey named', async () => {
    const api = analyticsApi(baseUrl);
    const leader = await api.token('leader@example.com');
    const leaderName = (await api.get<{ name: string }>(leader, '/users/me/')).body.name;
    const journeys = (await api.get<{ id: number; name: string; state: string }[]>(leader, '/engagements/')).body;
    const spring = journeys.find((j) => j.name.includes('spring'));
    const reports = (await api.get<{ data: { id: number; employee: { name: string } }[] }>(leader, `/engagements/${spring?.id}/individual-reports/`)).body.data;
    const subject = reports.at(-1);
    expect(subject).toBeDefined();
    expect((await api.get(leader, `/engagements/${spring?.id}/individual-reports/${subject?.id}/`)).status).toBe(200);

    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/organization/audit-log.html`);
    await page.getByTestId('audit-entry').first().waitFor();
    const familyName = subject?.employee.name.split(' ').at(-1) ?? '';
    await page.getByTestId('audit-filter-subject').fill(familyName);
    await page.getByTestId('audit-filter-action').selectOption('individual_report.read');
    await page.getByTestId('audit-filter-apply').click();
    const read = page.getByTestId('audit-entry').filter({ hasText: leaderName }).first();
    await read.waitFor();
    expect(await read.getByTestId('audit-entry-subject').textContent()).toContain(subject?.employee.name);
    expect(await read.getByTestId('audit-entry-subject').textContent()).toContain(spring?.name);
    await screenshot(page, 'audit-log-who-opened');
  });
});
