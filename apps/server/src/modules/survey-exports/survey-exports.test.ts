import { describe, expect, it } from 'vitest';
import { getAs, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { headerOf as header, readWorkbook as workbookOf, useAnalysedOrganisation } from '../../testing/analysed-app.ts';
import type { TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;

useAnalysedOrganisation((made, analysed) => {
  ctx = made;
  org = analysed;
});

describe('GET /engagements/{id}/survey/export-nice-excel/', () => {
  it('gives admins the instructions, employees, units, questions and answers', async () => {
    const res = await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/survey/export-nice-excel/`, 'en-US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="survey-acme-spring-2026.xlsx"');
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Instructions', 'Employees', 'Units', 'Questions', 'Answers']);
    const employees = workbook.getWorksheet('Employees')!;
    expect(header(employees)).toEqual(['ID', 'Name', 'E-mail', 'Unit', "Leader's e-mail", 'Gender', 'Generation', 'Entry date', 'Job title']);
    expect(employees.rowCount).toBe(13);
    const a1 = employees.getRows(2, 12)!.find((r) => r.getCell(2).value === 'Person a1')!;
    expect([a1.getCell(3).value, a1.getCell(4).value, a1.getCell(5).value, a1.getCell(7).value]).toEqual(['a1@acme.test', 'Sales', 'leada@acme.test', 'y']);
    // The entry date is a real date cell.
    expect(a1.getCell(8).value).toEqual(new Date(Date.UTC(2020, 1, 1)));
    expect(a1.getCell(8).numFmt).toBe('yyyy-mm-dd');
    const answers = workbook.getWorksheet('Answers')!;
    expect(header(answers)).toEqual(["Respondent's e-mail", 'Question key', "Named colleague's e-mail"]);
    const rows = answers.getRows(2, answers.rowCount - 1)!.map((r) => [r.getCell(1).value, r.getCell(2).value, r.getCell(3).value]);
    expect(rows).toContainEqual(['a2@acme.test', 'expertise', 'leada@acme.test']);
    // a1 answered the attention question naming nobody: one row without a colleague.
    expect(rows.filter(([from, question]) => from === 'a1@acme.test' && question === 'attention').map(([, , named]) => named ?? '')).toEqual(['']);
    expect(header(workbook.getWorksheet('Questions')!)).toEqual(['Question key', 'Graph category', 'Question kind', 'Question', 'text_hu', 'text_en', 'text_de', 'text_ru', 'Graph category (name)', 'Question kind (name)']);
    const news = workbook.getWorksheet('Questions')!.getRows(2, 13)!.find((r) => r.getCell(1).value === 'news')!;
    expect([news.getCell(2).value, news.getCell(3).value, news.getCell(9).value, news.getCell(10).value]).toEqual(['corporate_info', 'corporate_news', 'Corporate information', 'Company news']);
  });

  it('is for engagement admins only, and works before any analysis', async () => {
    expect((await getAs(ctx, org.tokens.leader, `/api/engagements/${org.engagementId}/survey/export-nice-excel/`)).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, `/api/engagements/${org.engagementId}/survey/export-nice-excel/`)).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.unanalysedEngagementId}/survey/export-nice-excel/`)).statusCode).toBe(200);
  });
});

describe('GET /engagements/{id}/survey/export-distance-matrix/', () => {
  it('gives shortest work-graph distances, empty where there is no path, with names for rows and columns', async () => {
    const res = await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/survey/export-distance-matrix/`, 'en-US');
    expect(res.statusCode).toBe(200);
    const workbook = await workbookOf(res.rawPayload);
    const sheet = workbook.getWorksheet('Distance matrix')!;
    expect(header(sheet).slice(0, 2)).toEqual(['Employee', 'Employee ID']);
    const names = header(sheet).slice(2) as string[];
    expect(names).toHaveLength(12);
    expect(names).toContain('Person a2');
    const nameOf = new Map(sheet.getRows(2, 12)!.map((r) => [r.getCell(2).value as number, r.getCell(1).value as string]));
    const column = (id: number) => 3 + names.indexOf(nameOf.get(id)!);
    const row = (id: number) => sheet.getRows(2, 12)!.find((r) => r.getCell(2).value === id)!;
    expect(nameOf.get(org.people.a2)).toBe('Person a2');
    expect(row(org.people.a2).getCell(column(org.people.a2)).value).toBe(0);
    expect(row(org.people.a2).getCell(column(org.people.leadA)).value).toBe(1);
    expect(row(org.people.a2).getCell(column(org.people.ceo)).value).toBe(2);
    // a6 never answered and nobody names a6 on a work question: unreachable both ways.
    expect(row(org.people.a6).getCell(column(org.people.a2)).value).toBeNull();
  });

  it('is for engagement admins only', async () => {
    expect((await getAs(ctx, org.tokens.member, `/api/engagements/${org.engagementId}/survey/export-distance-matrix/`)).statusCode).toBe(403);
  });
});
