import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath, signIn } from './support/session.ts';
import { surveyAdminApi } from './support/survey-admin-api.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
const { token, call } = surveyAdminApi(baseUrl);

type TEmployee = { id: number; name: string };
type TListItem = { id: number; leader: TEmployee; team_size: number; respondent_count: number; authorization_code: string | null };
type TScore = number | null;
type TLeaderReport = {
  id: number;
  user_name: string;
  team_size: number;
  withheld: boolean;
  result: {
    attention: { score: TScore; opinion: TScore; work_info: TScore; recognition: TScore; corporate_news: TScore };
    prestige: { score: TScore; advice: TScore; personal: TScore; attention: TScore; expertise: TScore };
    impartiality: { score: TScore; sympathy: { employee: TEmployee; given: boolean }[]; expertise: { employee: TEmployee; given: boolean }[] };
    relationship: { score: TScore; sympathy: { given: TEmployee[]; received_count: number | null }; expertise: { given: TEmployee[]; received_count: number | null } };
  };
};

const DEMO_CODE = 'DEMOLEAD';
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let engagementId: number;
/** The demo leader's report: the one whose code is DEMOLEAD (admins see the codes). */
let demoReport: TListItem;
let otherReport: TListItem;
/** A report of a team with fewer respondents than the privacy minimum: its scores are withheld. */
let withheldReport: TListItem;
/** The report as the API answers it, for the figures each page must show. */
let expected: TLeaderReport;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const admin = await token('admin@example.com');
  const engagements = await call<{ id: number; name: string }[]>(admin, '/engagements/');
  engagementId = engagements.find((e) => e.name.includes('spring'))!.id;
  const list = (await call<{ data: TListItem[] }>(admin, `/engagements/${engagementId}/leader-reports/?page_size=500`)).data;
  demoReport = list.find((r) => r.authorization_code === DEMO_CODE)!;
  otherReport = list.find((r) => r.id !== demoReport.id)!;
  withheldReport = list.find((r) => r.respondent_count < 5)!;
  expected = await call<TLeaderReport>(admin, `/engagements/${engagementId}/leader-reports/${demoReport.id}/?authorization_code=${DEMO_CODE}`);
});
afterAll(async () => chromium?.close());

