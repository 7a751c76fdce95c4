import type { TIndividualReport, TIndividualReportListItem, TIndividualReportListPage } from '@ona/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { analyticsApi } from './support/analytics-api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectPath, signedInPage, type TViewport } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
/** Waits for the page to settle on a value: generous, since the machine's two cores are shared. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const api = analyticsApi(baseUrl);
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let engagementId: number;
let openEngagementId: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  for (const who of ['admin', 'leader', 'employee']) tokens[who] = await api.token(`${who}@example.com`);
  const engagements = (await api.get<{ id: number; name: string; state: string }[]>(tokens.admin!, '/engagements/')).body;
  engagementId = engagements.find((e) => e.name.includes('spring'))!.id;
  // The demo also has the analysed wave before the spring one: the open survey is found by its state.
  openEngagementId = engagements.find((e) => e.state === 'open')!.id;
});
afterAll(async () => chromium.close());

/** Every report `who` sees, in the list's order, page after page as the server gives them. */
const listOf = async (who: string): Promise<TIndividualReportListItem[]> => {
  const rows: TIndividualReportListItem[] = [];
  for (let page = 1; ; page++) {
    const body = (await api.get<TIndividualReportListPage>(tokens[who]!, `/engagements/${engagementId}/individual-reports/?page_size=500&page=${page}`)).body;
    rows.push(...body.data);
    if (rows.length >= body.total) return rows;
  }
};
const reportOf = async (who: string, id: number) => (await api.get<TIndividualReport>(tokens[who]!, `/engagements/${engagementId}/individual-reports/${id}/`)).body;

/** A fresh English page signed in as `email`, on the journeys list. */
const signedIn = (email: string, viewport?: TViewport): Promise<Page> => signedInPage(browser, baseUrl, email, viewport);

const listPath = () => `/engagements/${engagementId}/individual-report/list.html`;
const reportPath = (id: number, page: string) => `/engagements/${engagementId}/individual-report/${id}/${page}.html`;
const number = async (page: Page, testId: string) => Number(((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d]/g, ''));
const shownCount = async (page: Page) => Number(await page.getByTestId('individual-reports-count').getAttribute('data-shown'));

