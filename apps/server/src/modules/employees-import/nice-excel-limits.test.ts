import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, tables } from '@ona/db';
import { translate } from '../../i18n/translate.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, type SurveyOrganisation } from '../survey/survey-test-setup.ts';
import { WORKBOOK_LIMITS, type WorkbookLimits } from '../uploads/workbook-limits.ts';
import { entryData, isStored, readZipDirectory } from '../uploads/zip-directory.ts';
import { multipartFile, workbookBuffer } from './multipart-body.ts';

/**
 * The nice Excel import at the edges of its declared limits (issue 34, item 5). The limits are the
 * app's (`workbookLimits`), lowered here to the size of a small file, so that "one over" is tried
 * without a file of 100,000 people; the counting and the refusal are the code that guards the real ones.
 */
let ctx: TestContext;
let org: SurveyOrganisation;
const limits: WorkbookLimits = { ...WORKBOOK_LIMITS };

const importNice = (file: Buffer, language: string) => {
  const { payload, headers } = multipartFile(file);
  return ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.otherEngagementId}/import_nice_excel/`, headers: { ...authHeader(org.tokens.admin), 'accept-language': language, ...headers }, payload });
};

async function stored() {
  const count = async (table: typeof tables.employees | typeof tables.answers) => {
    const [row] = await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.engagementId, org.otherEngagementId));
    return row?.n;
  };
  return { employees: await count(tables.employees), answers: await count(tables.answers) };
}

/** Cells of all sheets and rows of the longest, counted as the reader counts them (start tags in the unpacked sheets). */
function sheetCounts(file: Buffer): { cells: number; rows: number } {
  let cells = 0;
  let rows = 0;
  for (const entry of readZipDirectory(file, WORKBOOK_LIMITS)) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(entry.name)) continue;
    const data = entryData(file, entry);
    const xml = (isStored(entry) ? data : inflateRawSync(data)).toString('utf8');
    cells += (xml.match(/<c[\s>/]/g) ?? []).length;
    rows = Math.max(rows, (xml.match(/<row[\s>/]/g) ?? []).length);
  }
  return { cells, rows };
}

const HEADERS = {
  Instructions: [['How to read this workbook']],
  Employees: [
    ['ID', 'Name', 'E-mail', 'Unit', 'Leader e-mail', 'Gender', 'Generation', 'Entry date'],
    [1, 'Ann', 'ann@edge.test', 'Company', null, 'female', 'x', '2001-01-01'],
    [2, 'Ben', 'ben@edge.test', 'Company', 'ann@edge.test', 'male', 'y', null],
    [3, 'Cy', 'cy@edge.test', 'Company', 'ann@edge.test', null, null, null],
  ],
  Units: [['ID', 'Name', 'Parent'], [10, 'Company', null]],
  Questions: [['Key', 'Category', 'Kind', 'Text'], ['advice', 'work_info', 'advice', 'Whom do you ask?'], ['friends', 'trust', 'friends', 'Whom do you trust?']],
};

/** A survey on two answers sheets, as the export continues one longer than Excel's rows on `Answers (2)`. */
const continuedSurvey = (secondSheetRows: (string | null)[][]) =>
  workbookBuffer({
    ...HEADERS,
    Answers: [['Respondent', 'Question', 'Named'], ['ann@edge.test', 'advice', 'ben@edge.test'], ['ann@edge.test', 'advice', 'cy@edge.test'], ['ben@edge.test', 'advice', 'ann@edge.test']],
    'Answers (2)': [['Respondent', 'Question', 'Named'], ...secondSheetRows],
  });

beforeAll(async () => {
  ctx = await createTestApp({ workbookLimits: limits });
  org = await createSurveyOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('nice Excel import at its limits', () => {
  it('refuses a file one cell over the cell limit: 413 naming the limit in the user\'s language, nothing stored', async () => {
    const file = await continuedSurvey([['cy@edge.test', 'friends', 'ann@edge.test']]);
    const { cells } = sheetCounts(file);
    const before = await stored();
    Object.assign(limits, { cells: cells - 1 });
    try {
      const res = await importNice(file, 'hu');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'workbook_too_large', detail: translate('hu', 'uploads.errors.too_many_cells', { max: cells - 1 }) });
    } finally {
      Object.assign(limits, { cells: WORKBOOK_LIMITS.cells });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a sheet one row over the row limit: 413 naming the limit in the user\'s language, nothing stored', async () => {
    const file = await continuedSurvey([['cy@edge.test', 'friends', 'ann@edge.test']]);
    const { rows } = sheetCounts(file);
    const before = await stored();
    Object.assign(limits, { sheetRows: rows - 1 });
    try {
      const res = await importNice(file, 'de');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'workbook_too_large', detail: translate('de', 'uploads.errors.too_many_rows', { max: rows - 1 }) });
    } finally {
      Object.assign(limits, { sheetRows: WORKBOOK_LIMITS.sheetRows });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a bad row on a continuation sheet with the sheet and row named in the user\'s language, nothing stored', async () => {
    const file = await continuedSurvey([
      ['cy@edge.test', 'friends', 'ann@edge.test'],
      ['zed@edge.test', 'friends', 'ann@edge.test'],
    ]);
    const before = await stored();
    const res = await importNice(file, 'de');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_file');
    expect(res.json().errors).toEqual({ 'answers (2).row_3': [translate('de', 'survey.rows.unknown_respondent', { email: 'zed@edge.test' })] });
    expect(await stored()).toEqual(before);
  });

  it('takes a file exactly at the cell and row limits, the continuation sheet\'s answers included', async () => {
    const file = await continuedSurvey([
      ['cy@edge.test', 'friends', 'ann@edge.test'],
      ['cy@edge.test', 'friends', 'ben@edge.test'],
      ['ann@edge.test', 'friends', null],
    ]);
    const { cells, rows } = sheetCounts(file);
    Object.assign(limits, { cells, sheetRows: rows });
    try {
      const res = await importNice(file, 'en');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ employee_count: 3, question_count: 2, answer_count: 4, nomination_count: 5 });
    } finally {
      Object.assign(limits, { cells: WORKBOOK_LIMITS.cells, sheetRows: WORKBOOK_LIMITS.sheetRows });
    }
    expect(await stored()).toEqual({ employees: 3, answers: 4 });
    const cy = await ctx.db.db.select({ id: tables.employees.id, email: tables.employees.email }).from(tables.employees).where(eq(tables.employees.engagementId, org.otherEngagementId));
    const idOf = new Map(cy.map((p) => [p.email, p.id]));
    const answers = await ctx.db.db.select().from(tables.answers).where(eq(tables.answers.engagementId, org.otherEngagementId));
    const named = answers.find((a) => a.employeeId === idOf.get('cy@edge.test'))?.selectedEmployeeIds;
    expect(named).toEqual([idOf.get('ann@edge.test'), idOf.get('ben@edge.test')]);
    expect(answers.find((a) => a.employeeId === idOf.get('ann@edge.test') && a.selectedEmployeeIds.length === 0)).toBeDefined();
  });
});
