import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { TTieDiff, TWaveComparison } from '@ona/contracts';
import { analyticsApi } from './support/analytics-api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signedInPage } from './support/session.ts';
import { findClippedText } from './support/clipped-text.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { seriousAxeFindings } from './support/axe.ts';

/**
 * Waves compared in the browser (issue 21, docs/wave-comparison.md): the Compare page on the
 * demo's spring survey against its earlier wave, "Engagement survey 2025 autumn" (16 left, 22
 * joined, a team split), and the graph diff drawn on the graph page, counted through its probe.
 */

const { baseUrl } = e2eServer();
const api = analyticsApi(baseUrl);
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let spring: number;
let autumn: number;
let comparison: TWaveComparison;
let diff: TTieDiff;

type TDiffCounts = { kept: number; added: number; lost: number };
/** The part of the graph page's read-only probe read here (apps/web/src/graph/graph-renderer.ts, TGraphProbe). */
type TDiffProbe = { nodeCount(): number; diffTies(): TDiffCounts | null; diffPeople(): { joined: number; left: number } | null };

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const admin = await api.token('admin@example.com');
  const journeys = await api.get<{ id: number; name: string }[]>(admin, '/engagements/');
  spring = journeys.body.find((journey) => journey.name.includes('spring'))!.id;
  autumn = journeys.body.find((journey) => journey.name.includes('2025 autumn'))!.id;
  comparison = (await api.get<TWaveComparison>(admin, `/engagements/${spring}/comparison/`, { with: [autumn], page_size: [1] })).body;
  diff = (await api.get<TTieDiff>(admin, `/engagements/${spring}/comparison/ties/`, { with: [autumn] })).body;
});
afterAll(async () => chromium?.close());

/** A picture of the part of the page around a test id, at the page's width (screenshots/, for a person to look at). */
async function shotAround(page: Page, testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await screenshot(page, name, { fullPage: false });
}

async function openCompare(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await signedInPage(browser, baseUrl, 'admin@example.com', viewport);
  await page.goto(`${baseUrl}/engagements/${spring}/retention-analytics/compare.html`);
  await page.getByTestId('compare-summary').waitFor({ timeout: 60_000 });
  return page;
}

describe('the Compare page', () => {
  it('shows who joined and left since the autumn wave and the team that split, sortable, without serious axe findings', async () => {
    // What the demo casts (apps/server/src/demo/README.md): 16 of 312 left, 22 joined, one team split in two.
    expect(comparison.change.people.left).toBe(16);
    expect(comparison.change.people.joined).toBe(22);
    const page = await openCompare({ width: 1280, height: 900 });
    expect(await page.getByTestId('compare-people-joined').getAttribute('data-value')).toBe('22');
    expect(await page.getByTestId('compare-people-left').getAttribute('data-value')).toBe('16');
    expect(await page.getByTestId('compare-earlier').inputValue()).toContain('2025 autumn');

    // The split: the later second team is a unit of its own, new now.
    const split = comparison.units.filter((unit) => unit.status === 'new');
    expect(split.length).toBeGreaterThan(0);
    const status = page.getByTestId('compare-units-table-sort-status');
    await status.locator('button').click();
    await status.locator('button').click();
    expect(await status.getAttribute('aria-sort')).toBe('descending');
    const firstUnit = page.locator('[data-testid="compare-units-table"] tbody tr').first();
    expect(await firstUnit.getAttribute('data-unit-status')).toBe('new');
    expect(split.map((unit) => unit.path.join(' / '))).toContain(await firstUnit.getAttribute('data-unit'));

    // The network of all work questions: the same counts as the API.
    const work = page.locator('[data-testid="compare-networks-table"] tr[data-network="work"]');
    const workCells = await work.locator('td').allTextContents();
    const ties = comparison.change.networks.find((network) => network.key === 'work')!.ties!;
    expect(workCells.slice(0, 5).map((text) => Number(text.replace(/\D/g, '')))).toEqual([ties.then, ties.now, ties.kept, ties.added, ties.lost]);

    // People are sorted by the server: by the change of risk, largest first, kept in the address.
    const riskSort = page.getByTestId('compare-people-sort-risk_change');
    await riskSort.locator('button').click();
    await expect.poll(() => riskSort.getAttribute('aria-sort'), { timeout: 30_000 }).toBe('descending');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort'), { timeout: 30_000 }).toBe('-risk_change');

    await page.getByTestId('compare-status').click();
    await page.getByRole('option', { name: 'Left' }).click();
    await expect.poll(() => page.getByTestId('compare-people-total').getAttribute('data-total'), { timeout: 20_000 }).toBe('16');
    expect(new Set(await page.getByTestId('compare-person-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status'))))).toEqual(new Set(['left']));
    await page.getByTestId('compare-status').click();
    await page.getByRole('option', { name: 'Everyone' }).click();
    await expect.poll(() => page.getByTestId('compare-people-total').getAttribute('data-total'), { timeout: 20_000 }).toBe(String(comparison.total));

    for (const part of ['compare-summary', 'compare-networks-table', 'compare-units-table', 'compare-people-table']) await shotAround(page, part, `${part}-1280`);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.close();
    // Axe reads a page of 50 people with about thirty columns: minutes on a busy two-core machine.
  }, 300_000);

  it('fits a phone and says when there is no earlier wave', async () => {
    const page = await openCompare({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const part of ['compare-summary', 'compare-networks-table', 'compare-units-table', 'compare-people-table']) await shotAround(page, part, `${part}-375`);
    // The autumn wave is the organisation's first analysed journey: nothing to compare it with.
    await page.goto(`${baseUrl}/engagements/${autumn}/retention-analytics/compare.html`);
    await page.getByTestId('compare-empty').waitFor();
    expect(await page.getByTestId('compare-export').isDisabled()).toBe(true);
    await shotAround(page, 'compare-empty', 'compare-empty-375');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.close();
  });
});

