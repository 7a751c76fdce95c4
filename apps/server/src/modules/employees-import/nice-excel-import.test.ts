import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSurveyAdminOverview } from '@ona/contracts';
import { asc, eq, sql, tables } from '@ona/db';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, type SurveyOrganisation } from '../survey/survey-test-setup.ts';
import { multipartFile, readWorkbook, workbookBuffer } from './multipart-body.ts';

let ctx: TestContext;
let org: SurveyOrganisation;
let questionIds: number[] = [];

const as = (token: string, language = 'en-US') => ({ ...authHeader(token), 'accept-language': language });
const importNice = (engagementId: number, file: Buffer, language = 'en-US', token = org.tokens.admin) => {
  const { payload, headers } = multipartFile(file);
  return ctx.app.inject({ method: 'POST', url: `/api/engagements/${engagementId}/import_nice_excel/`, headers: { ...as(token, language), ...headers }, payload });
};
const exportNice = async (engagementId: number, language = 'en-US') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${engagementId}/survey/export-nice-excel/`, headers: as(org.tokens.admin, language) });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** A workbook's cell values, with the exporting database's ids replaced by what they stand for. */
function comparableContent(workbook: ExcelJS.Workbook) {
  const rows = (sheet: ExcelJS.Worksheet) => {
    const all: unknown[][] = [];
    sheet.eachRow((row) => all.push((row.values as unknown[]).slice(1)));
    return all;
  };
  const [instructions, employees, units, questions, answers] = workbook.worksheets.map(rows);
  const unitName = new Map((units ?? []).slice(1).map((r) => [r[0], r[1]]));
  return {
    sheets: workbook.worksheets.map((s) => s.name),
    instructions,
    employees: (employees ?? []).map((r, i) => (i === 0 ? r : r.slice(1))),
    units: (units ?? []).map((r, i) => (i === 0 ? r : [r[1], r[2] === undefined || r[2] === null ? null : unitName.get(r[2])])),
    questions,
    answers,
  };
}

async function contentCounts(engagementId: number) {
  const count = async (table: typeof tables.employees | typeof tables.units | typeof tables.questions | typeof tables.answers) => {
    const [row] = await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.engagementId, engagementId));
    return row?.n;
  };
  return { employees: await count(tables.employees), units: await count(tables.units), questions: await count(tables.questions), answers: await count(tables.answers) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
  const db = ctx.db.db;
  await db.update(tables.employees).set({ gender: 'female', generation: 'x', entryDate: '2004-05-06', jobTitle: 'Managing director', attributes: { location: 'Wien', contract: 'full time' } }).where(eq(tables.employees.id, org.people.boss));
  await db.update(tables.employees).set({ gender: 'male', generation: 'y', attributes: { location: 'Győr' } }).where(eq(tables.employees.id, org.people.lead));
  const created = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.engagementId}/survey/`, headers: as(org.tokens.admin) });
  questionIds = created.json<TSurveyAdminOverview>().questionnaire.questions.map((q) => q.id);
  // A question of the organisation's own, written in all four languages.
  await db.update(tables.questions).set({ texts: { en: 'Whom do you ask about budgets?', hu: 'Kitől kérdez a költségvetésről?', de: 'Wen fragen Sie zum Budget?', ru: 'К кому вы обращаетесь по бюджету?' } }).where(eq(tables.questions.id, questionIds[1] ?? 0));
  for (const token of [org.tokens.member, org.tokens.lead]) await ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.engagementId}/survey/accept-terms/`, headers: as(token) });
  const answer = (token: string, question: number, selected: number[]) =>
    ctx.app.inject({ method: 'PUT', url: `/api/engagements/${org.engagementId}/survey/answers/${question}/`, headers: as(token), payload: { selected_users: selected } });
  await answer(org.tokens.member, questionIds[0] ?? 0, [org.people.lead, org.people.boss]);
  await answer(org.tokens.member, questionIds[4] ?? 0, [org.people.boss]);
  await answer(org.tokens.lead, questionIds[0] ?? 0, [org.people.member]);
  await answer(org.tokens.lead, questionIds[12] ?? 0, [org.people.boss, org.people.member]);
  // An answer that names nobody is still an answer.
  await answer(org.tokens.member, questionIds[2] ?? 0, []);
});

/** Everything an engagement holds, with its own ids replaced by what they stand for. */
async function engagementContent(engagementId: number) {
  const db = ctx.db.db;
  const people = await db.select().from(tables.employees).where(eq(tables.employees.engagementId, engagementId)).orderBy(asc(tables.employees.id));
  const unitRows = await db.select().from(tables.units).where(eq(tables.units.engagementId, engagementId)).orderBy(asc(tables.units.id));
  const questionRows = await db.select().from(tables.questions).where(eq(tables.questions.engagementId, engagementId)).orderBy(asc(tables.questions.position));
  const answerRows = await db.select().from(tables.answers).where(eq(tables.answers.engagementId, engagementId));
  const emailOf = new Map(people.map((p) => [p.id, p.email]));
  const unitName = new Map(unitRows.map((u) => [u.id, u.name]));
  const keyOf = new Map(questionRows.map((q) => [q.id, q.key]));
  return {
    employees: people.map((p) => ({ name: p.name, email: p.email, unit: p.unitId === null ? null : unitName.get(p.unitId), leader: p.leaderId === null ? null : emailOf.get(p.leaderId), gender: p.gender, generation: p.generation, entryDate: p.entryDate, jobTitle: p.jobTitle, attributes: p.attributes })),
    units: unitRows.map((u) => ({ name: u.name, parent: u.parentId === null ? null : unitName.get(u.parentId) })),
    questions: questionRows.map((q) => ({ key: q.key, category: q.category, kind: q.kind, texts: q.texts })),
    answers: answerRows
      .map((a) => ({ respondent: emailOf.get(a.employeeId), question: keyOf.get(a.questionId), named: a.selectedEmployeeIds.map((id) => emailOf.get(id)) }))
      .sort((x, y) => `${x.respondent}${x.question}`.localeCompare(`${y.respondent}${y.question}`)),
  };
}
afterAll(async () => ctx.close());

describe('POST /engagements/{id}/import_nice_excel/', () => {
  it('imports an exported nice Excel so that exporting again gives the same content', async () => {
    for (const language of ['en-US', 'hu-HU']) {
      const exported = await exportNice(org.engagementId, language);
      const res = await importNice(org.otherEngagementId, exported, language);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ employee_count: 3, unit_count: 2, question_count: 13, answer_count: 5, nomination_count: 6 });
      // The same people (job titles and custom attributes too), units, questions in every language and answers.
      expect(await engagementContent(org.otherEngagementId)).toEqual(await engagementContent(org.engagementId));
      const again = await exportNice(org.otherEngagementId, language);
      expect(comparableContent(await readWorkbook(again))).toEqual(comparableContent(await readWorkbook(exported)));
      // The answers were stored, not just echoed: another engagement holds them now.
      await ctx.db.db.delete(tables.answers).where(eq(tables.answers.engagementId, org.otherEngagementId));
    }
    // Default questions come back in every language from a one-language export.
    const [question] = await ctx.db.db.select().from(tables.questions).where(eq(tables.questions.engagementId, org.otherEngagementId)).orderBy(asc(tables.questions.position)).limit(1);
    expect(Object.keys(question?.texts ?? {}).sort()).toEqual(['de', 'en', 'hu', 'ru']);
  });

  it('keeps the sign-in link of employees by e-mail', async () => {
    const [lead] = await ctx.db.db.select().from(tables.employees).where(eq(tables.employees.email, `lead-${org.engagementId}@x.test`)).orderBy(asc(tables.employees.id));
    expect(lead?.userId).toBe(org.userIds.lead);
  });

  it('refuses an engagement that already has answers (409) and stores nothing', async () => {
    const before = await contentCounts(org.engagementId);
    const res = await importNice(org.engagementId, await exportNice(org.engagementId));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('engagement_has_answers');
    expect(await contentCounts(org.engagementId)).toEqual(before);
  });

  it('refuses a workbook with bad rows on any sheet, listing them per sheet, and stores nothing', async () => {
    const before = await contentCounts(org.otherEngagementId);
    const file = await workbookBuffer({
      Instructions: [['How to read this workbook']],
      Employees: [
        ['ID', 'Name', 'E-mail', 'Unit', 'Leader e-mail', 'Gender', 'Generation', 'Entry date'],
        [1, 'Ann', 'ann@acme.test', 'Company', null, 'female', 'x', '2001-01-01'],
        [2, 'Ben', 'ben@acme.test', 'Nowhere', 'cy@acme.test', 'male', 'y', null],
        [3, 'Cy', 'cy@acme.test', 'Company', 'ben@acme.test', null, 'old', null],
        [3, 'Dup', 'ann@acme.test', 'Company', 'ann@acme.test', null, null, null],
      ],
      Units: [['ID', 'Name', 'Parent'], [10, 'Company', null], [11, 'Sales', 99]],
      Questions: [['Key', 'Category', 'Kind', 'Text'], ['advice', 'work_info', 'advice', 'Whom do you ask?'], ['Bad Key', 'gossip', 'x', 'What?']],
      Answers: [
        ['Respondent', 'Question', 'Named'],
        ['ann@acme.test', 'advice', 'ben@acme.test'],
        ['ann@acme.test', 'advice', 'ben@acme.test'],
        ['zed@acme.test', 'advice', 'ann@acme.test'],
        ['ann@acme.test', 'nonsense', 'ann@acme.test'],
      ],
    });
    const res = await importNice(org.otherEngagementId, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_file');
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual(['answers.row_3', 'answers.row_4', 'answers.row_5', 'employees.row_2', 'employees.row_3', 'employees.row_4', 'employees.row_5', 'questions.row_3', 'units.row_3']);
    expect(errors['employees.row_3']).toEqual(['The unit "Nowhere" does not exist.', 'The leader chain goes round in a circle: ben@acme.test → cy@acme.test → ben@acme.test.']);
    expect(errors['employees.row_4']).toContain('The generation must be one of: x, y, z, bb.');
    expect(errors['employees.row_5']).toEqual(['The id 3 appears more than once.', 'The e-mail address ann@acme.test appears more than once.', 'An employee cannot be their own leader.']);
    expect(errors['units.row_3']).toEqual(['The parent unit "99" does not exist.']);
    expect(errors['answers.row_3']).toEqual(['This nomination appears more than once.']);
    expect(errors['answers.row_4']).toEqual(['The respondent zed@acme.test is not an employee in the file.']);
    expect(errors['answers.row_5']).toEqual(['The question nonsense is not in the questions sheet.', 'A respondent cannot name themself.']);
    expect(errors['questions.row_3']).toHaveLength(2);
    expect(await contentCounts(org.otherEngagementId)).toEqual(before);
  });

  it('refuses a workbook without the sheets (400) and a file that is not .xlsx (415)', async () => {
    const res = await importNice(org.otherEngagementId, await workbookBuffer({ Employees: [['ID', 'Name']] }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['answers.row_1', 'questions.row_1', 'units.row_1']);
    expect((await importNice(org.otherEngagementId, Buffer.from('<html></html>'))).statusCode).toBe(415);
  });

  it('is for engagement admins (403) of the organisation (404)', async () => {
    const file = await exportNice(org.engagementId);
    expect((await importNice(org.engagementId, file, 'en-US', org.tokens.lead)).statusCode).toBe(403);
    expect((await importNice(org.otherEngagementId, file, 'en-US', org.tokens.otherOrgAdmin)).statusCode).toBe(404);
  });
});
