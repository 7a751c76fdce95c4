import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectPath, signedInPage } from './support/session.ts';
import { surveyAdminApi } from './support/survey-admin-api.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
const { token, call } = surveyAdminApi(baseUrl);

type TItem = { item_id: string; text: string | null; own_selection: boolean; survey_result: number | null };
const DIMENSIONS = [
  { dimension: 'communication', slug: 'communication' },
  { dimension: 'improvement', slug: 'improvement' },
  { dimension: 'problem_solving', slug: 'problem-solving' },
  { dimension: 'trust', slug: 'trust' },
  { dimension: 'openness', slug: 'openness' },
  { dimension: 'respect', slug: 'respect' },
  { dimension: 'connection_with_leader', slug: 'connection-with-leader' },
] as const;
type TDimension = (typeof DIMENSIONS)[number]['dimension'];
type TReport360 = { id: number; employee: { id: number; name: string }; withheld: boolean; result: Record<TDimension, TItem[]> };
type TListItem = { id: number; employee: { id: number; name: string } };

let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let engagementId: number;
/** The demo leader's own 360 report (the leader whose leader report code is DEMOLEAD), as the API gives it. */
let expected: TReport360;
/** A report whose team answered too little: shares withheld. */
let withheld: TReport360;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const admin = await token('admin@example.com');
  const engagements = await call<{ id: number; name: string }[]>(admin, '/engagements/');
  engagementId = engagements.find((e) => e.name.includes('spring'))!.id;
  const leaders = (await call<{ data: { id: number; authorization_code: string | null; respondent_count: number }[] }>(admin, `/engagements/${engagementId}/leader-reports/?page_size=500`)).data;
  // 360 reports are keyed like leader reports, by the leader's employee id.
  const demoLeaderId = leaders.find((r) => r.authorization_code === 'DEMOLEAD')!.id;
  expected = await call<TReport360>(admin, `/engagements/${engagementId}/analytics-360/${demoLeaderId}/`);
  const fewRespondents = leaders.find((r) => r.respondent_count < 5)!.id;
  withheld = await call<TReport360>(admin, `/engagements/${engagementId}/analytics-360/${fewRespondents}/`);
});
afterAll(async () => chromium?.close());

/** A fresh English page signed in as `email`, on the journeys list. */
const signedIn = (email: string): Promise<Page> => signedInPage(browser, baseUrl, email);

/** A share as the page writes it in English (a whole percentage). */
const percent = (share: number) => new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 }).format(share);
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
const reportPath = (id: number, page: string) => `/engagements/${engagementId}/360-analytics/${id}/${page}.html`;

/** What each item card of the page shows: id, wording, own selection and the team's figure. */
async function shownItems(page: Page): Promise<{ id: string; text: string; own: string; team: string }[]> {
  return page.getByTestId('a360-item').evaluateAll((cards) =>
    cards.map((card) => ({
      id: card.getAttribute('data-item-id') ?? '',
      text: (card.querySelector('[data-testid="a360-item-text"]')?.textContent ?? '').trim(),
      own: card.getAttribute('data-own') ?? '',
      team: (card.querySelector('[data-testid="a360-item-team"]')?.textContent ?? '').trim(),
    })),
  );
}

describe('360 analytics', () => {
  it('lists the reports the leader may see and sums up the seven dimensions of their own', async () => {
    const leaderToken = await token('leader@example.com');
    const visible = await call<{ data: TListItem[]; total: number }>(leaderToken, `/engagements/${engagementId}/analytics-360/`);
    const page = await signedIn('leader@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/360-analytics/list.html`);
    await page.getByTestId('a360-reports-table').waitFor();
    // The server's first page, by name.
    expect(await page.getByTestId('a360-report-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-report-id'))))).toEqual(visible.data.map((r) => r.id));
    expect(await page.getByTestId('a360-reports-count').getAttribute('data-total')).toBe(String(visible.total));
    await screenshot(page, 'analytics-360-list-leader');

    await page.locator(`[data-testid="a360-report-row"][data-report-id="${expected.id}"] a`).first().click();
    await expectPath(page, reportPath(expected.id, 'index'));
    await page.getByTestId('a360-dimension-trust').waitFor();
    expect(await text(page, 'a360-leader-name')).toBe(expected.employee.name);
    for (const { dimension } of DIMENSIONS) {
      const items = expected.result[dimension];
      const shares = items.map((item) => item.survey_result ?? 0);
      const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
      expect([dimension, await text(page, `a360-team-mean-${dimension}`)]).toEqual([dimension, percent(mean)]);
      const own = items.filter((item) => item.own_selection).length;
      expect([dimension, await text(page, `a360-own-count-${dimension}`)]).toEqual([dimension, `${own} of ${items.length} statements`]);
    }
    await screenshot(page, 'analytics-360-summary');
    await page.close();
  });

  it('shows every dimension’s items with the leader’s own selection beside the team’s share', async () => {
    const page = await signedIn('admin@example.com');
    await page.goto(`${baseUrl}${reportPath(expected.id, 'index')}`);
    await page.getByTestId('a360-dimension-trust').waitFor();
    for (const { dimension, slug } of DIMENSIONS) {
      await page.getByTestId(`a360-tab-${dimension}`).click();
      await expectPath(page, reportPath(expected.id, slug));
      // Every demo item has its wording, which the page shows in the reader's language.
      expect(expected.result[dimension].every((item) => (item.text ?? '').length > 0)).toBe(true);
      const want = expected.result[dimension].map((item) => ({ id: item.item_id, text: item.text ?? '', own: String(item.own_selection), team: percent(item.survey_result ?? 0) }));
      // Polled: the address changes a moment before the new page's items replace the previous ones.
      await expect.poll(async () => [dimension, await shownItems(page)]).toEqual([dimension, want]);
      if (dimension === 'problem_solving' || dimension === 'connection_with_leader') await screenshot(page, `analytics-360-${slug}`);
    }
    await page.close();
  });

  it('keeps the team’s shares hidden when too few direct reports answered, also on a narrow screen', async () => {
    expect(withheld.withheld).toBe(true);
    const page = await signedIn('admin@example.com');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}${reportPath(withheld.id, 'trust')}`);
    await page.getByTestId('a360-withheld').waitFor();
    const items = await shownItems(page);
    expect(items.map((item) => item.own)).toEqual(withheld.result.trust.map((item) => String(item.own_selection)));
    expect(new Set(items.map((item) => item.team))).toEqual(new Set(['Hidden']));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'analytics-360-withheld-narrow');
    await page.close();
  });
});
