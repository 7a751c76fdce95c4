import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { TRetentionAnalytics, TRetentionEmployeeListPage } from '@ona/contracts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, expectPath, signedInPage, type TViewport } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let engagementId: number;
let openEngagementId: number;
/** The admin's answer of the retention call: the figures every page is checked against. */
let adminView: TRetentionAnalytics;
/** Everyone the admin sees, read from the datasheet in one page (the answer holds nobody's row). */
let everyone: TRetentionEmployeeListPage['data'];

async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { token: string }).token;
}

async function apiGet(token: string, path: string): Promise<Response> {
  return fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Token ${token}`, 'accept-language': 'en-US' } });
}

async function api<T>(token: string, path: string): Promise<T> {
  const res = await apiGet(token, path);
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const token = await apiToken('admin@example.com');
  const engagements = await api<{ id: number; name: string; state: string }[]>(token, '/engagements/');
  engagementId = engagements.find((e) => e.name.includes('spring'))!.id;
  // The wave before the spring one is an autumn survey too (analysed): the open one is found by its state.
  openEngagementId = engagements.find((e) => e.state === 'open')!.id;
  adminView = await api<TRetentionAnalytics>(token, `/engagements/${engagementId}/retention-analytics-results/`);
  everyone = (await api<TRetentionEmployeeListPage>(token, `/engagements/${engagementId}/retention-analytics-results/employees/?page_size=500&sort=name`)).data;
});
afterAll(async () => chromium?.close());

/** A fresh English page signed in as `email`, on the journeys list. */
const signedIn = (email: string, viewport?: TViewport): Promise<Page> => signedInPage(browser, baseUrl, email, viewport);

const retention = (page: string, id = engagementId) => `${baseUrl}/engagements/${id}/retention-analytics/${page}`;

async function open(page: Page, path: string): Promise<void> {
  await page.goto(retention(path));
  await page.getByTestId('retention-content').waitFor();
}

/** Mantine puts a chip's test id on its hidden checkbox: the click goes to the chip's label. */
async function clickChip(page: Page, testId: string): Promise<void> {
  const id = await page.getByTestId(testId).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

const numberIn = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-value'));
const shownRows = async (page: Page) => Number(await page.getByTestId('datasheet-count').getAttribute('data-shown'));

describe('retention analytics as the admin (all access)', () => {
  // One admin page walks through the module, as a reader would; it signs in in the first test
  // because the sign-in's own checks need a running test.
  let page: Page;
  afterAll(async () => page?.close());

  it('opens from the journey tile and shows the employees per risk level that the API counts', async () => {
    page = await signedIn('admin@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}.html`);
    await page.getByTestId('tile-retention_analytics').click();
    await expectPath(page, `/engagements/${engagementId}/retention-analytics/index.html`);
    await page.getByTestId('retention-content').waitFor();

    const perLevel = [0, 1, 2, 3, 4].map((level) => everyone.filter((e) => e.risk_level === level).length);
    expect(perLevel).toEqual([145, 68, 55, 25, 25]);
    for (const level of [0, 1, 2, 3, 4]) expect(await numberIn(page, `level-count-${level}`)).toBe(perLevel[level]);
    expect(await numberIn(page, 'retention-total')).toBe(318);
    expect(await numberIn(page, 'retention-at-high-risk')).toBe(50);
    expect(await numberIn(page, 'retention-with-risk-factor')).toBe(173);
    // The level explanations come from the API, in English here.
    await expect.poll(() => page.getByTestId('level-row-4').textContent()).toContain(adminView.explanations.risk_levels['4']);
    await expect.poll(() => page.getByTestId('retention-analysed-at').textContent()).toMatch(/Analysed on/);
    const topCauses = adminView.results.most_typical_causes.items ?? [];
    expect(await page.getByTestId('top-cause').count()).toBe(Math.min(5, topCauses.length));
    await screenshot(page, 'retention-landing');
  });

  it('sends the bare risks path to the most typical causes and lists each cause the API names', async () => {
    await page.goto(retention('risks'));
    await expectPath(page, `/engagements/${engagementId}/retention-analytics/risks/most-typical-causes.html`);
    await page.getByTestId('most-typical-causes').waitFor();
    const causes = adminView.results.most_typical_causes.items ?? [];
    expect(await page.getByTestId('cause-row').count()).toBe(causes.length);
    const first = causes[0]!;
    expect(await page.locator(`[data-testid="cause-row"][data-factor="${first.factor}"] [data-testid="cause-count"]`).textContent()).toBe(String(first.count));
    await screenshot(page, 'retention-risks-causes');
  });

  it('shows the other three risk pages with as many rows as the API answers', async () => {
    await page.getByTestId('risks-tab-key-people-in-danger').click();
    await expectPath(page, /risks\/key-people-in-danger\.html$/);
    await expect.poll(() => page.getByTestId('key-person-row').count()).toBe(adminView.results.key_people_in_danger.length);
    await screenshot(page, 'retention-risks-key-people');

    await page.getByTestId('risks-tab-leaders-in-need-of-support').click();
    await expectPath(page, /risks\/leaders-in-need-of-support\.html$/);
    await expect.poll(() => page.getByTestId('leader-row').count()).toBe(adminView.results.leaders_in_need_of_support.length);
    await screenshot(page, 'retention-risks-leaders');

    await page.getByTestId('risks-tab-corresponding-causes').click();
    await expectPath(page, /risks\/corresponding-causes\.html$/);
    await expect.poll(() => page.getByTestId('pair-row').count()).toBe(adminView.results.corresponding_causes.items?.length ?? 0);
    await screenshot(page, 'retention-risks-pairs');
  });

  it('opens the datasheet on the people with a risk factor and narrows it with the filters', async () => {
    await page.getByTestId('retention-menu-employees').click();
    await expectPath(page, /employees-analytics\.html$/);
    await page.getByTestId('retention-datasheet').waitFor();
    // Level 0 is hidden by default (spec §4).
    expect(await shownRows(page)).toBe(173);
    expect(Number(await page.getByTestId('datasheet-count').getAttribute('data-total'))).toBe(318);
    // Virtualised: far fewer row elements than rows.
    expect(await page.getByTestId('datasheet-row').count()).toBeLessThan(40);
    await screenshot(page, 'retention-employees');
    // The server pages the sheet (50 rows a page): the second page starts at the 51st row.
    await page.getByTestId('datasheet-pages').getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => page.getByTestId('datasheet-row').first().getAttribute('aria-rowindex')).toBe('52');
    expect(await page.getByTestId('employee-datasheet').getAttribute('aria-rowcount')).toBe('174');

    for (const level of [1, 2, 3]) await clickChip(page, `filter-risk-level-${level}`);
    await expect.poll(() => shownRows(page)).toBe(25);
    expect(await page.locator('[data-testid="datasheet-row"][data-level="4"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="datasheet-row"]:not([data-level="4"])').count()).toBe(0);

    await page.getByTestId('filter-answered').getByText('Did not answer', { exact: true }).click();
    const expected = everyone.filter((e) => e.risk_level === 4 && !e.has_answered).length;
    await expect.poll(() => shownRows(page)).toBe(expected);

    await page.getByTestId('filter-reset').click();
    await expect.poll(() => shownRows(page)).toBe(173);
  });

  it('filters by a department with every unit below it', async () => {
    const top = adminView.units.find((unit) => unit.parent !== null && unit.children.length > 0)!;
    const below = new Set<number>();
    const stack = [top.id];
    while (stack.length > 0) {
      const id = stack.pop()!;
      below.add(id);
      stack.push(...(adminView.units.find((unit) => unit.id === id)?.children ?? []));
    }
    const expected = everyone.filter((e) => (e.risk_level ?? 0) > 0 && e.unit !== null && below.has(e.unit)).length;
    await page.getByTestId('filter-department').click();
    await page.getByRole('option', { name: top.name, exact: true }).click();
    await expect.poll(() => shownRows(page)).toBe(expected);
    await page.getByTestId('filter-reset').click();
    await expect.poll(() => shownRows(page)).toBe(173);
  });

  it('sorts a column both ways', async () => {
    const firstName = () => page.getByTestId('datasheet-row').first().getByTestId('datasheet-name').textContent();
    const names = everyone.filter((e) => (e.risk_level ?? 0) > 0).map((e) => e.name);
    const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
    const sorted = [...names].sort(collator.compare);
    await page.getByTestId('sort-employee').click();
    await expect.poll(() => page.getByTestId('sort-employee').getAttribute('data-direction')).toBe('asc');
    await expect.poll(firstName).toBe(sorted[0]);
    await page.getByTestId('sort-employee').click();
    await expect.poll(() => page.getByTestId('sort-employee').getAttribute('data-direction')).toBe('desc');
    await expect.poll(firstName).toBe(sorted.at(-1));

    await page.getByTestId('sort-riskLevel').click();
    await expect.poll(() => page.getByTestId('datasheet-row').first().getAttribute('data-level')).toBe('4');
    await page.getByTestId('sort-riskLevel').click();
    await expect.poll(() => page.getByTestId('datasheet-row').first().getAttribute('data-level')).toBe('1');
    await screenshot(page, 'retention-employees-sorted');
  });

  it('opens an employee with every risk factor and its explanation', async () => {
    await page.getByTestId('sort-riskFactors').click();
    // The server sorts: wait for the sorted page before reading its first row.
    await expect.poll(() => page.getByTestId('employee-datasheet').getAttribute('aria-busy')).toBe('false');
    const most = Math.max(...everyone.map((e) => e.risk_factors.length));
    const row = page.getByTestId('datasheet-row').first();
    const factorsOfFirst = async () => {
      const id = Number(await row.getAttribute('data-employee'));
      return everyone.find((e) => e.id === id)?.risk_factors.length;
    };
    await expect.poll(factorsOfFirst).toBe(most);
    const employeeId = Number(await row.getAttribute('data-employee'));
    const employee = everyone.find((e) => e.id === employeeId)!;
    await row.getByTestId('datasheet-name').click();
    await page.getByTestId('employee-drawer-factors').waitFor();
    expect(await page.getByTestId('employee-drawer-factor').count()).toBe(employee.risk_factors.length);
    expect(employee.risk_factors.length).toBe(Math.max(...everyone.map((e) => e.risk_factors.length)));
    expect(await page.getByTestId('employee-drawer-factors').textContent()).toContain(employee.risk_factors[0]!.explanation);
    await screenshot(page, 'retention-employee-drawer');
    await page.keyboard.press('Escape');
    await page.getByTestId('employee-drawer-factors').waitFor({ state: 'detached' });
  });

  it('sends the bare groups path to the first group page and shows each group table the API answers', async () => {
    await page.goto(retention('groups-analytics'));
    await expectPath(page, /groups-analytics\/several-employees-at-risk\.html$/);
    const sets = {
      'several-employees-at-risk': 'several_employees_at_risk',
      'leader-at-risk': 'leader_at_risk',
      'key-person-at-risk': 'key_person_at_risk',
      'incoherent-team': 'incoherent_team',
    } as const;
    for (const [slug, set] of Object.entries(sets)) {
      await page.getByTestId(`groups-tab-${slug}`).click();
      await expectPath(page, new RegExp(`groups-analytics/${slug}\\.html$`));
      const rows = adminView.results.groups[set] ?? [];
      await expect.poll(() => page.getByTestId('group-row').count()).toBe(rows.length);
      const dysfunctions = rows.reduce((sum, row) => sum + row.dysfunctions.length, 0);
      expect(await page.getByTestId('group-dysfunction').count()).toBe(dysfunctions);
      await screenshot(page, `retention-groups-${slug}`);
    }
  });

  it('downloads the retention workbook from the export button', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('retention-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('draws the leader tree with everyone once, each with their risk level', async () => {
    await page.getByTestId('retention-menu-org-chart').click();
    await expectPath(page, /retention-analytics\/org-chart\.html$/);
    await page.getByTestId('retention-org-chart').waitFor();
    expect(await page.getByTestId('org-chart-person').count()).toBeLessThan(318);
    await screenshot(page, 'retention-org-chart');
    await page.getByTestId('org-chart-expand-all').click();
    await expect.poll(() => page.getByTestId('org-chart-person').count()).toBe(318);
    const levels = await page.getByTestId('org-chart-person').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-level')));
    expect(levels.filter((level) => level === '4')).toHaveLength(25);
  });
});