describe('the individual report list', () => {
  it('lists every report an all-access admin may see, searches and exports them', async () => {
    const expected = await listOf('admin');
    expect(expected.length).toBeGreaterThanOrEqual(300);
    const page = await signedIn('admin@example.com');
    await page.goto(`${baseUrl}${listPath()}`);
    await page.getByTestId('individual-reports-table').waitFor();
    expect(await shownCount(page)).toBe(expected.length);
    const names = await page.getByTestId('individual-report-link').allTextContents();
    expect(names).toEqual(expected.slice(0, 50).map((r) => r.employee.name));
    // The next page comes from the server in the same order.
    await page.getByTestId('individual-reports-pages').getByRole('button', { name: '2', exact: true }).click();
    await poll(async () => (await page.getByTestId('individual-report-link').allTextContents())).toEqual(expected.slice(50, 100).map((r) => r.employee.name));
    await screenshot(page, 'individual-report-list');

    // Accent-blind search over names and units, from three characters on.
    const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
    const matching = expected.filter((r) => fold(r.employee.name).includes('toth') || fold(r.unit?.name ?? '').includes('toth'));
    expect(matching.length).toBeGreaterThan(0);
    await page.getByTestId('individual-reports-search').fill('to');
    await page.getByText('Please type at least 3 characters to search').waitFor();
    expect(await shownCount(page)).toBe(expected.length);
    await page.getByTestId('individual-reports-search').fill('toth');
    await poll(() => shownCount(page)).toBe(matching.length);
    await page.getByTestId('individual-reports-search').fill('nobody here');
    await page.getByTestId('individual-reports-no-results').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('individual-reports-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^individual-reports-.*\.xlsx$/);
    await page.close();
  });

  it('shows a self-only employee just their own report, with the names they chose themself', async () => {
    const expected = await listOf('employee');
    expect(expected).toHaveLength(1);
    const own = expected[0]!;
    const page = await signedIn('employee@example.com');
    await page.goto(`${baseUrl}${listPath()}`);
    await page.getByTestId('individual-reports-table').waitFor();
    expect(await page.getByTestId('individual-report-row').count()).toBe(1);
    expect(await page.getByTestId('individual-report-link').textContent()).toBe(own.employee.name);
    expect(await page.getByTestId('individual-reports-search').count()).toBe(0);
    await screenshot(page, 'individual-report-list-employee');

    await page.getByTestId('individual-report-link').click();
    await expectPath(page, reportPath(own.id, 'index'));
    const report = await reportOf('employee', own.id);
    expect(await number(page, 'figure-mentioning-you')).toBe(report.mentioning_you);

    await page.getByTestId('individual-report-tab-distribution').click();
    await expectPath(page, reportPath(own.id, 'distribution'));
    await page.getByTestId('given-nominations').waitFor();
    expect(await page.getByTestId('given-nominations').getAttribute('data-names-shown')).toBe('true');
    const firstGiven = report.given.find((g) => (g.colleagues ?? []).length > 0)!;
    const cell = page.locator(`[data-testid="given-row"][data-question-id="${firstGiven.question.id}"]`).getByTestId('given-colleagues');
    for (const colleague of firstGiven.colleagues!) expect(await cell.textContent()).toContain(colleague.name);
    await screenshot(page, 'individual-report-own-distribution');

    // Someone else's report is not found for a self-only reader, as the API says.
    const other = (await listOf('admin')).find((r) => r.id !== own.id)!;
    expect((await api.get(tokens.employee!, `/engagements/${engagementId}/individual-reports/${other.id}/`)).status).toBe(404);
    await page.goto(`${baseUrl}${reportPath(other.id, 'index')}`);
    await page.getByTestId('not-found').waitFor();
    await page.close();
  });

  it('shows a leader their subtree, and a member report without the names the member chose', async () => {
    const expected = await listOf('leader');
    expect(expected.length).toBeGreaterThan(1);
    const page = await signedIn('leader@example.com');
    await page.goto(`${baseUrl}${listPath()}`);
    await page.getByTestId('individual-reports-table').waitFor();
    expect(await shownCount(page)).toBe(expected.length);
    expect(await page.getByTestId('individual-report-link').allTextContents()).toEqual(expected.slice(0, 50).map((r) => r.employee.name));

    // A member who answered: the leader's own report is the one whose chosen names come back.
    let member: TIndividualReportListItem | undefined;
    let report: TIndividualReport | undefined;
    for (const candidate of expected.filter((r) => r.has_answered)) {
      const detail = await reportOf('leader', candidate.id);
      if (detail.given.every((g) => g.colleagues === null)) {
        member = candidate;
        report = detail;
        break;
      }
    }
    if (!member || !report) throw new Error('the leader has no answering member');
    await page.goto(`${baseUrl}${reportPath(member.id, 'distribution')}`);
    await page.getByTestId('given-nominations').waitFor();
    // The member is not the reader: given counts are shown, the chosen colleagues never.
    expect(await page.getByTestId('given-nominations').getAttribute('data-names-shown')).toBe('false');
    expect(await page.getByTestId('given-colleagues').count()).toBe(0);
    await page.getByText('The names of the colleagues chosen are shown only to the person themself.').waitFor();
    expect((await page.getByTestId('given-count').allTextContents()).map(Number)).toEqual(report.given.map((g) => g.count));
    await screenshot(page, 'individual-report-leader-member-distribution');
    await page.close();
  });
});

describe('one individual report', () => {
  it('shows on its four pages exactly what the API answers, with a menu and the links back', async () => {
    const list = await listOf('admin');
    const chosen = list.find((r) => r.has_answered)!;
    const report = await reportOf('admin', chosen.id);
    const page = await signedIn('admin@example.com');
    await page.goto(`${baseUrl}${listPath()}`);
    await page.getByTestId('individual-reports-search').fill(chosen.employee.name);
    await page.locator(`[data-testid="individual-report-row"][data-report-id="${chosen.id}"]`).getByTestId('individual-report-link').click();
    await expectPath(page, reportPath(chosen.id, 'index'));

    // index: the three headline figures and who the report is about.
    await page.getByTestId('figure-mentioning-you').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(report.employee.name);
    expect(await page.getByTestId('individual-report-level').getAttribute('data-level')).toBe(report.hierarchy_level);
    expect(await page.getByTestId('individual-report-unit').textContent()).toBe(report.unit?.name);
    expect(await number(page, 'figure-mentioning-you')).toBe(report.mentioning_you);
    expect(await number(page, 'figure-turning-to-you')).toBe(report.turning_to_you);
    expect(await number(page, 'figure-mutual')).toBe(report.mutual_relationships);
    await screenshot(page, 'individual-report-index');

    // manageability: the verdicts are the API's.
    await page.getByTestId('individual-report-tab-manageability').click();
    await expectPath(page, reportPath(chosen.id, 'manageability'));
    expect(await number(page, 'manageability-turning-to-you')).toBe(report.turning_to_you);
    expect(await page.getByTestId('manageability-turning-to-you-verdict').getAttribute('data-alarming')).toBe(String(report.turning_to_you_too_many));
    expect(await number(page, 'manageability-mutual')).toBe(report.mutual_relationships);
    expect(await page.getByTestId('manageability-mutual-verdict').getAttribute('data-alarming')).toBe(String(report.mutual_too_many));
    const influence = await page.getByTestId('manageability-influence').textContent();
    expect(influence).toBe(report.influence_share === null ? '–' : `${Math.round(report.influence_share * 100)}%`);
    await screenshot(page, 'individual-report-manageability');

    // personal character: five types, scores with one decimal and nomination counts.
    await page.getByTestId('individual-report-tab-personal-character').click();
    await expectPath(page, reportPath(chosen.id, 'personal-character'));
    await page.getByTestId('character-type').first().waitFor();
    const types = await page.getByTestId('character-type').evaluateAll((cards) =>
      cards.map((card) => ({
        code: card.getAttribute('data-code'),
        score: card.querySelector('[data-testid="character-type-score"]')?.textContent,
        count: Number(card.querySelector('[data-testid="character-type-nominations"]')?.getAttribute('data-count')),
      })),
    );
    expect(types).toEqual(
      ['personal', 'professional', 'information_sharing', 'work_cooperation', 'influencing_others'].map((code) => {
        const value = report.character_types[code as keyof TIndividualReport['character_types']];
        return { code, score: value.score.toFixed(1), count: value.nominations };
      }),
    );
    await screenshot(page, 'individual-report-personal-character');

    // distribution: hierarchy levels, received and given per question.
    await page.getByTestId('individual-report-tab-distribution').click();
    await expectPath(page, reportPath(chosen.id, 'distribution'));
    await page.getByTestId('relations-by-level').waitFor();
    expect((await page.getByTestId('relations-level-count').allTextContents()).map(Number)).toEqual(
      (['strategic', 'integrative', 'operative', 'implementors'] as const).map((level) => report.relations_by_level[level].count),
    );
    expect((await page.getByTestId('received-count').allTextContents()).map(Number)).toEqual(report.received.map((r) => r.count));
    expect((await page.getByTestId('given-count').allTextContents()).map(Number)).toEqual(report.given.map((g) => g.count));
    for (const row of report.received.slice(0, 3)) await page.getByText(row.question.label).first().waitFor();
    // An admin reading someone else's report never sees whom that person chose.
    expect(await page.getByTestId('given-nominations').getAttribute('data-names-shown')).toBe('false');
    await screenshot(page, 'individual-report-distribution');

    // The links back.
    await page.getByTestId('individual-report-back-to-journey').click();
    await expectPath(page, `/engagements/${engagementId}.html`);
    await page.goBack();
    await page.getByRole('link', { name: 'Back to the reports' }).click();
    await expectPath(page, listPath());
    await page.close();
  });

  it('reads well on a narrow phone screen', async () => {
    const own = (await listOf('employee'))[0]!;
    const page = await signedIn('employee@example.com', { width: 390, height: 844 });
    await page.goto(`${baseUrl}${reportPath(own.id, 'manageability')}`);
    await page.getByTestId('manageability-mutual').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'individual-report-narrow');
    await page.close();
  });
});

describe('the states around the individual reports', () => {
  it('says that no analysis has run yet on the open engagement', async () => {
    expect((await api.get(tokens.admin!, `/engagements/${openEngagementId}/individual-reports/`)).status).toBe(409);
    const page = await signedIn('admin@example.com');
    await page.goto(`${baseUrl}/engagements/${openEngagementId}/individual-report/list.html`);
    await page.getByTestId('analysis-not-ready').waitFor();
    await page.getByText('No analysis yet').waitFor();
    await screenshot(page, 'individual-report-not-ready');
    await page.close();
  });

  it('sends the bare paths to the list and to the report overview', async () => {
    const own = (await listOf('employee'))[0]!;
    const page = await signedIn('employee@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/individual-report`);
    await expectPath(page, listPath());
    await page.goto(`${baseUrl}/engagements/${engagementId}/individual-report/${own.id}`);
    await expectPath(page, reportPath(own.id, 'index'));
    await page.goto(`${baseUrl}/engagements/${engagementId}/individual-report/abc/index.html`);
    await page.getByTestId('not-found').waitFor();
    await page.close();
  });
});
