import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerageByGroups, buildOrganisation, DEFAULT_OPTIONS, personMetricTable, runAnalysis } from '@ona/analytics';
import { PERSON_METRIC_IDS, type TMetricsPage } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { loadAnalysisInput } from '../analysis/analysis-input.ts';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const base = (id: number) => `/api/engagements/${id}/metrics/`;
const page = async (token: string, query = '', locale?: string) => {
  const res = await getAs(ctx, token, `${base(org.engagementId)}${query}`, locale);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TMetricsPage>();
};

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('GET /engagements/{id}/metrics/ at all_access', () => {
  it('gives every person of the work network with every metric, explained in one sentence, and the networks to choose from', async () => {
    const body = await page(org.tokens.admin);
    expect(body.total).toBe(12);
    expect(body.data).toHaveLength(12);
    expect(body.metrics.map((m) => m.id)).toEqual([...PERSON_METRIC_IDS]);
    for (const metric of body.metrics) {
      expect(metric.description).toMatch(/^[A-Z].+\.$/);
      expect(metric.withheld_for_others).toBe(false);
    }
    expect(body.networks[0]).toEqual({ key: 'work', label: 'All work questions' });
    expect(body.networks.map((n) => n.key)).toEqual(expect.arrayContaining(['kind:advice', 'kind:opinion', 'category:opinion', 'category:trust']));
    expect(body.network).toMatchObject({ key: 'work', withheld: false, betweenness_method: 'exact', closeness_method: 'exact' });
    // Sorted by name by default.
    expect(body.data.map((r) => r.employee.name)).toEqual([...body.data.map((r) => r.employee.name)].sort((a, b) => a.localeCompare(b)));
  });

  it('answers the figures the engine computes from the same answers, on the work network and on one question', async () => {
    const input = await loadAnalysisInput(ctx.db.db, org.engagementId);
    const result = runAnalysis(input);
    for (const network of ['work', 'kind:advice', 'category:trust'] as const) {
      const table = personMetricTable(result, network)!;
      const body = await page(org.tokens.admin, `?network=${network}&page_size=500`);
      for (const row of body.data) {
        const index = result.employeeIds.indexOf(String(row.employee.id));
        for (const metric of PERSON_METRIC_IDS) {
          const expected = table.columns[metric]?.[index] ?? null;
          expect(row.values[metric], `${network} ${row.employee.name} ${metric}`).toBe(expected);
        }
      }
      const density = body.network.figures.find((f) => f.id === 'density')!;
      expect(density.value).toBe(table.network.density);
    }
  });

  it('gives leader A the team’s nominations and the network figures of the advice question', async () => {
    const body = await page(org.tokens.admin, `?network=kind:advice&q=leadA`);
    expect(body.total).toBe(1);
    // a2..a5 name leader A on advice (a1 neglects the leader); leader A names the CEO.
    expect(body.data[0]!.values).toMatchObject({ in_degree: 4, out_degree: 1, mutual: 0, reciprocity: 0 });
    const figures = Object.fromEntries(body.network.figures.map((f) => [f.id, f.value]));
    expect(figures.people).toBe(12);
    // Team A: a1 names a2, a2..a5 name leader A and the next member (9); team B: b1, b2 name
    // leader B and the next (4); both leaders name the CEO (2).
    expect(figures.ties).toBe(9 + 4 + 2);
  });

  it('sorts by any metric both ways with empty values last, pages, and filters by unit (with sub-units) and by name', async () => {
    const down = await page(org.tokens.admin, '?sort=-in_degree&page_size=5');
    expect(down.data).toHaveLength(5);
    expect(down.total).toBe(12);
    const degrees = down.data.map((r) => r.values.in_degree!);
    expect(degrees).toEqual([...degrees].sort((a, b) => b - a));
    const second = await page(org.tokens.admin, '?sort=-in_degree&page_size=5&page=2');
    expect(second.data[0]!.values.in_degree!).toBeLessThanOrEqual(degrees[4]!);
    const third = await page(org.tokens.admin, '?sort=-in_degree&page_size=5&page=3');
    expect(third.data).toHaveLength(2);
    // Constraint is empty for nobody here, effective size ascending puts the smallest first.
    const up = await page(org.tokens.admin, '?sort=effective_size&page_size=500');
    const sizes = up.data.map((r) => r.values.effective_size).filter((v): v is number => v !== null);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    const nulls = up.data.map((r) => r.values.effective_size === null);
    expect(nulls.indexOf(true) === -1 || nulls.slice(nulls.indexOf(true)).every(Boolean)).toBe(true);

    const support = await page(org.tokens.admin, `?unit=${org.units.support}`);
    expect(support.data.map((r) => r.employee.name).sort()).toEqual(['Person b1', 'Person b2', 'Person b3', 'Person leadB']);
    const company = await page(org.tokens.admin, `?unit=${org.units.company}`);
    expect(company.total).toBe(12);
    const two = await page(org.tokens.admin, `?unit=${org.units.support}&unit=${org.units.sales}`);
    expect(two.total).toBe(11);
    const search = await page(org.tokens.admin, '?q=PERSON%20A');
    expect(search.data.map((r) => r.employee.name)).toEqual(['Person a1', 'Person a2', 'Person a3', 'Person a4', 'Person a5', 'Person a6']);
  });

  it('withholds the E-I index of a unit with fewer respondents than the privacy minimum', async () => {
    const body = await page(org.tokens.admin);
    const sales = body.network.ei_by_unit.find((u) => u.unit.id === org.units.sales)!;
    const support = body.network.ei_by_unit.find((u) => u.unit.id === org.units.support)!;
    // Sales: leader A and a1..a5 answered (6); Support: leader B, b1, b2 (3).
    expect(sales).toMatchObject({ respondents: 6, withheld: false });
    expect(sales.ei).toBeTypeOf('number');
    expect(support).toMatchObject({ respondents: 3, withheld: true, ei: null, internal: null, external: null });
  });

  it('explains the metrics in the reader’s language', async () => {
    const body = await page(org.tokens.admin, '?network=category:trust', 'hu-HU');
    expect(body.metrics.find((m) => m.id === 'constraint')).toMatchObject({ label: 'Kényszer (Burt)' });
    expect(body.network.label).toBe('Kategória: Bizalom');
  });

  it('rejects an unknown network, a metric that does not exist, and a page size above 500', async () => {
    const unknown = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?network=kind:gossip`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown_network' });
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?sort=-shoe_size`)).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?page_size=501`)).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?network=nonsense`)).statusCode).toBe(400);
  });
});

