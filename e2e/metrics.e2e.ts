import type { TMetricsPage } from '@ona/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { analyticsApi } from './support/analytics-api.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath, signIn } from './support/session.ts';

const baseUrl = inject('baseUrl');
/** Waits for the page to settle on a value: generous, since the machine's two cores are shared. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const api = analyticsApi(baseUrl);
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let adminToken: string;
let engagementId: number;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  adminToken = await api.token('admin@example.com');
  const engagements = (await api.get<{ id: number; name: string }[]>(adminToken, '/engagements/')).body;
  engagementId = engagements.find((e) => e.name.includes('spring'))!.id;
});
afterAll(async () => chromium.close());

describe('the Metrics page of the analysed demo', () => {
  it('opens from key people, sorts a column with aria-sort, explains it in its header and exports the table', async () => {
    await browser.clearCookies();
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/auth/login.html`);
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('locale', 'en');
    });
    await page.reload();
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    await page.goto(`${baseUrl}/engagements/${engagementId}/key-people-analytics/list.html`);
    await page.getByTestId('key-people-open-metrics').click();
    await expectPath(page, `/engagements/${engagementId}/key-people-analytics/metrics.html`);
    await page.getByTestId('metrics-table').waitFor();

    const expected = (await api.get<TMetricsPage>(adminToken, `/engagements/${engagementId}/metrics/?sort=-betweenness&page_size=5`)).body;
    await page.getByTestId('metrics-sort-betweenness').click();
    await poll(() => page.getByTestId('metrics-th-betweenness').getAttribute('aria-sort')).toBe('descending');
    expect(await page.getByTestId('metrics-th-name').getAttribute('aria-sort')).toBe('none');
    const firstIds = () => page.getByTestId('metrics-row').evaluateAll((rows) => rows.slice(0, 5).map((row) => Number(row.getAttribute('data-employee-id'))));
    await poll(firstIds).toEqual(expected.data.map((row) => row.employee.id));

    const constraint = expected.metrics.find((m) => m.id === 'constraint')!;
    const help = page.getByTestId('metrics-help-constraint');
    // Screen readers get the sentence from the label, pointer users from the tooltip.
    expect(await help.getAttribute('aria-label')).toContain(constraint.description);
    await help.hover();
    await page.getByRole('tooltip').filter({ hasText: constraint.description }).waitFor();
    await screenshot(page, 'metrics-sorted-explained');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('metrics-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^metrics-.*\.xlsx$/);
    await page.close();
  });
});