/** A fresh page signed in as `email`; the login form is filled in English, the pages then show in `locale`. */
async function signedIn(email: string, locale = 'en'): Promise<Page> {
  await browser.clearCookies();
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/auth/login.html`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('locale', 'en');
  });
  await page.reload();
  await signIn(page, baseUrl, email, { open: false });
  await expectPath(page, '/engagements/list.html');
  // Read by the next page load.
  if (locale !== 'en') await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  return page;
}

/** The score as the page writes it in English: one decimal, a dash when withheld. */
const shown = (score: TScore) => (score === null ? '–' : score.toFixed(1));
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
const reportPath = (page: string) => `/engagements/${engagementId}/leader-report/${demoReport.id}/${page}.html`;

async function openTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`leader-tab-${tab}`).click();
  await expectPath(page, reportPath(tab));
  // The menu belongs to each page: its tab turns selected once the new page has replaced the old one.
  await expect.poll(() => page.getByTestId(`leader-tab-${tab}`).getAttribute('aria-selected')).toBe('true');
}

describe('the leader report', () => {
  it('refuses a wrong code with the server’s message and opens the report with the right one', async () => {
    const page = await signedIn('leader@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/leader-report/list.html`);
    await page.getByTestId('leader-reports-table').waitFor();
    // A leader sees their own report (and their subtree's), never the codes.
    expect(await page.locator(`[data-testid="leader-report-row"][data-report-id="${demoReport.id}"]`).count()).toBe(1);
    expect(await page.getByTestId('leader-report-code').count()).toBe(0);
    expect(await page.getByTestId('leader-reports-export').count()).toBe(0);
    await screenshot(page, 'leader-report-list-leader');

    await page.locator(`[data-testid="leader-report-row"][data-report-id="${demoReport.id}"] a`).first().click();
    await expectPath(page, reportPath('index'));
    await page.getByTestId('leader-code-form').waitFor();
    await page.getByTestId('leader-code-input').fill('ABC');
    await page.getByTestId('leader-code-submit').click();
    await expect.poll(() => page.getByText('The authorization code has 8 characters.').count()).toBe(1);

    await page.getByTestId('leader-code-input').fill('WRONGCOD');
    await page.getByTestId('leader-code-submit').click();
    await expect.poll(() => text(page, 'leader-code-error')).toBe('Invalid authorization code');
    await screenshot(page, 'leader-report-wrong-code');

    // Typed as from an e-mail: lower case, with a space.
    await page.getByTestId('leader-code-input').fill('demo lead');
    await page.getByTestId('leader-code-submit').click();
    await page.getByTestId('leader-factor-attention').waitFor();
    expect(await text(page, 'leader-report-name')).toBe(expected.user_name);
    for (const factor of ['attention', 'impartiality', 'prestige', 'relationship'] as const) {
      expect([factor, await text(page, `leader-score-${factor}`)]).toEqual([factor, shown(expected.result[factor].score)]);
    }
    await screenshot(page, 'leader-report-summary');
    await page.close();
  });

  it('shows each page’s figures as the API gives them, asking for the code only once', async () => {
    const page = await signedIn('leader@example.com');
    await page.goto(`${baseUrl}${reportPath('index')}`);
    await page.getByTestId('leader-code-input').fill(DEMO_CODE);
    await page.getByTestId('leader-code-submit').click();
    await page.getByTestId('leader-factor-attention').waitFor();

    await openTab(page, 'attention');
    expect(await page.getByTestId('leader-code-form').count()).toBe(0);
    expect(await text(page, 'leader-score-attention')).toBe(shown(expected.result.attention.score));
    for (const part of ['opinion', 'work_info', 'recognition', 'corporate_news'] as const) {
      expect([part, await text(page, `leader-subscore-attention-${part}`)]).toEqual([part, shown(expected.result.attention[part])]);
    }
    await screenshot(page, 'leader-report-attention');

    await openTab(page, 'impartiality');
    expect(await page.getByRole('tab', { name: 'Objectivity' }).getAttribute('aria-selected')).toBe('true');
    expect(await text(page, 'leader-score-impartiality')).toBe(shown(expected.result.impartiality.score));
    const rows = page.getByTestId('leader-tie-row');
    const named = async (kind: 'sympathy' | 'expertise') =>
      (await rows.evaluateAll((all, k) => all.filter((row) => row.getAttribute(`data-${k}`) === 'true').length, kind));
    const members = new Set([...expected.result.impartiality.sympathy, ...expected.result.impartiality.expertise].map((tie) => tie.employee.id));
    expect(await rows.count()).toBe(members.size);
    expect(await named('sympathy')).toBe(expected.result.impartiality.sympathy.filter((tie) => tie.given).length);
    expect(await named('expertise')).toBe(expected.result.impartiality.expertise.filter((tie) => tie.given).length);
    await screenshot(page, 'leader-report-impartiality');

    await openTab(page, 'prestige');
    expect(await text(page, 'leader-score-prestige')).toBe(shown(expected.result.prestige.score));
    for (const part of ['advice', 'personal', 'attention', 'expertise'] as const) {
      expect([part, await text(page, `leader-subscore-prestige-${part}`)]).toEqual([part, shown(expected.result.prestige[part])]);
    }

    await openTab(page, 'relationship');
    expect(await page.getByRole('tab', { name: 'Integration' }).getAttribute('aria-selected')).toBe('true');
    expect(await text(page, 'leader-score-relationship')).toBe(shown(expected.result.relationship.score));
    for (const kind of ['sympathy', 'expertise'] as const) {
      const lists = expected.result.relationship[kind];
      if (lists.received_count !== null) expect(await text(page, `leader-received-${kind}`)).toBe(`${lists.received_count} of ${expected.team_size}`);
      const given = lists.given.length === 0 ? [] : await page.getByTestId(`leader-given-${kind}`).locator('.mantine-Badge-label').allTextContents();
      expect(given.sort()).toEqual(lists.given.map((e) => e.name).sort());
    }
    await screenshot(page, 'leader-report-relationship');

    // The accepted code lasts the browser session: a reload opens the page without the form.
    await page.reload();
    await page.getByTestId('leader-score-relationship').first().waitFor();
    expect(await page.getByTestId('leader-code-form').count()).toBe(0);

    await page.getByTestId('leader-back-to-list').click();
    await expectPath(page, `/engagements/${engagementId}/leader-report/list.html`);
    await page.close();
  });

  it('shows an admin every report’s code, exports the scores as a workbook and hides withheld scores', async () => {
    const page = await signedIn('admin@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/leader-report/list.html`);
    await page.getByTestId('leader-reports-table').waitFor();
    const shownIds = () => page.getByTestId('leader-report-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-report-id'))));
    // The server sorts: a click on "Team size" asks for the largest teams first, as the API orders them.
    const bySize = (await call<{ data: TListItem[] }>(await token('admin@example.com'), `/engagements/${engagementId}/leader-reports/?sort=-team_size`)).data;
    await page.getByTestId('leader-reports-sort-team_size').locator('button').click();
    await expect.poll(shownIds).toEqual(bySize.map((r) => r.id));
    expect(await page.getByTestId('leader-reports-sort-team_size').getAttribute('aria-sort')).toBe('descending');
    // …and searches: the demo leader's name finds their row, whichever page it was on.
    await page.getByTestId('leader-reports-search').fill(demoReport.leader.name);
    await expect.poll(shownIds).toContain(demoReport.id);
    expect(await page.locator(`[data-testid="leader-report-row"][data-report-id="${demoReport.id}"] [data-testid="leader-report-code"]`).textContent()).toBe(DEMO_CODE);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('leader-reports-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await screenshot(page, 'leader-report-list-admin');

    await page.getByTestId('leader-reports-search').fill(withheldReport.leader.name);
    await expect.poll(shownIds).toContain(withheldReport.id);
    await page.locator(`[data-testid="leader-report-row"][data-report-id="${withheldReport.id}"] a`).first().click();
    await page.getByTestId('leader-code-input').fill(withheldReport.authorization_code ?? '');
    await page.getByTestId('leader-code-submit').click();
    await page.getByTestId('leader-report-withheld').waitFor();
    for (const factor of ['attention', 'impartiality', 'prestige', 'relationship'] as const) expect(await text(page, `leader-score-${factor}`)).toBe('–');
    await screenshot(page, 'leader-report-withheld');
    await page.close();
  });

  it('gives the wrong-code message in the user’s language and fits a narrow screen', async () => {
    const page = await signedIn('admin@example.com', 'hu');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/engagements/${engagementId}/leader-report/${otherReport.id}/attention.html`);
    await page.getByTestId('leader-code-input').fill('WRONGCOD');
    await page.getByTestId('leader-code-submit').click();
    await expect.poll(() => text(page, 'leader-code-error')).toBe('Érvénytelen engedélyezési kód');
    await screenshot(page, 'leader-report-wrong-code-hu-narrow');
    await page.goto(`${baseUrl}${reportPath('index')}`);
    await page.getByTestId('leader-code-input').fill(DEMO_CODE);
    await page.getByTestId('leader-code-submit').click();
    await page.getByTestId('leader-factor-attention').waitFor();
    // Nothing wider than the screen: no sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'leader-report-summary-hu-narrow');
    await page.close();
  });

  it('tells a user the module is not open to them, without logging them out', async () => {
    const employee = await token('employee@example.com');
    const res = await fetch(`${baseUrl}/api/engagements/${engagementId}/leader-reports/`, { headers: { authorization: `Token ${employee}` } });
    expect(res.status).toBe(403);
    const page = await signedIn('employee@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/leader-report/list.html`);
    await expect.poll(() => text(page, 'module-forbidden')).toBe('Leader reports of this journey are not open to you.');
    await expectPath(page, `/engagements/${engagementId}/leader-report/list.html`);
    await page.close();
  });
});
