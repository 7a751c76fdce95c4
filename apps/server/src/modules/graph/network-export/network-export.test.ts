import { parse as parseCsv } from 'csv-parse/sync';
import Graph from 'graphology';
import { create } from 'xmlbuilder2';
import { parse as parseGexf } from 'graphology-gexf';
import { parse as parseGraphml } from 'graphology-graphml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGraphVisualization, ZMetricsPage, type TGraphVisualization, type TMetricsPage } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { buildApp } from '../../../app.ts';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../../testing/analytics-fixtures.ts';
import { countRequestStatements } from '../../../testing/count-statements.ts';
import { authHeader, createTestApp } from '../../../testing/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let org: AnalyticsOrganisation;
let view: TGraphVisualization;
let metrics: TMetricsPage;

const url = (query: string) => `/api/engagements/${org.engagementId}/graph-visualization/export/?${query}`;
const exported = async (query: string, token = org.tokens.admin, locale = 'en-US') => getAs(ctx, token, url(query), locale);
const text = (body: Buffer) => body.toString('utf8');

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  view = ZGraphVisualization.parse((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/graph-visualization/`, 'en-US')).json());
  metrics = ZMetricsPage.parse((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/metrics/?network=work&page_size=500`, 'en-US')).json());
});
afterAll(async () => ctx.close());

/** The part of a DOM element these checks read (xmlbuilder2 parses into a standard DOM). */
type NamespacedElement = {
  namespaceURI: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(namespace: string, name: string): ArrayLike<NamespacedElement> & Iterable<NamespacedElement>;
  getElementsByTagName(name: string): ArrayLike<NamespacedElement>;
  textContent: string | null;
};

