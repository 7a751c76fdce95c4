import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { analyticsApi } from './support/analytics-api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

/**
 * Printing a report (issue 17; apps/web/src/app/print.css): under print media the application's
 * chrome is gone and the report's content is there, whole cards and rows are kept on one sheet,
 * and Chromium makes a PDF of it.
 */

const { baseUrl } = e2eServer();
const api = analyticsApi(baseUrl);

let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page | null = null;
let spring = 0;
let leaderReportId = 0;
let individualReportId = 0;

beforeAll(async () => {
  chromium = await launchBrowser();
  const admin = await api.token('admin@example.com');
  const engagements = (await api.get<{ id: number; name: string }[]>(admin, '/engagements/')).body;
  spring = engagements.find((e) => e.name.includes('spring'))!.id;
  const leaders = (await api.get<{ data: { id: number; authorization_code: string | null }[] }>(admin, `/engagements/${spring}/leader-reports/?page_size=500`)).body.data;
  leaderReportId = leaders.find((r) => r.authorization_code === 'DEMOLEAD')!.id;
  individualReportId = (await api.get<{ data: { id: number }[] }>(admin, `/engagements/${spring}/individual-reports/`)).body.data[0]!.id;
});
afterAll(async () => chromium?.close());

type TPrinted = {
  /** Chrome still shown: the header, the menus' other tabs, buttons outside table headers, links back, pagination. */
  chrome: string[];
  /** The page's heading, as printed. */
  heading: string;
  /** The selected tabs of the menus, printed as the names of the page. */
  pageNames: string[];
  /** Cards (those without a table, which may run over sheets) and table rows that may be cut across sheets. */
  breakable: number;
  /** Cards and rows checked. */
  blocks: number;
};

/** What the page looks like under print media, read from the computed styles. */
async function printed(target: Page): Promise<TPrinted> {
  return target.evaluate(() => {
    const shown = (element: Element) => {
      const box = (element as HTMLElement).getBoundingClientRect();
      return getComputedStyle(element).display !== 'none' && getComputedStyle(element).visibility !== 'hidden' && box.width > 0 && box.height > 0;
    };
    const chrome = [
      ...Array.from(document.querySelectorAll('.mantine-AppShell-header, [role="tab"]:not([aria-selected="true"]), .mantine-Pagination-root, [data-print="hide"], [data-testid="skip-link"]')),
      ...Array.from(document.querySelectorAll('main button, main .mantine-Button-root, main .mantine-ActionIcon-root')).filter((button) => !button.closest('th') && button.getAttribute('role') !== 'tab'),
    ]
      .filter(shown)
      .map((element) => `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''} “${(element.textContent ?? '').trim().slice(0, 40)}”`);
    const blocks = Array.from(document.querySelectorAll('main .mantine-Paper-root:not(:has(table, [role="table"])), main tr')).filter(shown);
    const h1 = document.querySelector('main h1');
    const tabs = Array.from(document.querySelectorAll('main [role="tab"][aria-selected="true"]')).filter(shown);
    return {
      chrome,
      heading: h1 && shown(h1) ? (h1.textContent ?? '').trim() : '',
      pageNames: tabs.map((tab) => (tab.textContent ?? '').trim()),
      breakable: blocks.filter((block) => getComputedStyle(block).breakInside !== 'avoid').length,
      blocks: blocks.length,
    };
  });
}

/** The admin's page, signed in at the first use (the sign-in checks need a running test). */
async function adminPage(): Promise<Page> {
  page ??= await signedInPage(chromium.browser, baseUrl, 'admin@example.com');
  return page;
}

async function expectPrintable(path: string, ready: (target: Page) => Promise<void>, name: string): Promise<void> {
  const page = await adminPage();
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`${baseUrl}${path}`);
  await ready(page);
  // On screen the chrome is there (the check below would prove nothing otherwise).
  const onScreen = await printed(page);
  expect(onScreen.chrome.length).toBeGreaterThan(0);
  expect(onScreen.pageNames.length).toBeGreaterThan(0);

  await page.emulateMedia({ media: 'print' });
  const result = await printed(page);
  expect(result.chrome).toEqual([]);
  expect(result.heading).toBe(onScreen.heading);
  expect(result.heading).not.toBe('');
  // The selected tabs stay, as the names of the page printed ("Key people in danger").
  expect(result.pageNames).toEqual(onScreen.pageNames);
  expect(result.blocks).toBeGreaterThan(0);
  expect(result.breakable).toBe(0);
  // The page is white, the content starts at the top of the sheet (no room kept for the header).
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  expect(await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('main')!).paddingTop))).toBe(0);
  await screenshot(page, `print-${name}`);
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });
}

describe('report pages print without the application’s chrome', () => {
  it('the leader report, after the authorisation code', { timeout: 120_000 }, async () => {
    const base = `/engagements/${spring}/leader-report/${leaderReportId}`;
    const page = await adminPage();
    await page.goto(`${baseUrl}${base}/index.html`);
    await page.getByTestId('leader-code-input').fill('DEMOLEAD');
    await page.getByTestId('leader-code-submit').click();
    await page.getByTestId('leader-factor-attention').waitFor();
    await expectPrintable(`${base}/index.html`, (p) => p.getByTestId('leader-factor-attention').waitFor(), 'leader-report');
    await expectPrintable(`${base}/relationship.html`, (p) => p.getByTestId('leader-report-name').waitFor(), 'leader-report-relationship');
  });

  it('the individual report', { timeout: 120_000 }, async () => {
    const base = `/engagements/${spring}/individual-report/${individualReportId}`;
    await expectPrintable(`${base}/index.html`, (p) => p.getByTestId('individual-report-identity').waitFor(), 'individual-report');
    await expectPrintable(`${base}/distribution.html`, (p) => p.getByTestId('individual-report-identity').waitFor(), 'individual-report-distribution');
  });

  it('the 360 report', { timeout: 120_000 }, async () => {
    const base = `/engagements/${spring}/360-analytics/${leaderReportId}`;
    await expectPrintable(`${base}/index.html`, (p) => p.getByTestId('a360-leader-name').waitFor(), '360');
    await expectPrintable(`${base}/trust.html`, (p) => p.getByTestId('a360-leader-name').waitFor(), '360-trust');
  });

  it('retention analytics', { timeout: 120_000 }, async () => {
    const base = `/engagements/${spring}/retention-analytics`;
    await expectPrintable(`${base}/index.html`, (p) => p.getByTestId('retention-content').waitFor(), 'retention-home');
    await expectPrintable(`${base}/risks/key-people-in-danger.html`, (p) => p.getByTestId('retention-content').waitFor(), 'retention-risks');
    await expectPrintable(`${base}/groups-analytics/leader-at-risk.html`, (p) => p.getByTestId('retention-content').waitFor(), 'retention-groups');
  });
});
