import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { seriousAxeFindings } from './support/axe.ts';

const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let token: string;
let springId: number;
let autumnId: number;

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type TCalibration = { leavers: { employee_id: number; name: string; risk_level: number; reason: string }[]; levels: { level: number; excluded: number }[] };

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const login = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }) });
  token = ((await login.json()) as { token: string }).token;
  const engagements = await api<{ id: number; name: string }[]>('/engagements/');
  springId = engagements.find((e) => e.name.includes('spring'))!.id;
  autumnId = (await api<{ suggested: number }>(`/engagements/${springId}/comparison/journeys/`)).suggested;
});
afterAll(async () => chromium?.close());

describe('risk checked against turnover', () => {
  it('lets the admin set a leaver’s reason from the admin menu, and the calibration table follows', async () => {
    const before = await api<TCalibration>(`/engagements/${springId}/comparison/calibration/?with=${autumnId}`);
    const unmarked = before.leavers.find((leaver) => leaver.reason === 'unknown')!;
    const excludedBefore = before.levels[unmarked.risk_level]!.excluded;

    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/engagements/${springId}/admin.html`);
    await page.getByTestId('admin-link-riskCalibration').click();
    await page.getByTestId('calibration-table').waitFor();
    const row = page.locator(`[data-testid="calibration-level"][data-level="${unmarked.risk_level}"]`);
    // Columns: level (row header), people, moved or retired, counted, left, share.
    const excludedCell = row.locator('td').nth(1);
    expect(await excludedCell.textContent()).toBe(String(excludedBefore));

    const select = page.getByRole('combobox', { name: `Reason why ${unmarked.name} is gone` });
    await select.selectOption('retired');
    await page.getByTestId('notification').filter({ hasText: unmarked.name }).waitFor();
    await expect.poll(() => excludedCell.textContent()).toBe(String(excludedBefore + 1));
    await screenshot(page, 'risk-calibration');

    // A reload reads the stored reason; then the demo's reason is put back for the other tests.
    await page.reload();
    await page.getByTestId('calibration-table').waitFor();
    expect(await page.getByRole('combobox', { name: `Reason why ${unmarked.name} is gone` }).inputValue()).toBe('retired');
    // The table, the figures and the selects pass axe's WCAG 2.2 AA rules (serious and critical).
    const violations = await seriousAxeFindings(page, '[data-testid="risk-calibration"]');
    expect(violations).toEqual([]);
    await page.getByRole('combobox', { name: `Reason why ${unmarked.name} is gone` }).selectOption('unknown');
    await expect.poll(() => excludedCell.textContent()).toBe(String(excludedBefore));
    await page.close();
  });

  it('is linked from the Compare page for admins who may open it, and links back to the same comparison', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/engagements/${springId}/retention-analytics/compare.html?with=${autumnId}`);
    // The comparison takes a while on a busy machine (as in compare.e2e.ts); the link comes with it.
    await page.getByTestId('compare-between').waitFor({ timeout: 60_000 });
    await page.getByTestId('compare-calibration-link').click();
    await page.waitForURL(`**/engagements/${springId}/admin/risk-calibration.html?with=${autumnId}`);
    await page.getByTestId('calibration-table').waitFor();
    expect(await page.getByTestId('calibration-earlier').inputValue()).toBe(String(autumnId));
    await screenshot(page, 'risk-calibration-from-compare');
    await page.getByTestId('calibration-compare-link').click();
    await page.waitForURL(`**/engagements/${springId}/retention-analytics/compare.html?with=${autumnId}`);
    await page.getByTestId('compare-between').waitFor({ timeout: 60_000 });
    await page.close();

    // The leader sees the comparison of their own team (subtree) and is no admin: no link to a page that would refuse them.
    const leader = await signedInPage(browser, baseUrl, 'leader@example.com');
    await leader.goto(`${baseUrl}/engagements/${springId}/retention-analytics/compare.html?with=${autumnId}`);
    await leader.getByTestId('compare-between').waitFor({ timeout: 60_000 });
    expect(await leader.getByTestId('compare-calibration-link').count()).toBe(0);
    await leader.close();
  }, 180_000);
});
