import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let engagementId: number;

type TPoint = { x: number; y: number };

declare global {
  interface Window {
    /** The graph page's read-only probe (apps/web/src/graph/graph-renderer.ts, TGraphProbe). */
    __onaGraph?: {
      nodeIds(): number[];
      nodeCount(): number;
      edgeCount(): number;
      drawnEdgeCount(): number;
      rendered(): { nodes: number; edges: number };
      renders(): number;
      edgeType(): string;
      position(nodeId: number): TPoint | null;
      viewportPosition(nodeId: number): TPoint | null;
      animating(): boolean;
      cameraRatio(): number;
      previewing(): boolean;
      faintNodeIds(): number[];
      displayedColor(nodeId: number): string | null;
    };
    /** Read by the graph page when it opens (apps/web/src/graph/graph-canvas.tsx). */
    __onaGraphTuning?: { largeGraphEdges?: number };
  }
}

async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { token: string }).token;
}

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json', 'accept-language': 'en-US' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const token = await apiToken('admin@example.com');
  const engagements = await api<{ id: number; name: string }[]>(token, '/engagements/');
  engagementId = engagements.find((e) => e.name.includes('spring'))!.id;
});
afterAll(async () => chromium.close());

/** A fresh English page signed in as `email`, on the journeys list. */
const signedIn = (email: string): Promise<Page> => signedInPage(browser, baseUrl, email);

async function openGraph(email: string): Promise<Page> {
  const page = await signedIn(email);
  await page.goto(`${baseUrl}/engagements/${engagementId}/graph.html`);
  await waitForGraph(page);
  return page;
}

