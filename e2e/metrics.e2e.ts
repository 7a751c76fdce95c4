import type { TMetricsPage } from '@ona/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { analyticsApi } from './support/analytics-api.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath, signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
/** Waits for the page to settle on a value: generous, since the machine's two cores are shared. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
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
    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
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

  it('groups brokerage by a filter attribute chosen in "Brokerage groups": the group and roles columns follow the API', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/key-people-analytics/metrics.html?sort=-brokerage_gatekeeper`);
    await page.getByTestId('metrics-table').waitFor();
    const byUnit = (await api.get<TMetricsPage>(adminToken, `/engagements/${engagementId}/metrics/?sort=-brokerage_gatekeeper&page_size=5`)).body;
    // The demo's employees carry the filter attributes "birth_year" and "unit_manager" from the import.
    expect(byUnit.brokerage_group_options.map((o) => o.label)).toEqual(['Units', 'Birth year', 'Unit manager']);
    expect(await page.getByTestId('metrics-groups-select').inputValue()).toBe('Units');

    await page.getByTestId('metrics-groups-select').click();
    await page.getByRole('option', { name: 'Unit manager' }).click();
    await poll(() => new URL(page.url()).searchParams.get('groups')).toBe('filter:unit_manager');
    const expected = (await api.get<TMetricsPage>(adminToken, `/engagements/${engagementId}/metrics/?groups=filter:unit_manager&sort=-brokerage_gatekeeper&page_size=5`)).body;
    expect(expected.brokerage_groups).toEqual({ key: 'filter:unit_manager', label: 'Unit manager', withheld: false });
    const firstRows = () =>
      page.getByTestId('metrics-row').evaluateAll((rows) =>
        rows.slice(0, 5).map((row) => ({
          id: Number(row.getAttribute('data-employee-id')),
          group: row.querySelector('[data-metric="group"]')?.textContent ?? '',
          roles: row.querySelector('[data-metric="roles"]')?.textContent ?? '',
          gatekeeper: row.querySelector('[data-metric="brokerage_gatekeeper"]')?.textContent ?? '',
        })),
      );
    const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);
    await poll(firstRows).toEqual(
      expected.data.map((row) => ({
        id: row.employee.id,
        group: row.group ?? '–',
        roles: row.brokerage_roles.length > 0 ? row.brokerage_roles.map(roleLabel).join(', ') : '–',
        gatekeeper: row.values.brokerage_gatekeeper === null ? '–' : new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(row.values.brokerage_gatekeeper!),
      })),
    );
    expect(await page.getByTestId('metrics-th-group').textContent()).toBe('Group (Unit manager)');
    // Other groups, other gatekeepers: the unit-grouped leaders of the table differ.
    expect(expected.data.map((r) => r.values.brokerage_gatekeeper)).not.toEqual(byUnit.data.map((r) => r.values.brokerage_gatekeeper));
    await screenshot(page, 'metrics-brokerage-groups');

    // The export takes the same groups.
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().includes('/metrics/export/')), page.waitForEvent('download'), page.getByTestId('metrics-export').click()]);
    expect(new URL(request.url()).searchParams.get('groups')).toBe('filter:unit_manager');
    await page.close();
  });
});