describe('the graph diff', () => {
  it('draws the ties kept, added and lost and marks joiners and leavers, with its own filters and table', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com', { width: 1280, height: 900 });
    await page.goto(`${baseUrl}/engagements/${spring}/graph.html`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __onaGraph?: TDiffProbe }).__onaGraph?.nodeCount() ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __onaGraph?: TDiffProbe }).__onaGraph?.diffTies() ?? null)).toBeNull();

    await page.getByTestId('graph-tab-waves').click();
    await page.getByTestId('graph-diff-journey').click();
    await page.getByRole('option', { name: /2025 autumn/ }).click();
    const drawn = () => page.evaluate(() => (window as unknown as { __onaGraph?: TDiffProbe }).__onaGraph?.diffTies() ?? null);
    await expect.poll(drawn, { timeout: 30_000 }).toEqual({ kept: diff.statistics.kept, added: diff.statistics.added, lost: diff.statistics.lost });
    expect(diff.statistics.added).toBeGreaterThan(0);
    expect(diff.statistics.lost).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __onaGraph?: TDiffProbe }).__onaGraph?.diffPeople() ?? null)).toEqual({ joined: diff.statistics.joined, left: diff.statistics.left });
    // The lost ties are drawn dashed on the overlay, every one of them (all people are in view).
    await expect.poll(() => page.getByTestId('graph-diff-overlay').getAttribute('data-lost'), { timeout: 30_000 }).toBe(String(diff.statistics.lost));
    expect(await page.getByTestId('graph-diff-legend-added').getAttribute('data-count')).toBe(String(diff.statistics.added));
    await shotAround(page, 'graph-canvas', 'compare-graph-diff-1280');

    // The filters: without the lost ties, none is drawn, on the canvas or in the table.
    await page.getByTestId('graph-diff-show-lost').click();
    await expect.poll(drawn, { timeout: 30_000 }).toEqual({ kept: diff.statistics.kept, added: diff.statistics.added, lost: 0 });
    await expect.poll(() => page.getByTestId('graph-diff-overlay').getAttribute('data-lost'), { timeout: 30_000 }).toBe('0');
    await page.getByTestId('graph-table-toggle').check();
    const ties = page.getByTestId('graph-diff-ties-table');
    await ties.waitFor();
    expect(Number(await ties.getAttribute('data-rows'))).toBe(diff.statistics.kept + diff.statistics.added);
    expect(Number(await page.getByTestId('graph-diff-people-table').getAttribute('data-rows'))).toBe(diff.nodes.length);
    const sortStatus = page.getByTestId('graph-diff-ties-table-sort-status');
    await sortStatus.locator('button').click();
    expect(await sortStatus.getAttribute('aria-sort')).toBe('ascending');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.close();
  }, 180_000);

  it('narrows the diff to a person and their ties, and to a unit', async () => {
    // The person with the most ties in the diff, so that kept, added and lost are all likely drawn.
    const tiesOf = (id: string) => diff.edges.filter((edge) => edge.source === id || edge.target === id);
    const person = [...diff.nodes].sort((a, b) => tiesOf(b.id).length - tiesOf(a.id).length)[0]!;
    const expected = { kept: 0, added: 0, lost: 0 };
    for (const edge of tiesOf(person.id)) expected[edge.status]++;
    const page = await signedInPage(browser, baseUrl, 'admin@example.com', { width: 1280, height: 900 });
    await page.goto(`${baseUrl}/engagements/${spring}/graph.html`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __onaGraph?: TDiffProbe }).__onaGraph?.nodeCount() ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('graph-tab-waves').click();
    await page.getByTestId('graph-diff-journey').click();
    await page.getByRole('option', { name: /2025 autumn/ }).click();
    const drawn = () => page.evaluate(() => (window as unknown as { __onaGraph?: TDiffProbe }).__onaGraph?.diffTies() ?? null);
    await expect.poll(drawn, { timeout: 30_000 }).toEqual({ kept: diff.statistics.kept, added: diff.statistics.added, lost: diff.statistics.lost });

    await page.getByTestId('graph-diff-people').click();
    await page.getByTestId('graph-diff-people').pressSequentially(person.name.slice(0, 6));
    await page.getByRole('option', { name: person.name, exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(drawn, { timeout: 30_000 }).toEqual(expected);
    expect(await page.evaluate(() => (window as unknown as { __onaGraph?: TDiffProbe }).__onaGraph?.nodeCount() ?? 0)).toBe(new Set([person.id, ...tiesOf(person.id).flatMap((e) => [e.source, e.target])]).size);
    await shotAround(page, 'graph-canvas', 'compare-graph-diff-person-1280');

    // A unit of this wave (a fresh page: no person chosen): fewer ties than the whole diff, more than none.
    const unit = diff.units_now.find((u) => u.parent !== null)!;
    const pathOf = (id: number): string => {
      const found = diff.units_now.find((u) => u.id === id)!;
      return found.parent === null ? found.name : `${pathOf(found.parent)} / ${found.name}`;
    };
    await page.reload();
    await page.getByTestId('graph-tab-waves').click();
    await page.getByTestId('graph-diff-journey').click();
    await page.getByRole('option', { name: /2025 autumn/ }).click();
    await expect.poll(drawn, { timeout: 30_000 }).not.toBeNull();
    await page.getByTestId('graph-diff-unit').click();
    await page.getByRole('option', { name: pathOf(unit.id), exact: true }).click();
    await expect.poll(async () => {
      const ties = await drawn();
      return ties ? ties.kept + ties.added + ties.lost : -1;
    }, { timeout: 30_000 }).toBeLessThan(diff.statistics.kept + diff.statistics.added + diff.statistics.lost);
    const inUnit = await drawn();
    expect(inUnit!.kept + inUnit!.added + inUnit!.lost).toBeGreaterThan(0);
    await page.close();
  }, 180_000);

  it('fits a phone', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com', { width: 375, height: 800 });
    await page.goto(`${baseUrl}/engagements/${spring}/graph.html`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __onaGraph?: TDiffProbe }).__onaGraph?.nodeCount() ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('graph-tab-waves').click();
    await page.getByTestId('graph-diff-journey').click();
    await page.getByRole('option', { name: /2025 autumn/ }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __onaGraph?: TDiffProbe }).__onaGraph?.diffTies() ?? null), { timeout: 30_000 }).not.toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shotAround(page, 'graph-diff-statistics', 'compare-graph-diff-375');
    await shotAround(page, 'graph-canvas', 'compare-graph-diff-canvas-375');
    await page.close();
  });

  it('keeps every tab of the graph sidebar whole in every language, on a laptop and a phone', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com', { width: 1280, height: 900 });
    const wavesLabel = { de: 'Wellen', en: 'Waves', hu: 'Hullámok', ru: 'Волны' } as const;
    for (const language of ['de', 'en', 'hu', 'ru'] as const) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${baseUrl}/engagements/${spring}/graph.html`);
        await page.getByTestId('language-switcher').first().selectOption(language);
        await expect.poll(() => page.getByTestId('graph-tab-waves').textContent(), { timeout: 30_000 }).toBe(wavesLabel[language]);
        // Each tab lies inside the sidebar's card (German "Wellen" reached past it in one row).
        const outside = await page.getByTestId('graph-sidebar').evaluate((sidebar) => {
          const box = sidebar.getBoundingClientRect();
          return Array.from(sidebar.querySelectorAll('[role="tab"]'))
            .filter((tab) => {
              const rect = tab.getBoundingClientRect();
              return rect.left < box.left || rect.right > box.right - 1 || tab.scrollWidth > tab.clientWidth + 1;
            })
            .map((tab) => tab.textContent);
        });
        expect(outside, `${language} at ${width} px`).toEqual([]);
        const labels = await page.getByRole('tab').allTextContents();
        const clipped = (await findClippedText(page)).filter((issue) => labels.some((label) => issue.text.includes(label)) && issue.where.includes('tab'));
        expect(clipped, `${language} at ${width} px`).toEqual([]);
        if (language === 'de') await shotAround(page, 'graph-sidebar', `graph-sidebar-tabs-de-${width}`);
      }
    }
    await page.getByTestId('language-switcher').first().selectOption('en');
    await page.close();
  }, 180_000);
});
