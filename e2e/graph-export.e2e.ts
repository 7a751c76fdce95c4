import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import Graph from 'graphology';
import { parse as parseGexf } from 'graphology-gexf';
import { parse as parseGraphml } from 'graphology-graphml';
import type { BrowserContext, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let engagementId: number;
let token: string;
let page: Page;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  const login = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }) });
  token = ((await login.json()) as { token: string }).token;
  const engagements = (await (await fetch(`${baseUrl}/api/engagements/`, { headers: { authorization: `Token ${token}` } })).json()) as { id: number; name: string }[];
  engagementId = engagements.find((e) => e.name.includes('spring'))!.id;
});
afterAll(async () => chromium.close());

/** The graph page with the export dialog open; the tests below share it, in order. */
async function openDialog(): Promise<void> {
  page = await signedInPage(browser, baseUrl, 'admin@example.com');
  await page.goto(`${baseUrl}/engagements/${engagementId}/graph.html`);
  await page.getByTestId('graph-canvas').waitFor();
  // The graph page's probe (graph-renderer.ts) tells when sigma has drawn the people.
  await page.waitForFunction(() => ((window as { __onaGraph?: { nodeCount(): number } }).__onaGraph?.nodeCount() ?? 0) > 0, undefined, { timeout: 20_000 });
  await page.getByTestId('graph-export-open').click();
  await page.getByRole('dialog').waitFor();
}

const count = async (name: 'employees' | 'connections') => Number(((await page.getByTestId(`graph-stat-${name}`).textContent()) ?? '').replace(/\D/g, ''));

/** Clicks a format's button in the dialog and gives the file the browser saved. */
async function download(choice: string): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId(`graph-export-${choice}-download`).click()]);
  return { name: file.suggestedFilename(), body: readFileSync((await file.path())!) };
}

describe('the graph page’s export dialog', () => {
  it('offers every format with a line on what it is for', async () => {
    await openDialog();
    for (const choice of ['png', 'gexf', 'graphml', 'nodes_csv', 'edges_csv']) {
      const row = page.getByTestId(`graph-export-${choice}`);
      expect((await row.textContent())?.length).toBeGreaterThan(40);
    }
    await screenshot(page, 'graph-export-dialog');
  });

  it('saves the PNG at print resolution with title, legend and the network drawn', async () => {
    const { name, body } = await download('png');
    expect(name).toMatch(/^network-.*\.png$/);
    // Kept for a person to look at, like the screenshots.
    mkdirSync('screenshots', { recursive: true });
    writeFileSync('screenshots/graph-export-print.png', body);
    // PNG header: the IHDR chunk's width and height, big-endian.
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([3508, 2480]);
    // The colour of the unit with most people: first in the legend, and many nodes in the picture.
    const view = (await (await fetch(`${baseUrl}/api/engagements/${engagementId}/graph-visualization/`, { headers: { authorization: `Token ${token}` } })).json()) as { employees: { unit: number | null }[]; units: { id: number; color: string }[] };
    const sizes = new Map<number | null, number>();
    for (const person of view.employees) sizes.set(person.unit, (sizes.get(person.unit) ?? 0) + 1);
    const largest = [...sizes].sort((a, b) => b[1] - a[1])[0]![0];
    const legendColour = view.units.find((u) => u.id === largest)!.color;
    // What the picture holds, read back in the browser: dark title text at the top left, and the
    // legend's first colour in the network area (nodes) and in the legend column.
    const pixels = await page.evaluate(async ({ base64, colour }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const near = (data: Uint8ClampedArray, i: number, rgb: number[]) => Math.abs(data[i]! - rgb[0]!) + Math.abs(data[i + 1]! - rgb[1]!) + Math.abs(data[i + 2]! - rgb[2]!) < 24;
      const count = (x: number, y: number, w: number, h: number, rgb: number[]) => {
        const data = context.getImageData(x, y, w, h).data;
        let n = 0;
        for (let i = 0; i < data.length; i += 4) if (near(data, i, rgb)) n++;
        return n;
      };
      const rgb = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
      return {
        title: count(112, 112, 1600, 80, [33, 37, 41]),
        network: count(112, 370, 2500, 1990, rgb),
        legend: count(2500, 370, 900, 1990, rgb),
      };
    }, { base64: body.toString('base64'), colour: legendColour });
    expect(pixels.title).toBeGreaterThan(500);
    expect(pixels.network).toBeGreaterThan(500);
    expect(pixels.legend).toBeGreaterThan(50);
  });

  it('saves GEXF 1.3 and, when chosen, 1.2draft, both with every person and tie of the page', async () => {
    const people = await count('employees');
    const ties = await count('connections');
    const v13 = await download('gexf');
    expect(v13.name).toMatch(/\.gexf$/);
    expect(v13.body.toString('utf8')).toContain('version="1.3"');
    const graph = parseGexf(Graph, v13.body.toString('utf8'));
    expect([graph.order, graph.size]).toEqual([people, ties]);
    expect(typeof graph.getNodeAttributes(graph.nodes()[0]!).pagerank).toBe('number');
    await page.getByTestId('graph-export-gexf-version').getByText('1.2draft').click();
    const v12 = await download('gexf');
    expect(v12.body.toString('utf8')).toContain('xmlns="http://www.gexf.net/1.2draft"');
    expect(parseGexf(Graph, v12.body.toString('utf8')).order).toBe(people);
  });

  it('saves GraphML and the CSV node and edge lists of the page', async () => {
    const people = await count('employees');
    const ties = await count('connections');
    const graphml = await download('graphml');
    expect(graphml.name).toMatch(/\.graphml$/);
    expect(parseGraphml(Graph, graphml.body.toString('utf8')).order).toBe(people);
    const nodes = await download('nodes_csv');
    expect(nodes.name).toMatch(/\.csv$/);
    expect(parseCsv(nodes.body, { bom: true, columns: true })).toHaveLength(people);
    const edges = await download('edges_csv');
    expect(parseCsv(edges.body, { bom: true, columns: true })).toHaveLength(ties);
  });

  it('shows the mutual share that the executive report PDF prints', async () => {
    const shown = (await page.getByTestId('graph-stat-mutual-percentage').textContent())!.replace(/\s/g, ' ');
    const pdf = await fetch(`${baseUrl}/api/engagements/${engagementId}/executive-report/export/`, { headers: { authorization: `Token ${token}`, 'accept-language': 'en-US' } });
    const document = await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer()));
    const { text } = await extractText(document, { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(`Share of mutual ties ${shown}`);
  });
});