/** A colour's red, green and blue, from `#rrggbb` or `rgb(r, g, b)`. */
const channels = (colour: string): number[] =>
  colour.startsWith('#') ? [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) : (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
const metricOf = (employeeId: number, metric: string) => metrics.data.find((row) => row.employee.id === employeeId)?.values[metric as keyof TMetricsPage['data'][number]['values']] ?? null;

describe('GET /engagements/{id}/graph-visualization/export/ — GEXF', () => {
  it('writes GEXF 1.3 that graphology-gexf reads back with every person, tie and metric of the page', async () => {
    const res = await exported('format=gexf&gexf_version=1.3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gexf+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="network-acme-spring-2026.gexf"');
    const gexf = text(res.rawPayload);
    expect(gexf).toContain('<gexf version="1.3" xmlns="http://gexf.net/1.3"');
    const graph = parseGexf(Graph, gexf);
    expect(graph.order).toBe(view.employees.length);
    expect(graph.size).toBe(view.relations.length);
    for (const person of view.employees) {
      const node = graph.getNodeAttributes(String(person.id));
      expect(node.label).toBe(person.label);
      expect(node.unit).toBe(view.units.find((u) => u.id === person.unit)?.name);
      expect(node.pagerank).toBeCloseTo(metricOf(person.id, 'pagerank') as number, 12);
      expect(node.betweenness).toBeCloseTo(metricOf(person.id, 'betweenness') as number, 12);
      expect(node.in_degree).toBe(metricOf(person.id, 'in_degree'));
      // The page's colour and the stored regular layout.
      expect(channels(node.color as string)).toEqual(channels(view.units.find((u) => u.id === person.unit)!.color));
      expect(node.x).toBeCloseTo(person.positions.regular.x, 9);
    }
    const tie = view.relations[0]!;
    expect(graph.getEdgeAttributes(String(tie.source), String(tie.target)).mutual).toBe(tie.mutual);
  });

  it('writes GEXF 1.2draft in the 1.2draft namespaces, which a namespace-aware reader finds', async () => {
    const res = await exported('format=gexf&gexf_version=1.2draft&layout=circular');
    const gexf = text(res.rawPayload);
    // Namespaces as a namespace-aware reader (NetworkX's ElementTree) resolves them.
    const root = create(gexf).root().node as unknown as NamespacedElement;
    expect(root.namespaceURI).toBe('http://www.gexf.net/1.2draft');
    expect(root.getAttribute('version')).toBe('1.2');
    expect(root.getElementsByTagNameNS('http://www.gexf.net/1.2draft/viz', 'position').length).toBe(view.employees.length);
    expect(root.getElementsByTagNameNS('http://www.gexf.net/1.2draft/viz', 'color').length).toBe(view.employees.length);
    const graph = parseGexf(Graph, gexf);
    const person = view.employees[0]!;
    expect(graph.getNodeAttribute(String(person.id), 'x')).toBeCloseTo(person.positions.circular.x, 9);
    expect(graph.getNodeAttribute(String(person.id), 'closeness')).toBeCloseTo(metricOf(person.id, 'closeness') as number, 12);
  });

  it('narrows like the page (category, unit) and colours by key role when asked', async () => {
    const res = await exported(`format=gexf&graph_type=trust&unit=${org.units.sales}&color_by=key_person`);
    const graph = parseGexf(Graph, text(res.rawPayload));
    const page = ZGraphVisualization.parse((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/graph-visualization/?graph_type=trust&unit=${org.units.sales}`)).json());
    expect(graph.order).toBe(page.employees.length);
    expect(graph.size).toBe(page.relations.length);
    expect(graph.order).toBeLessThan(view.employees.length);
    const unitColours = page.units.map((u) => channels(u.color).join());
    expect(graph.mapNodes((_, a) => channels(a.color as string).join()).every((c) => !unitColours.includes(c))).toBe(true);
  });
});

describe('GET /engagements/{id}/graph-visualization/export/ — GraphML', () => {
  it('writes GraphML that graphology-graphml reads back, typed, with names in the reader’s language', async () => {
    const res = await exported('format=graphml', org.tokens.admin, 'de-DE');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/graphml+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="network-acme-spring-2026.graphml"; filename*=UTF-8''netzwerk-acme-spring-2026.graphml`);
    const xml = text(res.rawPayload);
    const graph = parseGraphml(Graph, xml);
    expect(graph.order).toBe(view.employees.length);
    expect(graph.size).toBe(view.relations.length);
    const person = view.employees.find((p) => p.id === org.people.leadA)!;
    const node = graph.getNodeAttributes(String(person.id));
    expect(node.label).toBe('Person leadA');
    expect(node.pagerank).toBeCloseTo(metricOf(person.id, 'pagerank') as number, 12);
    expect(node.in_degree).toBe(metricOf(person.id, 'in_degree'));
    expect(typeof node.effective_size).toBe('number');
    expect(typeof graph.getEdgeAttributes(graph.edges()[0]!).mutual).toBe('boolean');
    // Each key says what it holds in the reader's language.
    const root = create(xml).root().node as unknown as NamespacedElement;
    const keys = Array.from(root.getElementsByTagNameNS('http://graphml.graphdrawing.org/xmlns', 'key'));
    const pagerank = keys.find((k) => k.getAttribute('attr.name') === 'pagerank')!;
    expect(pagerank.getAttribute('attr.type')).toBe('double');
    expect(pagerank.getElementsByTagName('desc')[0]?.textContent).toMatch(/^PageRank\S*: \S/);
    expect(keys.find((k) => k.getAttribute('attr.name') === 'unit')?.getElementsByTagName('desc')[0]?.textContent).toContain('Einheit');
  });
});

describe('GET /engagements/{id}/graph-visualization/export/ — CSV', () => {
  it('writes a node list csv-parse reads: BOM, CRLF, header row, one row per person with every metric', async () => {
    const res = await exported('format=nodes_csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="network-people-acme-spring-2026.csv"');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(res.rawPayload)).toContain('\r\n');
    const rows = parseCsv(res.rawPayload, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(rows).toHaveLength(view.employees.length);
    expect(Object.keys(rows[0]!).slice(0, 5)).toEqual(['id', 'label', 'x', 'y', 'color']);
    for (const metric of metrics.metrics) expect(Object.keys(rows[0]!)).toContain(metric.id);
    const a2 = rows.find((r) => r.label === 'Person a2')!;
    expect(Number(a2.id)).toBe(org.people.a2);
    expect(a2.unit).toBe('Sales');
    expect(Number(a2.pagerank)).toBeCloseTo(metricOf(org.people.a2, 'pagerank') as number, 12);
  });

  it('writes an edge list with the ids of the node list and the questions by name', async () => {
    const res = await exported('format=edges_csv', org.tokens.admin, 'hu-HU');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="network-ties-acme-spring-2026.csv"; filename*=UTF-8''${encodeURIComponent('hálózat-kapcsolatok-acme-spring-2026.csv')}`);
    const rows = parseCsv(res.rawPayload, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(rows).toHaveLength(view.relations.length);
    expect(Object.keys(rows[0]!)).toEqual(['source', 'target', 'source_label', 'target_label', 'mutual', 'question_count', 'questions']);
    const tie = view.relations.find((r) => r.questions.length > 1) ?? view.relations[0]!;
    const row = rows.find((r) => r.source === String(tie.source) && r.target === String(tie.target))!;
    expect(row.mutual).toBe(String(tie.mutual));
    expect(Number(row.question_count)).toBe(tie.questions.length);
    expect(row.questions?.split('; ')).toHaveLength(tie.questions.length);
  });
});

describe('GET /engagements/{id}/graph-visualization/export/ — access', () => {
  it('gives a subtree reader their subtree, with the metrics their level withholds left empty', async () => {
    const res = await exported('format=nodes_csv', org.tokens.leader);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const page = ZGraphVisualization.parse((await getAs(ctx, org.tokens.leader, `/api/engagements/${org.engagementId}/graph-visualization/`)).json());
    expect(rows.map((r) => Number(r.id)).sort()).toEqual(page.employees.map((p) => p.id).sort());
    const other = rows.find((r) => Number(r.id) !== org.people.leadA)!;
    expect(other.out_degree).toBe('');
    expect(other.reciprocity).toBe('');
    expect(other.in_degree).not.toBe('');
  });

  it('refuses like the page: 403 without graph access, 404 for another organisation, 400 for an unknown format', async () => {
    expect((await exported('format=gexf', org.tokens.noAccess)).statusCode).toBe(403);
    expect((await exported('format=gexf', org.tokens.otherOrg)).statusCode).toBe(404);
    expect((await exported('format=pdf')).statusCode).toBe(400);
  });
});

describe('GET /engagements/{id}/graph-visualization/export/ — resolved like the graph page', () => {
  it('refuses like the page when the journey has the graph module switched off, though the reader’s rights remain', async () => {
    const [row] = await ctx.db.db.select({ modules: tables.engagements.modules }).from(tables.engagements).where(eq(tables.engagements.id, org.engagementId));
    await ctx.db.db.update(tables.engagements).set({ modules: row!.modules.filter((m) => m !== 'graph_visualization') }).where(eq(tables.engagements.id, org.engagementId));
    try {
      expect((await getAs(ctx, org.tokens.leader, `/api/engagements/${org.engagementId}/graph-visualization/`)).statusCode).toBe(403);
      expect((await exported('format=nodes_csv', org.tokens.leader)).statusCode).toBe(403);
      expect((await exported('format=gexf')).statusCode).toBe(403);
    } finally {
      await ctx.db.db.update(tables.engagements).set({ modules: row!.modules }).where(eq(tables.engagements.id, org.engagementId));
    }
    expect((await exported('format=nodes_csv', org.tokens.leader)).statusCode).toBe(200);
  });

  it('computes its metrics under the configured privacy minimum: the Metrics export of that table is then served from what it kept', async () => {
    const strict = await buildApp({ db: ctx.db, settings: { SMTP_URL: undefined, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined, MIN_GROUP_SIZE: 7 }, webDistDir: '/nonexistent', pollJobs: false });
    try {
      const network = await getAs({ app: strict }, org.tokens.leader, url('format=nodes_csv'));
      expect(network.statusCode).toBe(200);
      // The same table (work network, units as groups, by name) under MIN_GROUP_SIZE 7: had the
      // network export used the default minimum (5), this would be built anew (many statements).
      const { response, statements } = await countRequestStatements({ app: strict, db: ctx.db }, { method: 'GET', url: `/api/engagements/${org.engagementId}/metrics/export/`, headers: { ...authHeader(org.tokens.leader), 'accept-language': 'en-US' } });
      expect(response.statusCode).toBe(200);
      expect(statements.filter((s) => /"result"|from "employees"|from "units"|from "questions"/i.test(s))).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
