import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { TDeclaredWorking } from '@ona/contracts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { analysedCollaborationJourney } from './support/collaboration-journey.ts';
import { signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { seriousAxeFindings } from './support/axe.ts';

/**
 * Declared against working network with data (docs/collaboration-network.md): a journey of the
 * test's own (the demo's last finished wave, imported into a journey that answers until tomorrow),
 * the demo's Slack export and message trace imported, the journey analysed; the page shows per unit,
 * with its sub-units, what the server answered, withheld units as withheld, and axe finds no serious
 * or critical issue. The shared open demo journey is left unanalysed (key-people.e2e.ts).
 */
const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
});
afterAll(async () => chromium?.close());

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

describe('the declared against working network page with collaboration data', () => {
  it('shows per unit, with its sub-units, the pairs the server counted, and passes axe', { timeout: 480_000 }, async () => {
    const journey = await analysedCollaborationJourney(baseUrl, 'Collaboration comparison (browser test)');
    await expect.poll(journey.runStatus, { timeout: 300_000 }).toMatch(/^(done|failed)$/);
    expect(await journey.runStatus()).toBe('done');
    const res = await fetch(`${baseUrl}/api/engagements/${journey.engagementId}/declared-vs-working/`, { headers: { authorization: `Token ${journey.token}`, 'accept-language': 'en-US' } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as TDeclaredWorking;
    expect(answer.collaboration?.covered_employees).toBeGreaterThan(0);
    const shown = answer.units.filter((u) => !u.withheld);
    // The company and units below it: a parent row counts its sub-units.
    expect(shown.length).toBeGreaterThan(2);
    const top = answer.units.find((u) => u.parent === null)!;
    expect(top.withheld).toBe(false);
    expect(top.members).toBeGreaterThan(top.direct_members);
    expect(top.named_not_met! + top.met_not_named! + top.both!).toBeGreaterThan(0);

    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/engagements/${journey.engagementId}/key-people-analytics/declared-vs-working.html`);
    await page.getByTestId('declared-working-units').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('declared-working-units').locator('tbody tr').count()).toBe(answer.units.length);
    for (const unit of answer.units) {
      const cells = page.getByTestId(`declared-working-unit-${unit.unit.id}`).locator('th, td');
      expect(await cells.nth(0).textContent()).toBe(unit.unit.name);
      const figures = await cells.evaluateAll((nodes) => nodes.slice(1).map((node) => node.textContent));
      const expected = [unit.members, unit.respondents, unit.named_not_met, unit.met_not_named, unit.both, unit.central_in_survey_only, unit.central_in_collaboration_only];
      expect(figures.map((text, i) => (expected[i] === null ? text : digits(text)))).toEqual(expected.map((value) => (value === null ? 'withheld' : String(value))));
    }
    // A sub-unit's row sits indented below its parent's.
    const child = shown.find((u) => u.parent === top.unit.id);
    if (child) {
      const indent = (id: number) => page.getByTestId(`declared-working-unit-${id}`).locator('th').evaluate((node) => parseFloat(getComputedStyle(node).paddingInlineStart));
      expect(await indent(child.unit.id)).toBeGreaterThan(await indent(top.unit.id));
    }
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshot(page, 'declared-working-with-data');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.close();
  });
});