describe('retention analytics for other people and places', () => {
  it('shows the leader (subtree access) only their 11 employees', async () => {
    const page = await signedIn('leader@example.com');
    await open(page, 'index.html');
    expect(await numberIn(page, 'retention-total')).toBe(11);
    await open(page, 'employees-analytics.html');
    await expect.poll(() => page.getByTestId('datasheet-count').getAttribute('data-total')).toBe('11');
    await clickChip(page, 'filter-risk-level-0');
    await expect.poll(() => shownRows(page)).toBe(11);
    await screenshot(page, 'retention-leader-employees');

    // Eleven people may be fewer respondents than the privacy minimum: the page then withholds
    // the figures exactly when the API does.
    const leaderView = await api<TRetentionAnalytics>(await apiToken('leader@example.com'), `/engagements/${engagementId}/retention-analytics-results/`);
    await open(page, 'risks/most-typical-causes.html');
    if (leaderView.results.most_typical_causes.withheld) {
      await page.getByTestId('retention-withheld').waitFor();
      expect(await page.getByTestId('retention-withheld').textContent()).toContain('Too few respondents to show');
      expect(await page.getByTestId('cause-row').count()).toBe(0);
    } else {
      await expect.poll(() => page.getByTestId('cause-row').count()).toBe(leaderView.results.most_typical_causes.items?.length ?? 0);
    }
    await screenshot(page, 'retention-leader-causes');
    await page.close();
  });

  it('says plainly when the journey has not been analysed yet', async () => {
    const token = await apiToken('admin@example.com');
    const answer = await apiGet(token, `/engagements/${openEngagementId}/retention-analytics-results/`);
    const page = await signedIn('admin@example.com');
    await page.goto(retention('index.html', openEngagementId));
    if (answer.status === 409) {
      await page.getByTestId('retention-not-ready').waitFor();
      expect(await page.getByTestId('retention-not-ready').textContent()).toContain('No analysis yet');
      expect(await page.getByTestId('retention-content').count()).toBe(0);
    } else {
      // Another test file of the run analysed the open journey: the page then shows its figures.
      await page.getByTestId('retention-content').waitFor();
      expect(await page.getByTestId('retention-not-ready').count()).toBe(0);
    }
    await screenshot(page, 'retention-not-ready');
    await page.close();
  });

  it('fits a phone: the filters fold behind a button and the menu stays on screen', async () => {
    const page = await signedIn('admin@example.com', { width: 360, height: 740 });
    await open(page, 'employees-analytics.html');
    await page.getByTestId('filters-toggle').waitFor();
    expect(await page.getByTestId('filter-reset').isVisible()).toBe(false);
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('filter-reset').waitFor({ state: 'visible' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await screenshot(page, 'retention-phone-employees');
    await open(page, 'index.html');
    await screenshot(page, 'retention-phone-landing');
    await page.close();
  });

  it('switches to Hungarian, and fetches the explanations of the server in Hungarian too', async () => {
    const page = await signedIn('admin@example.com');
    await open(page, 'index.html');
    // Switching on the page refetches the answer: its explanations come in the request's language.
    await page.getByTestId('language-switcher').first().selectOption('hu');
    await expect.poll(() => page.getByTestId('retention-menu-employees').textContent()).toBe('Munkatársak');
    const token = await apiToken('admin@example.com');
    const res = await fetch(`${baseUrl}/api/engagements/${engagementId}/retention-analytics-results/`, { headers: { authorization: `Token ${token}`, 'accept-language': 'hu-HU' } });
    const hungarian = (await res.json()) as TRetentionAnalytics;
    await expect.poll(() => page.getByTestId('level-row-4').textContent()).toContain(hungarian.explanations.risk_levels['4']);
    await screenshot(page, 'retention-landing-hu');
    await page.close();
  });
});