describe('GET /engagements/{id}/metrics/ below all_access', () => {
  it('shows a leader (subtree) their subtree only, without others’ out-degree, mutual ties and reciprocity, nor the network figures but the communities', async () => {
    const body = await page(org.tokens.leader, '?page_size=500');
    expect(body.total).toBe(7);
    expect(body.data.map((r) => r.employee.name).sort()).toEqual(['Person a1', 'Person a2', 'Person a3', 'Person a4', 'Person a5', 'Person a6', 'Person leadA']);
    for (const row of body.data) {
      expect(row.values.mutual).toBeNull();
      expect(row.values.reciprocity).toBeNull();
      if (row.employee.id !== org.people.leadA) expect(row.values.out_degree).toBeNull();
      expect(row.values.in_degree).toBeTypeOf('number');
      expect(row.values.betweenness).toBeTypeOf('number');
    }
    expect(body.data.find((r) => r.employee.id === org.people.leadA)!.values.out_degree).toBeTypeOf('number');
    expect(body.metrics.filter((m) => m.withheld_for_others).map((m) => m.id)).toEqual(['out_degree', 'mutual', 'reciprocity']);
    expect(body.network.withheld).toBe(true);
    // Communities and their modularity are structural, like the community column: shown to every reader.
    expect(body.network.figures.filter((f) => f.value !== null).map((f) => f.id)).toEqual(['people', 'communities', 'modularity']);
    expect(body.network.ei_by_unit.every((u) => u.withheld && u.ei === null)).toBe(true);
  });

  it('shows a self_only reader their own row, and a unit filter or a search cannot bring anyone else back', async () => {
    const body = await page(org.tokens.member);
    expect(body.data.map((r) => r.employee.id)).toEqual([org.people.a2]);
    expect(body.data[0]!.values).toMatchObject({ mutual: null, reciprocity: null });
    expect(body.data[0]!.values.out_degree).toBeTypeOf('number');
    expect((await page(org.tokens.member, `?unit=${org.units.support}`)).total).toBe(0);
    expect((await page(org.tokens.member, '?q=b1')).total).toBe(0);
  });

  it('answers 403 for no_access and module_disabled, 404 for another organisation, 409 before an analysis', async () => {
    expect((await getAs(ctx, org.tokens.noAccess, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, base(org.engagementId))).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.otherOrg, `${base(org.engagementId)}export/`)).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, base(org.unanalysedEngagementId))).statusCode).toBe(409);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.unanalysedEngagementId)}export/`)).statusCode).toBe(409);
  });
});

describe('GET /engagements/{id}/metrics/export/', () => {
  async function workbookOf(token: string, query: string, locale?: string): Promise<{ book: ExcelJS.Workbook; disposition: string }> {
    const res = await getAs(ctx, token, `${base(org.engagementId)}export/${query}`, locale);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { book, disposition: String(res.headers['content-disposition']) };
  }

  it('writes the same rows and figures as the API, with labels, names beside ids, number formats, a frozen header and an autofilter', async () => {
    const api = await page(org.tokens.admin, '?network=kind:advice&sort=-pagerank&page_size=500');
    const { book, disposition } = await workbookOf(org.tokens.admin, '?network=kind:advice&sort=-pagerank');
    expect(disposition).toContain('metrics-acme-spring-2026.xlsx');
    const sheet = book.getWorksheet('Metrics')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Employee', 'Employee ID', 'Unit', 'Unit ID']);
    expect(header.slice(4)).toEqual([...api.metrics.map((m) => m.label), 'Brokerage group', 'Brokerage roles']);
    expect(sheet.rowCount).toBe(1 + api.total);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    api.data.forEach((row, i) => {
      const cells = sheet.getRow(i + 2);
      expect(cells.getCell(1).value).toBe(row.employee.name);
      expect(cells.getCell(2).value).toBe(row.employee.id);
      expect(cells.getCell(3).value).toBe(row.unit?.name ?? null);
      api.metrics.forEach((metric, m) => expect(cells.getCell(5 + m).value ?? null, `${row.employee.name} ${metric.id}`).toBe(row.values[metric.id]));
    });
    const column = (id: string) => 5 + api.metrics.findIndex((m) => m.id === id);
    expect(sheet.getRow(2).getCell(column('reciprocity')).numFmt).toBe('0.0%');
    expect(sheet.getRow(2).getCell(column('pagerank')).numFmt).toBe('0.0000');
    expect(sheet.getRow(2).getCell(column('in_degree')).numFmt).toBe('0');
    const network = book.getWorksheet('Network')!;
    expect(network.getRow(2).getCell(2).value).toBe('Question: Information and advice');
    const density = api.network.figures.find((f) => f.id === 'density')!;
    expect(network.getRow(3).values).toEqual([undefined, 'Brokerage groups', 'Units']);
    const densityRow = network.getRow(4 + api.network.figures.indexOf(density));
    expect(densityRow.getCell(1).value).toBe('Density');
    expect(densityRow.getCell(2).value).toBe(density.value);
    expect(densityRow.getCell(2).numFmt).toBe('0.0%');
    expect(book.getWorksheet('E-I by unit')!.rowCount).toBe(1 + api.network.ei_by_unit.length);
  });

  it('names sheets and file in the reader’s language and keeps the caller’s scope and withheld cells', async () => {
    const { book, disposition } = await workbookOf(org.tokens.leader, '', 'de-DE');
    expect(disposition).toContain('kennzahlen-');
    const sheet = book.getWorksheet('Kennzahlen')!;
    expect(sheet.rowCount).toBe(1 + 7);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const mutual = header.indexOf('Gegenseitige Beziehungen') + 1;
    expect(mutual).toBeGreaterThan(0);
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(mutual).value ?? null).toBeNull();
  });
});

const BROKERAGE = ['coordinator', 'itinerant', 'representative', 'gatekeeper', 'liaison'] as const;

/** Office: six in Budapest, six in Vienna. Floor: everyone on 1 but b3 on 2, a value below the privacy minimum of five. */
const OFFICE: Record<string, string> = { ceo: 'Budapest', leadA: 'Budapest', a1: 'Budapest', a2: 'Budapest', a3: 'Budapest', a4: 'Budapest', a5: 'Vienna', a6: 'Vienna', leadB: 'Vienna', b1: 'Vienna', b2: 'Vienna', b3: 'Vienna' };

// Last in the file: it gives the employees filter attributes, which the tests above do not expect.
describe('brokerage groups of the metrics endpoint', () => {
  beforeAll(async () => {
    // The attributes are read when asked for: set after the analysis, as an admin's later import would.
    for (const [person, id] of Object.entries(org.people)) {
      await ctx.db.db.update(tables.employees).set({ attributes: { office: OFFICE[person]!, floor: person === 'b3' ? '2' : '1' } }).where(eq(tables.employees.id, id));
    }
  });

  it('offers the units and the journey’s filter attributes by name, units by default', async () => {
    const body = await page(org.tokens.admin);
    expect(body.brokerage_group_options).toEqual([
      { key: 'unit', label: 'Units' },
      { key: 'filter:floor', label: 'Floor' },
      { key: 'filter:office', label: 'Office' },
    ]);
    expect(body.brokerage_groups).toEqual({ key: 'unit', label: 'Units', withheld: false });
    const leadA = body.data.find((row) => row.employee.id === org.people.leadA)!;
    expect(leadA.group).toBe(leadA.unit!.name);
  });

  it('counts brokerage with the offices as groups, as the engine does on the same answers, with the roles that follow', async () => {
    const input = await loadAnalysisInput(ctx.db.db, org.engagementId);
    const personOf = new Map(Object.entries(org.people).map(([person, id]) => [String(id), person]));
    const offices = input.employees.map((e) => (OFFICE[personOf.get(e.id)!] === 'Budapest' ? 0 : 1));
    const expected = brokerageByGroups(buildOrganisation(input).work, offices, DEFAULT_OPTIONS);
    const body = await page(org.tokens.admin, '?groups=filter:office&page_size=500');
    expect(body.brokerage_groups).toEqual({ key: 'filter:office', label: 'Office', withheld: false });
    expect(body.data).toHaveLength(12);
    let brokers = 0;
    for (const row of body.data) {
      const v = input.employees.findIndex((e) => e.id === String(row.employee.id));
      expect(row.group).toBe(OFFICE[personOf.get(String(row.employee.id))!]);
      for (const role of BROKERAGE) {
        expect(row.values[`brokerage_${role}`], `${row.employee.name} ${role}`).toBe(expected.raw[role][v]);
        expect(row.values[`brokerage_${role}_z`], `${row.employee.name} ${role} z`).toBe(expected.z[role][v]);
        brokers += expected.raw[role][v]!;
      }
      expect(row.brokerage_roles).toEqual(expected.roles[v]);
    }
    expect(brokers).toBeGreaterThan(0);
    // Other groups change the counts: leader A brokers between the offices only through Vienna's a5.
    const byUnit = await page(org.tokens.admin, '?page_size=500');
    const sum = (rows: TMetricsPage['data'], role: (typeof BROKERAGE)[number]) => rows.reduce((s, r) => s + (r.values[`brokerage_${role}`] ?? 0), 0);
    expect(BROKERAGE.map((role) => sum(body.data, role))).not.toEqual(BROKERAGE.map((role) => sum(byUnit.data, role)));
    // Everything else stays as it was.
    expect(body.data.map((r) => r.values.betweenness)).toEqual(body.data.map((r) => byUnit.data.find((u) => u.employee.id === r.employee.id)!.values.betweenness));
  });

  it('keeps the units’ counts and roles of the run by default, on the work network and on one question', async () => {
    const input = await loadAnalysisInput(ctx.db.db, org.engagementId);
    const result = runAnalysis(input);
    const work = await page(org.tokens.admin, '?page_size=500');
    for (const row of work.data) {
      const v = result.employeeIds.indexOf(String(row.employee.id));
      expect(row.brokerage_roles).toEqual(result.employees[v]!.groupRoles);
      expect(row.values.brokerage_gatekeeper).toBe(result.brokerage.nodes[v]!.raw.gatekeeper);
    }
    const advice = await page(org.tokens.admin, '?network=kind:advice&groups=unit&page_size=500');
    for (const row of advice.data) {
      const v = result.employeeIds.indexOf(String(row.employee.id));
      expect(row.values.brokerage_representative).toBe(result.metrics.byKind.advice!.brokerage!.raw.representative[v]);
    }
  });

  it('computes the groups on the chosen network', async () => {
    const input = await loadAnalysisInput(ctx.db.db, org.engagementId);
    const personOf = new Map(Object.entries(org.people).map(([person, id]) => [String(id), person]));
    const offices = input.employees.map((e) => (OFFICE[personOf.get(e.id)!] === 'Budapest' ? 0 : 1));
    const expected = brokerageByGroups(buildOrganisation(input).byKind.get('advice')!, offices, DEFAULT_OPTIONS);
    const body = await page(org.tokens.admin, '?network=kind:advice&groups=filter:office&page_size=500');
    for (const row of body.data) {
      const v = input.employees.findIndex((e) => e.id === String(row.employee.id));
      for (const role of BROKERAGE) expect(row.values[`brokerage_${role}`]).toBe(expected.raw[role][v]);
    }
  });

  it('rejects an attribute the journey does not have, in the reader’s language', async () => {
    for (const groups of ['filter:shoe_size', 'office', 'filter:']) {
      const res = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?groups=${encodeURIComponent(groups)}`, 'hu-HU');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unknown_groups' });
      expect(res.json<{ detail: string }>().detail).toContain('felmérésben nincs');
    }
    const english = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}export/?groups=filter:shoe_size`);
    expect(english.statusCode).toBe(400);
    expect(english.json<{ detail: string }>().detail).toContain('no filter attribute');
  });

  it('pools a value held by fewer than the privacy minimum with the people without one', async () => {
    const body = await page(org.tokens.admin, '?groups=filter:floor&page_size=500');
    expect(body.brokerage_groups).toEqual({ key: 'filter:floor', label: 'Floor', withheld: false });
    expect(body.data.find((r) => r.employee.id === org.people.b3)!.group).toBe('Other or no value');
    expect(body.data.find((r) => r.employee.id === org.people.b1)!.group).toBe('1');
    expect(body.data.some((r) => r.values.brokerage_gatekeeper !== null)).toBe(true);
    const german = await page(org.tokens.admin, '?groups=filter:floor&page_size=500', 'de-DE');
    expect(german.data.find((r) => r.employee.id === org.people.b3)!.group).toBe('Sonstige oder ohne Wert');
  });

  it('withholds the counts below all_access when the pooled group is still below the minimum, and keeps the rows of the caller’s scope', async () => {
    const floor = await page(org.tokens.leader, '?groups=filter:floor&page_size=500');
    expect(floor.brokerage_groups.withheld).toBe(true);
    expect(floor.total).toBe(7);
    for (const row of floor.data) {
      for (const role of BROKERAGE) expect(row.values[`brokerage_${role}`]).toBeNull();
      expect(row.brokerage_roles).toEqual([]);
    }
    const office = await page(org.tokens.leader, '?groups=filter:office&page_size=500');
    expect(office.brokerage_groups.withheld).toBe(false);
    expect(office.total).toBe(7);
    expect(office.data.every((row) => row.values.brokerage_coordinator !== null)).toBe(true);
    // Access levels still apply to the other columns.
    expect(office.data.every((row) => row.values.mutual === null)).toBe(true);
    const self = await page(org.tokens.member, '?groups=filter:office');
    expect(self.data.map((r) => r.employee.id)).toEqual([org.people.a2]);
  });

  it('exports the table with the chosen groups: each person’s group and roles, and the groups on the network sheet', async () => {
    const api = await page(org.tokens.admin, '?groups=filter:office&sort=-brokerage_liaison&page_size=500');
    const res = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}export/?groups=filter:office&sort=-brokerage_liaison`);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Metrics')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const liaison = header.indexOf('Liaison') + 1;
    const group = header.indexOf('Brokerage group') + 1;
    const roles = header.indexOf('Brokerage roles') + 1;
    api.data.forEach((row, i) => {
      const cells = sheet.getRow(i + 2);
      expect(cells.getCell(1).value).toBe(row.employee.name);
      expect(cells.getCell(liaison).value ?? null).toBe(row.values.brokerage_liaison);
      expect(cells.getCell(group).value).toBe(row.group);
      expect(cells.getCell(roles).value ?? null).toBe(row.brokerage_roles.length > 0 ? row.brokerage_roles.map((r) => r.charAt(0).toUpperCase() + r.slice(1)).join(', ') : null);
    });
    expect(book.getWorksheet('Network')!.getRow(3).values).toEqual([undefined, 'Brokerage groups', 'Office']);
  });
});
