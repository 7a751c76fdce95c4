import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGraphOverview, OVERVIEW_NODE_PERSON, OVERVIEW_NODE_UNIT, ZGraphOverview } from '@ona/contracts';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { DEMO_PASSWORD, signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

/**
 * The overview of units (docs/graph.md): what only a browser shows, a unit opened by a click on
 * its circle. What the answer holds is pinned by the API tests (graph-overview.test.ts).
 */
const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let engagementId: number;
let token: string;

type TPoint = { x: number; y: number };
declare global {
  interface Window {
    __onaOverview?: { nodeCount(): number; edgeCount(): number; unitViewportPosition(unitId: number): TPoint | null; renderCount(): number; previewing(): boolean };
  }
}

async function api(path: string): Promise<unknown> {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Token ${token}`, 'accept-language': 'en-US' } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.json();
}

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const login = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }) });
  token = ((await login.json()) as { token: string }).token;
  engagementId = ((await api('/engagements/')) as { id: number; name: string }[]).find((e) => e.name.includes('spring'))!.id;
});
afterAll(async () => chromium.close());

describe('graph page, overview of units', () => {
  it('opens a unit into its people when its circle is clicked', { timeout: 120_000 }, async () => {
    const overview = decodeGraphOverview(ZGraphOverview.parse(await api(`/engagements/${engagementId}/graph-overview/`)));
    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/graph.html`);
    // The demo's 320 people open on the people view; the overview is one click away.
    await page.getByTestId('graph-canvas').waitFor();
    await page.getByTestId('graph-view-mode').getByText('Units').click();
    await page.getByTestId('graph-overview-canvas').waitFor();
    await expect.poll(() => page.evaluate(() => window.__onaOverview?.nodeCount() ?? 0), { timeout: 20_000 }).toBe(overview.kind.length);

    // The unit whose circle lies farthest from every other circle: a click there hits it alone.
    // The canvas reaches below the fold of the test's window: brought into view, so a click reaches it.
    await page.getByTestId('graph-overview-canvas').scrollIntoViewIfNeeded();
    const units = [...overview.id].filter((_, i) => overview.kind[i] === OVERVIEW_NODE_UNIT);
    const places = await page.evaluate((ids) => ids.map((id) => window.__onaOverview?.unitViewportPosition(id) ?? null), units);
    const box = (await page.getByTestId('graph-overview-canvas').boundingBox())!;
    let chosen = -1;
    let bestGap = -1;
    places.forEach((p, i) => {
      if (!p || p.x < 20 || p.y < 20 || p.x > box.width - 20 || p.y > box.height - 20) return;
      const gap = Math.min(...places.map((q, j) => (j === i || !q ? Infinity : Math.hypot(p.x - q.x, p.y - q.y))));
      if (gap > bestGap) [chosen, bestGap] = [i, gap];
    });
    expect(chosen).toBeGreaterThanOrEqual(0);
    const unitId = units[chosen]!;
    const at = places[chosen]!;
    await page.mouse.click(box.x + at.x, box.y + at.y);

    const opened = decodeGraphOverview(ZGraphOverview.parse(await api(`/engagements/${engagementId}/graph-overview/?open=${unitId}`)));
    const people = opened.kind.filter((k) => k === OVERVIEW_NODE_PERSON).length;
    expect(people).toBe(overview.people[overview.id.indexOf(unitId)]);
    await expect.poll(() => page.evaluate(() => window.__onaOverview?.nodeCount() ?? 0), { timeout: 20_000 }).toBe(opened.kind.length);
    await expect.poll(() => page.evaluate(() => window.__onaOverview?.edgeCount() ?? 0)).toBe(opened.source.length);
    // The list below the canvas names the opened unit (the keyboard's way to the same choice).
    await expect.poll(() => page.getByTestId('graph-overview-open').locator('xpath=../..').textContent()).toContain(overview.labels[overview.id.indexOf(unitId)]!);
    await page.close();
  });
});
