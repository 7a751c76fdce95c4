import ExcelJS from 'exceljs';
import { afterAll, beforeAll } from 'vitest';
import { setUpAnalysedOrganisation, type AnalyticsOrganisation } from './analytics-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * One app on a fresh test database with the analysed fixture organisation for a test file: made
 * before its tests (the callback takes them), closed after them.
 */
export function useAnalysedOrganisation(take: (ctx: TestContext, org: AnalyticsOrganisation) => void): void {
  let made: TestContext | undefined;
  beforeAll(async () => {
    made = await createTestApp();
    take(made, await setUpAnalysedOrganisation(made));
  });
  afterAll(async () => made?.close());
}

/** An .xlsx answer as exceljs reads it back. */
export async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** The header row of a sheet, as its cell values. */
export const headerOf = (sheet: ExcelJS.Worksheet): unknown[] => (sheet.getRow(1).values as unknown[]).slice(1);

/** Every xlsx export of an analysed journey, relative to `/api/engagements/{id}/`. */
export const XLSX_EXPORT_PATHS = [
  'survey/export-nice-excel/',
  'survey/export-distance-matrix/',
  'retention-analytics-results/export/',
  'leader-reports/export/',
  'individual-reports/export/',
  'survey-statistics/export/',
  'metrics/export/',
] as const;
