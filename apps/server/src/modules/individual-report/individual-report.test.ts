import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIndividualReport, TIndividualReportListPage } from '@ona/contracts';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const base = (id: number) => `/api/engagements/${id}/individual-reports/`;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

const list = async (token: string, query = '') => {
  const res = await getAs(ctx, token, `${base(org.engagementId)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TIndividualReportListPage>();
};

describe('GET /engagements/{id}/individual-reports/', () => {
  it('lists everyone for all_access, the subtree for subtree and the caller for self_only', async () => {
    const all = await list(org.tokens.admin);
    expect(all).toMatchObject({ total: 12, visible: 12, page: 1, page_size: 50 });
    expect(all.data).toHaveLength(12);
    expect(all.data.find((r) => r.id === org.people.a6)).toMatchObject({ employee: { name: 'Person a6' }, unit: { name: 'Sales' }, has_answered: false });
    const subtree = await list(org.tokens.leader, '?page_size=500');
    expect(subtree.data.map((r) => r.id).sort()).toEqual([org.people.leadA, org.people.a1, org.people.a2, org.people.a3, org.people.a4, org.people.a5, org.people.a6].sort());
    expect(subtree.total).toBe(7);
    const self = await list(org.tokens.member);
    expect(self.data.map((r) => r.id)).toEqual([org.people.a2]);
    expect(self).toMatchObject({ total: 1, visible: 1 });
  });

  it('pages every sort both ways into the whole sorted list, ties by name then id', async () => {
    for (const token of [org.tokens.admin, org.tokens.leader]) {
      const whole = (await list(token, '?page_size=500')).data;
      for (const sort of ['name', '-name', 'unit', '-unit', 'answered', '-answered']) {
        const all = (await list(token, `?sort=${sort}&page_size=500`)).data;
        // The rule restated on whole rows: the paged order must be this one.
        const descending = sort.startsWith('-');
        const sign = descending ? -1 : 1;
        const byName = (a: (typeof whole)[number], b: (typeof whole)[number]) => a.employee.name.localeCompare(b.employee.name) || a.id - b.id;
        const expected = [...whole].sort((a, b) =>
          sort.endsWith('name') ? sign * byName(a, b)
          : sort.endsWith('unit') ? sign * (a.unit?.name ?? '').localeCompare(b.unit?.name ?? '') || byName(a, b)
          : sign * (Number(a.has_answered) - Number(b.has_answered)) || byName(a, b),
        );
        expect(all.map((r) => r.id), sort).toEqual(expected.map((r) => r.id));
        const pages = [];
        for (let page = 1; page <= Math.ceil(all.length / 5); page++) pages.push(...(await list(token, `?sort=${sort}&page_size=5&page=${page}`)).data);
        expect(pages, sort).toEqual(all);
      }
    }
    // Several people share a unit and an answer, so the ties above were real ones.
    const admin = (await list(org.tokens.admin, '?sort=unit&page_size=500')).data;
    expect(new Set(admin.map((r) => r.unit?.name)).size).toBeLessThan(admin.length);
  });

  it('searches names and units, accent-blind, from the third character, and never beyond what the caller sees', async () => {
    expect((await list(org.tokens.admin, '?q=pe')).total).toBe(12);
    const a6 = await list(org.tokens.admin, '?q=P%C3%89RSON%20A6');
    expect(a6.data.map((r) => r.id)).toEqual([org.people.a6]);
    expect(a6).toMatchObject({ total: 1, visible: 12 });
    const sales = await list(org.tokens.admin, '?q=sales&page_size=500');
    expect(sales.data.every((r) => r.unit?.name === 'Sales')).toBe(true);
    expect(sales.total).toBeGreaterThan(1);
    expect((await list(org.tokens.leader, '?q=person%20b1')).total).toBe(0);
    expect((await list(org.tokens.member, '?q=person')).data.map((r) => r.id)).toEqual([org.people.a2]);
  });

  it('rejects an unknown sort and a page size above 500', async () => {
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?sort=hierarchy`)).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?page_size=501`)).statusCode).toBe(400);
  });

  it('answers 403 for no_access and module_disabled, 404 for another organisation, 409 before any analysis', async () => {
    expect((await getAs(ctx, org.tokens.noAccess, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, base(org.engagementId))).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, base(org.unanalysedEngagementId))).statusCode).toBe(409);
  });
});

describe('GET /engagements/{id}/individual-reports/{employeeId}/', () => {
  it('gives the counts, character types, relations by level and nominations of one person', async () => {
    const res = await getAs(ctx, org.tokens.member, `${base(org.engagementId)}${org.people.a2}/`);
    expect(res.statusCode).toBe(200);
    const report = res.json<TIndividualReport>();
    expect(report).toMatchObject({ id: org.people.a2, employee: { name: 'Person a2' }, hierarchy_level: expect.any(String), has_answered: true });
    // a1 names a2 as the next teammate, a5 as the one after next, and leader A names the whole team.
    expect(report.mentioning_you).toBe(3);
    expect(Object.keys(report.character_types).sort()).toEqual(['influencing_others', 'information_sharing', 'personal', 'professional', 'work_cooperation']);
    expect(Object.keys(report.relations_by_level).sort()).toEqual(['implementors', 'integrative', 'operative', 'strategic']);
    expect(report.received).toHaveLength(13);
    const cooperation = report.given.find((g) => g.question.key === 'cooperation');
    expect(cooperation?.count).toBe(3);
    expect(cooperation?.colleagues?.map((c) => c.name).sort()).toEqual(['Person a3', 'Person a4', 'Person leadA']);
  });

  it('names the colleagues one named only to oneself: the leader and the admin see counts, never whether they were named', async () => {
    for (const token of [org.tokens.leader, org.tokens.admin]) {
      const report = (await getAs(ctx, token, `${base(org.engagementId)}${org.people.a2}/`)).json<TIndividualReport>();
      const cooperation = report.given.find((g) => g.question.key === 'cooperation');
      expect(cooperation).toEqual({ question: expect.objectContaining({ key: 'cooperation' }), count: 3, colleagues: null });
      expect(report.given.every((g) => g.colleagues === null)).toBe(true);
    }
  });

  it('shows received nominations as counts only, never who named the person', async () => {
    const report = (await getAs(ctx, org.tokens.leader, `${base(org.engagementId)}${org.people.leadA}/`)).json<TIndividualReport>();
    const expertise = report.received.find((r) => r.question.key === 'expertise');
    expect(expertise).toEqual({ question: expect.objectContaining({ key: 'expertise' }), count: 4 });
    expect(Object.keys(expertise ?? {}).sort()).toEqual(['count', 'question']);
  });

  it('withholds the influence share when fewer than five unit colleagues answered', async () => {
    const b1 = (await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${org.people.b1}/`)).json<TIndividualReport>();
    expect(b1).toMatchObject({ influence_withheld: true, influence_share: null, influence_high: null });
    const a2 = (await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${org.people.a2}/`)).json<TIndividualReport>();
    expect(a2.influence_withheld).toBe(false);
    expect(typeof a2.influence_share).toBe('number');
  });

  it('answers 404 for someone outside the caller’s view', async () => {
    expect((await getAs(ctx, org.tokens.member, `${base(org.engagementId)}${org.people.a3}/`)).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.leader, `${base(org.engagementId)}${org.people.b1}/`)).statusCode).toBe(404);
  });
});

describe('GET /engagements/{id}/individual-reports/export/', () => {
  it('exports the visible reports with headers in the request’s language', async () => {
    const res = await getAs(ctx, org.tokens.leader, `${base(org.engagementId)}export/`, 'ru-RU');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Индивидуальные отчёты')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 8)).toEqual(['Сотрудник', 'ID сотрудника', 'Подразделение (единица)', 'Уровень иерархии', 'Упоминают вас', 'Обращаются к вам', 'Взаимные отношения']);
    expect(sheet.rowCount).toBe(1 + 7);
    const leadA = sheet.getRows(2, 7)!.find((r) => r.getCell(1).value === 'Person leadA')!;
    expect(leadA.getCell(2).value).toBe(org.people.leadA);
    expect(leadA.getCell(3).value).toBe('Sales');
  });
});
