import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@ona/db';
import { analyseThroughApi, createAnalyticsOrganisation, getAs, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { readWorkbook, XLSX_EXPORT_PATHS } from '../../testing/analysed-app.ts';
import { createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { plainWorkbook, sheetsOf } from '../uploads/plain-workbook.ts';
import { neutraliseFormulaText, restoreNeutralisedText } from './formula-cells.ts';

/** Names and a unit as an attacker would import them (issue 35, point 3). */
const FORMULA_NAMES = { a1: '=HYPERLINK("http://evil.example","click")', a2: '+1+2', a3: '-2+3', a4: '@SUM(A1:A2)' } as const;
const FORMULA_UNIT = '=1+1';
const FORMULA_START = /^[=+\-@\t\r]/;

const XLSX_EXPORTS = XLSX_EXPORT_PATHS;
const CSV_EXPORTS = ['graph-visualization/export/?format=nodes_csv', 'graph-visualization/export/?format=edges_csv'] as const;

let ctx: TestContext;
let org: Omit<AnalyticsOrganisation, 'tokens'>;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const { emails, ...made } = await createAnalyticsOrganisation(ctx.db.db);
  org = made;
  for (const [key, name] of Object.entries(FORMULA_NAMES)) await ctx.db.db.update(tables.employees).set({ name }).where(eq(tables.employees.id, org.people[key as keyof typeof FORMULA_NAMES]));
  await ctx.db.db.update(tables.units).set({ name: FORMULA_UNIT }).where(eq(tables.units.id, org.units.sales));
  admin = await loginAs(ctx.app, emails.admin, FIXTURE_PASSWORD);
  await analyseThroughApi(ctx, org.engagementId, admin);
});
afterAll(() => ctx.close());

function textCells(book: ExcelJS.Workbook): string[] {
  const texts: string[] = [];
  for (const sheet of book.worksheets) {
    sheet.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        const value = cell.value;
        if (typeof value === 'string') texts.push(value);
        else if (value && typeof value === 'object' && 'richText' in value) texts.push(value.richText.map((part) => part.text).join(''));
        else if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string') texts.push(value.text);
      }),
    );
  }
  return texts;
}

describe('formula-like texts in exports', () => {
  it.each(XLSX_EXPORTS)('%s: no text cell starts a formula, and the imported names stay readable behind an apostrophe', async (path) => {
    const res = await getAs(ctx, admin, `/api/engagements/${org.engagementId}/${path}`);
    expect(res.statusCode).toBe(200);
    const texts = textCells(await readWorkbook(res.rawPayload));
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text) => FORMULA_START.test(text))).toEqual([]);
    // Every export names people or units somewhere; what it names keeps its whole text.
    const shown = [...Object.values(FORMULA_NAMES), FORMULA_UNIT].filter((name) => texts.some((text) => text.includes(`'${name}`)));
    expect(shown.length).toBeGreaterThan(0);
  });

  it.each(CSV_EXPORTS)('%s: no field starts a formula; negative numbers stay numbers', async (path) => {
    const res = await getAs(ctx, admin, `/api/engagements/${org.engagementId}/${path}`);
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows.length).toBeGreaterThan(1);
    const fields = rows.flat();
    expect(fields.filter((field) => FORMULA_START.test(field) && !/^-\d+(\.\d+)?(e-?\d+)?$/.test(field))).toEqual([]);
    if (path.endsWith('nodes_csv')) for (const name of Object.values(FORMULA_NAMES)) expect(fields).toContain(`'${name}`);
  });

  it('the nice Excel reads back with the names as they were imported', async () => {
    const res = await getAs(ctx, admin, `/api/engagements/${org.engagementId}/survey/export-nice-excel/`);
    const exported = await readWorkbook(res.rawPayload);
    const readBack = plainWorkbook(sheetsOf(exported));
    const texts: string[] = [];
    for (const sheet of readBack.worksheets) sheet.eachRow({ includeEmpty: false }, (row) => row.eachCell({ includeEmpty: false }, (cell) => (typeof cell.value === 'string' ? texts.push(cell.value) : undefined)));
    for (const name of Object.values(FORMULA_NAMES)) expect(texts).toContain(name);
    expect(texts.filter((text) => /^'[=+\-@]/.test(text))).toEqual([]);
  });
});

describe('neutraliseFormulaText', () => {
  it('puts an apostrophe before =, +, -, @, tab and carriage return, and leaves other texts alone', () => {
    expect(['=A1', '+1', '-1', '@x', '\tx', '\rx'].map(neutraliseFormulaText)).toEqual(["'=A1", "'+1", "'-1", "'@x", "'\tx", "'\rx"]);
    expect(['Anna', '1-2', ' =x', "'quoted", ''].map(neutraliseFormulaText)).toEqual(['Anna', '1-2', ' =x', "'quoted", '']);
  });

  it('is undone by restoreNeutralisedText, which leaves any other apostrophe alone', () => {
    for (const text of ['=A1', '+1', 'Anna', "'quoted", "O'Brien"]) expect(restoreNeutralisedText(neutraliseFormulaText(text))).toBe(text);
  });
});