async function waitForGraph(page: Page): Promise<void> {
  await page.getByTestId('graph-canvas').waitFor();
  await expect.poll(() => page.evaluate(() => window.__onaGraph?.nodeCount() ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.getByTestId('graph-recalculating').count()).toBe(0);
}

const statistic = async (page: Page, name: 'employees' | 'connections' | 'mutual') => Number(((await page.getByTestId(`graph-stat-${name}`).textContent()) ?? '').replace(/\D/g, ''));

/** A node's place on the page (canvas offset plus its viewport position in sigma). */
async function nodeOnPage(page: Page, nodeId: number): Promise<TPoint> {
  const box = await page.getByTestId('graph-canvas').boundingBox();
  const at = await page.evaluate((id) => window.__onaGraph?.viewportPosition(id) ?? null, nodeId);
  if (!box || !at) throw new Error('node not on the canvas');
  return { x: box.x + at.x, y: box.y + at.y };
}

/** A point of the canvas (page coordinates) with no node within 30 px, inside the area no panel covers. */
async function emptyPoint(page: Page): Promise<TPoint> {
  const box = (await page.getByTestId('graph-canvas').boundingBox())!;
  const ids = await page.evaluate(() => window.__onaGraph?.nodeIds() ?? []);
  const points = (await page.evaluate((all) => all.map((id) => window.__onaGraph?.viewportPosition(id) ?? null), ids)).filter((p): p is TPoint => p !== null);
  for (let y = 120; y < box.height - 60; y += 20) {
    for (let x = 380; x < box.width - 340; x += 20) {
      if (points.every((p) => Math.hypot(p.x - x, p.y - y) > 30)) return { x: box.x + x, y: box.y + y };
    }
  }
  throw new Error('no empty place on the canvas');
}

/** The best connected node that sits clear of its neighbours, so the pointer finds it and nothing else. */
async function clearNode(page: Page): Promise<number> {
  const ids = await page.evaluate(() => window.__onaGraph?.nodeIds() ?? []);
  const points = await Promise.all(ids.map(async (id) => ({ id, p: await page.evaluate((n) => window.__onaGraph?.viewportPosition(n) ?? null, id) })));
  const box = await page.getByTestId('graph-canvas').boundingBox();
  const inside = points.filter((n): n is { id: number; p: TPoint } => n.p !== null && box !== null && n.p.x > 360 && n.p.x < box.width - 320 && n.p.y > 90 && n.p.y < box.height - 40);
  const isolated = inside.filter((n) => inside.every((m) => m.id === n.id || Math.hypot(m.p.x - n.p.x, m.p.y - n.p.y) > 14));
  const chosen = isolated[0] ?? inside[0];
  if (!chosen) throw new Error('no node to point at');
  return chosen.id;
}

describe('the network graph of the analysed demo', () => {
  it('opens with every employee drawn, the statistics, and a screenshot of each layout whose positions change', async () => {
    const page = await openGraph('admin@example.com');
    const employees = await statistic(page, 'employees');
    expect(employees).toBeGreaterThanOrEqual(300);
    expect(await page.evaluate(() => window.__onaGraph?.nodeCount())).toBe(employees);
    expect(await statistic(page, 'connections')).toBeGreaterThan(employees);
    expect(await statistic(page, 'mutual')).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('graph-stat-mutual-percentage').textContent()).toMatch(/%$/);
    await page.mouse.move(5, 5);
    await screenshot(page, 'graph-layout-regular');

    await page.getByTestId('graph-tab-style').click();
    const probe = (await page.evaluate(() => window.__onaGraph?.nodeIds() ?? []))[0]!;
    for (const layout of ['circular', 'orgchart', 'logo', 'regular'] as const) {
      const before = await page.evaluate((id) => window.__onaGraph?.position(id), probe);
      await page.getByTestId(`graph-layout-${layout}`).click();
      await expect.poll(() => page.getByTestId('graph-canvas').getAttribute('data-animating')).toBe('true');
      await expect.poll(() => page.getByTestId('graph-canvas').getAttribute('data-animating'), { timeout: 30_000 }).toBe('false');
      const after = await page.evaluate((id) => window.__onaGraph?.position(id), probe);
      expect(after).not.toEqual(before);
      expect(await page.getByTestId('graph-canvas').getAttribute('data-layout')).toBe(layout);
      if (layout !== 'regular') await screenshot(page, `graph-layout-${layout}`);
    }
    await page.close();
  });

  it('switching the category and filtering a unit recalculate the counts', async () => {
    const page = await openGraph('admin@example.com');
    const allWork = { employees: await statistic(page, 'employees'), connections: await statistic(page, 'connections') };
    await page.getByTestId('graph-category').click();
    await page.getByRole('option', { name: 'Trust' }).click();
    await expect.poll(() => statistic(page, 'connections')).not.toBe(allWork.connections);
    await waitForGraph(page);
    const trust = await statistic(page, 'connections');
    expect(trust).toBeGreaterThan(0);

    await page.getByTestId('graph-units').click();
    await page.getByRole('listbox').getByRole('option').nth(1).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => statistic(page, 'employees')).toBeLessThan(allWork.employees);
    await waitForGraph(page);
    expect(await page.evaluate(() => window.__onaGraph?.nodeCount())).toBe(await statistic(page, 'employees'));
    expect(await statistic(page, 'connections')).toBeLessThan(trust);
    await screenshot(page, 'graph-trust-one-unit');
    await page.close();
  });

  it('picking out a person keeps them and their direct ties bright and draws everyone else faint', async () => {
    const page = await openGraph('admin@example.com');
    const everyone = await page.evaluate(() => window.__onaGraph?.nodeCount() ?? 0);
    expect(await page.evaluate(() => window.__onaGraph?.faintNodeIds().length)).toBe(0);

    await page.getByTestId('graph-employees').click();
    await page.getByTestId('graph-employees').fill('Balázs Viktória');
    await page.getByRole('option', { name: 'Balázs Viktória' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => window.__onaGraph?.faintNodeIds().length ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
    await waitForGraph(page);
    const faint = await page.evaluate(() => window.__onaGraph?.faintNodeIds() ?? []);
    // Balázs Viktória has many ties (30 advice seekers) but is far from knowing everyone.
    expect(faint.length).toBeLessThan(everyone - 10);
    expect(await page.evaluate(() => window.__onaGraph?.nodeCount())).toBe(everyone);
    const faintOne = faint[0]!;
    const faintColour = await page.evaluate((id) => window.__onaGraph?.displayedColor(id), faintOne);
    // Drawn at opacity 0.1 over the white background: nearly white.
    const channels = (faintColour ?? '#000000').match(/[0-9a-f]{2}/gi)!.map((h) => parseInt(h, 16));
    expect(Math.min(...channels)).toBeGreaterThan(200);
    await screenshot(page, 'graph-one-person-picked-out');
    await page.close();
  });

  it('arrows and curved edges switch the edge program; edge visibility narrows the ties', async () => {
    const page = await openGraph('admin@example.com');
    const canvas = page.getByTestId('graph-canvas');
    expect(await canvas.getAttribute('data-edge-type')).toBe('arrow');
    // Straight edges draw a mutual pair as one line with a head at each end; curved ones bend apart.
    const ties = await page.evaluate(() => window.__onaGraph?.edgeCount() ?? 0);
    const mutualPairs = await statistic(page, 'mutual');
    expect(await page.evaluate(() => window.__onaGraph?.drawnEdgeCount())).toBe(ties - mutualPairs);
    await page.getByTestId('graph-tab-style').click();
    await page.getByTestId('graph-arrows').click();
    await expect.poll(() => canvas.getAttribute('data-edge-type')).toBe('straight');
    await page.getByTestId('graph-edges-curved').click();
    await expect.poll(() => canvas.getAttribute('data-edge-type')).toBe('curved');
    await expect.poll(() => page.evaluate(() => window.__onaGraph?.drawnEdgeCount())).toBe(ties);
    await page.getByTestId('graph-arrows').click();
    await expect.poll(() => canvas.getAttribute('data-edge-type')).toBe('curvedArrow');
    await page.mouse.move(5, 5);
    await screenshot(page, 'graph-curved-arrows');

    const all = await statistic(page, 'connections');
    await page.getByTestId('graph-visibility-mutual').click();
    await expect.poll(() => statistic(page, 'connections')).toBeLessThan(all);
    await waitForGraph(page);
    expect(await statistic(page, 'connections')).toBe((await statistic(page, 'mutual')) * 2);
    await page.getByTestId('graph-dark').click();
    await page.mouse.move(5, 5);
    await screenshot(page, 'graph-mutual-dark');
    await page.close();
  });

  it('the legend names every colour on the canvas with how many people wear it, by unit and by key role', async () => {
    const page = await openGraph('admin@example.com');
    const employees = await statistic(page, 'employees');
    /** Each legend line's colour and count, and how many drawn nodes have that colour. */
    const legendAgainstCanvas = async (kind: 'unit' | 'keyRole') => {
      const lines = await page.locator(`[data-testid^="graph-legend-entry-${kind}-"]`).evaluateAll((els) =>
        els.map((el) => ({ color: el.getAttribute('data-color') ?? '', count: Number((el.querySelector('[data-testid="graph-legend-count"]')?.textContent ?? '').replace(/\D/g, '')) })),
      );
      const drawn = await page.evaluate(() => (window.__onaGraph?.nodeIds() ?? []).map((id) => window.__onaGraph?.displayedColor(id) ?? ''));
      return lines.map((line) => ({ ...line, drawn: drawn.filter((c) => c === line.color).length }));
    };

    // The unit legend starts folded; the key roles' legend opens by itself.
    expect(await page.locator('[data-testid^="graph-legend-entry-"]').count()).toBe(0);
    await page.getByTestId('graph-legend-toggle').click();
    const byUnit = await legendAgainstCanvas('unit');
    expect(byUnit.length).toBeGreaterThan(5);
    expect(byUnit.reduce((sum, line) => sum + line.count, 0)).toBe(employees);
    // The palette repeats after 18 units, so a colour may stand for several lines.
    for (const line of byUnit) expect(line.drawn).toBeGreaterThanOrEqual(line.count);

    await page.getByTestId('graph-tab-style').click();
    await page.getByTestId('graph-color-by-keyPerson').click();
    await expect.poll(async () => (await legendAgainstCanvas('keyRole')).length).toBeGreaterThan(2);
    const byRole = await legendAgainstCanvas('keyRole');
    expect(byRole.reduce((sum, line) => sum + line.count, 0)).toBe(employees);
    for (const line of byRole) expect(line.drawn).toBe(line.count);
    expect(await page.getByTestId('graph-legend-entry-keyRole-none').count()).toBe(1);
    await page.mouse.move(5, 5);
    await screenshot(page, 'graph-colour-by-key-role');

    await page.getByTestId('graph-legend-toggle').click();
    expect(await page.locator('[data-testid^="graph-legend-entry-"]').count()).toBe(0);
    await page.close();
  });

  it('hovering a node shows its tooltip, clicking it shows the employee card', async () => {
    const page = await openGraph('admin@example.com');
    const node = await clearNode(page);
    const at = await nodeOnPage(page, node);
    await page.mouse.move(at.x - 30, at.y - 30);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    const tooltip = page.getByTestId('graph-tooltip');
    await tooltip.waitFor();
    const name = ((await tooltip.locator('p').first().textContent()) ?? '').trim();
    expect(name.length).toBeGreaterThan(0);
    await page.mouse.click(at.x, at.y);
    const card = page.getByTestId('employee-card');
    await card.waitFor();
    expect(await page.getByTestId('employee-card-name').textContent()).toBe(name);
    expect(await card.textContent()).toMatch(/Answers given\s*\d+/);
    await screenshot(page, 'graph-employee-card');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await page.close();
  });

  it('dragging a node moves that node with the pointer and leaves the others and the camera where they were', async () => {
    const page = await openGraph('admin@example.com');
    const node = await clearNode(page);
    const others = (await page.evaluate(() => window.__onaGraph?.nodeIds() ?? [])).filter((id) => id !== node).slice(0, 5);
    const othersBefore = await Promise.all(others.map((id) => nodeOnPage(page, id)));
    const from = await nodeOnPage(page, node);
    const ratio = await page.evaluate(() => window.__onaGraph?.cameraRatio());
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 40, { steps: 6 });
    await page.mouse.up();
    const to = await nodeOnPage(page, node);
    expect(Math.abs(to.x - (from.x + 60))).toBeLessThan(3);
    expect(Math.abs(to.y - (from.y + 40))).toBeLessThan(3);
    expect(await Promise.all(others.map((id) => nodeOnPage(page, id)))).toEqual(othersBefore);
    expect(await page.evaluate(() => window.__onaGraph?.cameraRatio())).toBe(ratio);
    // The release of a node drag is no click on it: no employee card.
    expect(await page.getByTestId('employee-card').count()).toBe(0);
    await page.close();
  });

  it('one wheel notch zooms about 3% towards the pointer, and nothing else zooms on top', async () => {
    const page = await openGraph('admin@example.com');
    const box = (await page.getByTestId('graph-canvas').boundingBox())!;
    const ratio = () => page.evaluate(() => window.__onaGraph?.cameraRatio() ?? 0);
    const before = await ratio();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    await expect.poll(ratio).toBeLessThan(before);
    // sigma's own wheel zoom (1.7× animated) would still be moving the camera after a moment.
    await page.waitForTimeout(600);
    expect(await ratio()).toBeCloseTo(before / 1.03, 9);
    await page.mouse.wheel(0, 300);
    await expect.poll(ratio).toBeCloseTo((before / 1.03) * 1.03 ** 3, 9);
    await page.close();
  });

  it('on a large graph, panning and zooming move the drawn picture and render once the gesture settles', async () => {
    const page = await signedIn('admin@example.com');
    // The demo's few thousand ties count as a large graph here, so the camera preview is used.
    await page.addInitScript(() => {
      window.__onaGraphTuning = { largeGraphEdges: 0 };
    });
    await page.goto(`${baseUrl}/engagements/${engagementId}/graph.html`);
    await waitForGraph(page);
    const probe = () => page.evaluate(() => ({ previewing: window.__onaGraph?.previewing() ?? false, ratio: window.__onaGraph?.cameraRatio() ?? 0 }));
    const edgesTransform = () => page.evaluate(() => document.querySelector<HTMLCanvasElement>('[data-testid=graph-canvas] canvas.sigma-edges')?.style.transform ?? 'missing');
    const box = (await page.getByTestId('graph-canvas').boundingBox())!;
    const node = await clearNode(page);
    const start = await nodeOnPage(page, node);

    // Hovering shows the tooltip and the person's ties on the hover layer, without a WebGL render.
    const renders = await page.evaluate(() => window.__onaGraph?.renders() ?? -1);
    await page.mouse.move(start.x - 30, start.y - 30);
    await page.mouse.move(start.x, start.y, { steps: 4 });
    await page.getByTestId('graph-tooltip').waitFor();
    const hoverLayerInk = await page.evaluate(() => {
      const layer = document.querySelector<HTMLCanvasElement>('[data-testid=graph-canvas] canvas.sigma-hovers');
      const pixels = layer?.getContext('2d')?.getImageData(0, 0, layer.width, layer.height).data ?? new Uint8ClampedArray();
      // Pixels of the hovered-tie blue (#1c7ed6), which neither the label box nor its text uses.
      let blue = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3]! > 200 && Math.abs(pixels[i]! - 0x1c) < 24 && Math.abs(pixels[i + 1]! - 0x7e) < 24 && Math.abs(pixels[i + 2]! - 0xd6) < 24) blue++;
      return blue;
    });
    expect(hoverLayerInk).toBeGreaterThan(50);
    expect(await page.evaluate(() => window.__onaGraph?.renders())).toBe(renders);
    await page.mouse.move(box.x + 4, box.y + 4);
    await expect.poll(() => page.getByTestId('graph-tooltip').count()).toBe(0);

    const before = await probe();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -200);
    const zooming = await probe();
    expect(zooming.previewing).toBe(true);
    expect(zooming.ratio).toBeCloseTo(before.ratio / 1.03 ** 2, 9);
    expect(await edgesTransform()).toMatch(/^matrix\(/);
    await expect.poll(async () => (await probe()).previewing).toBe(false);
    expect(await edgesTransform()).toBe('');
    expect((await probe()).ratio).toBeCloseTo(before.ratio / 1.03 ** 2, 9);

    // Drag the stage from a point with no node near it.
    const from = await emptyPoint(page);
    const zoomedAt = await nodeOnPage(page, node);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 25, { steps: 5 });
    expect((await probe()).previewing).toBe(true);
    const moved = await nodeOnPage(page, node);
    expect(moved.x).toBeCloseTo(zoomedAt.x + 40, 0);
    expect(moved.y).toBeCloseTo(zoomedAt.y + 25, 0);
    await page.mouse.up();
    await expect.poll(async () => (await probe()).previewing).toBe(false);
    expect(await edgesTransform()).toBe('');
    const settled = await nodeOnPage(page, node);
    expect(settled.x).toBeCloseTo(moved.x, 0);
    expect(settled.y).toBeCloseTo(moved.y, 0);
    expect(settled.x).not.toBeCloseTo(start.x, 0);
    // The release of a drag is no click: no employee card opens wherever the pointer stopped.
    await page.waitForTimeout(300);
    expect(await page.getByTestId('employee-card').count()).toBe(0);
    await screenshot(page, 'graph-after-preview-pan');
    await page.close();
  });

  it('a self_only user sees themself and the people they named, and only a count of who named them', async () => {
    const admin = await apiToken('admin@example.com');
    const [row] = await api<{ id: number; access_rights: { graph_visualization: string } }[]>(admin, `/engagements/${engagementId}/access-rights/?q=employee@example.com`);
    if (!row) throw new Error('the demo employee is missing');
    const previous = row.access_rights.graph_visualization;
    await api(admin, `/engagements/${engagementId}/access-rights/bulk-update/`, { method: 'POST', body: { users: [row.id], access_rights: { graph_visualization: 'self_only' } } });
    try {
      const everyone = await api<{ statistics: { employee_count: number } }>(admin, `/engagements/${engagementId}/graph-visualization/`);
      const page = await openGraph('employee@example.com');
      const shown = await statistic(page, 'employees');
      expect(shown).toBeGreaterThan(1);
      expect(shown).toBeLessThan(everyone.statistics.employee_count / 4);
      const own = await api<{ own_employee_id: number | null; relations: { source: number; target: number }[]; named_by: { people: number } | null }>(
        await apiToken('employee@example.com'),
        `/engagements/${engagementId}/graph-visualization/`,
      );
      // Only the employee's own ties: nobody who named them is drawn, they are a number on the page.
      expect(own.relations.every((r) => r.source === own.own_employee_id)).toBe(true);
      expect(await page.evaluate(() => window.__onaGraph?.edgeCount())).toBe(own.relations.length);
      await expect.poll(async () => page.getByTestId('graph-named-by-count').textContent()).toContain(String(own.named_by?.people));
      await page.mouse.move(5, 5);
      await screenshot(page, 'graph-self-only');
      await page.close();
    } finally {
      await api(admin, `/engagements/${engagementId}/access-rights/bulk-update/`, { method: 'POST', body: { users: [row.id], access_rights: { graph_visualization: previous } } });
    }
  });

  it('the admin uploads a results workbook and sees its network drawn, with the same counts as the server', async () => {
    const admin = await apiToken('admin@example.com');
    const exported = await fetch(`${baseUrl}/api/engagements/${engagementId}/survey/export-nice-excel/`, { headers: { authorization: `Token ${admin}`, 'accept-language': 'en-US' } });
    expect(exported.status).toBe(200);
    const workbook = Buffer.from(await exported.arrayBuffer());
    const form = new FormData();
    form.append('results', new Blob([workbook]), 'results.xlsx');
    const expected = (await (await fetch(`${baseUrl}/api/survey-result-to-graph/`, { method: 'POST', headers: { authorization: `Token ${admin}` }, body: form })).json()) as { statistics: { employee_count: number; connection_count: number } };
    expect(expected.statistics.employee_count).toBeGreaterThanOrEqual(300);

    const page = await signedIn('admin@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/admin/upload-result-file.html`);
    await page.getByTestId('result-file-upload-field-input').setInputFiles({ name: 'results.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
    await page.getByTestId('result-file-upload-submit').click();
    await page.getByTestId('uploaded-graph').waitFor({ timeout: 30_000 });
    await waitForGraph(page);
    expect(await statistic(page, 'employees')).toBe(expected.statistics.employee_count);
    expect(await statistic(page, 'connections')).toBe(expected.statistics.connection_count);
    expect(await page.evaluate(() => window.__onaGraph?.nodeCount())).toBe(expected.statistics.employee_count);
    await page.getByTestId('uploaded-graph').scrollIntoViewIfNeeded();
    await screenshot(page, 'graph-uploaded-results');
    await page.close();
  });
});
