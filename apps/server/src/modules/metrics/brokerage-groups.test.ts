import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerageByGroups, buildOrganisation, DEFAULT_OPTIONS, runAnalysis } from '@ona/analytics';
import type { TMetricsPage } from '@ona/contracts';
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
const BROKERAGE = ['coordinator', 'itinerant', 'representative', 'gatekeeper', 'liaison'] as const;

/** Office: six in Budapest, six in Vienna. Floor: everyone on 1 but b3 on 2, a value below the privacy minimum of five. */
const OFFICE: Record<string, string> = { ceo: 'Budapest', leadA: 'Budapest', a1: 'Budapest', a2: 'Budapest', a3: 'Budapest', a4: 'Budapest', a5: 'Vienna', a6: 'Vienna', leadB: 'Vienna', b1: 'Vienna', b2: 'Vienna', b3: 'Vienna' };

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  // The filter attributes are read when asked for: set after the analysis, as an admin's later import would.
  for (const [person, id] of Object.entries(org.people)) {
    await ctx.db.db.update(tables.employees).set({ attributes: { office: OFFICE[person]!, floor: person === 'b3' ? '2' : '1' } }).where(eq(tables.employees.id, id));
  }
});
afterAll(async () => ctx.close());

describe('brokerage groups of the metrics endpoint', () => {
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
