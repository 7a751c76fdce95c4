import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ZSurveyStatistics } from '@ona/contracts';
import { getAs, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { retentionWithPeople } from '../../testing/retention-people.ts';
import { headerOf, readWorkbook, useAnalysedOrganisation, XLSX_EXPORT_PATHS } from '../../testing/analysed-app.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { translate } from '../../i18n/translate.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;

useAnalysedOrganisation((made, analysed) => {
  ctx = made;
  org = analysed;
});

const api = (path: string) => `/api/engagements/${org.engagementId}/${path}`;
async function workbook(path: string, locale = 'en-US'): Promise<ExcelJS.Workbook> {
  const res = await getAs(ctx, org.tokens.admin, api(path), locale);
  expect(res.statusCode).toBe(200);
  return readWorkbook(res.rawPayload);
}
const header = (sheet: ExcelJS.Worksheet) => headerOf(sheet).map(String);
const rowsOf = (sheet: ExcelJS.Worksheet) => sheet.getRows(2, Math.max(0, sheet.rowCount - 1)) ?? [];

const EXPORTS = XLSX_EXPORT_PATHS;

describe('every xlsx export', () => {
  it.each(EXPORTS)('%s: frozen bold header, autofilter over the table, landscape one page wide', async (path) => {
    const book = await workbook(path);
    expect(book.worksheets.length).toBeGreaterThan(0);
    for (const sheet of book.worksheets) {
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).font?.bold).toBe(true);
      // exceljs reads the filter back as the range it covers: the header and every row.
      expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(header(sheet).length).letter}${sheet.rowCount}`);
      expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
      // No header is a bare code: a machine name has an underscore and no space.
      const codes = header(sheet).filter((h) => /^[a-z]+(_[a-z]+)+$/.test(h));
      expect(codes.filter((h) => !/^text_[a-z]{2}$/.test(h))).toEqual([]);
    }
  });
});

describe('xlsx cell formats and labels', () => {
  it('writes shares as percent cells holding the API’s share, and risk levels by name', async () => {
    const data = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId, 'en-US');
    const book = await workbook('retention-analytics-results/export/');
    const causes = book.getWorksheet('Most typical causes')!;
    expect(header(causes).slice(0, 3)).toEqual(['Risk factor', 'Number of employees', 'Share of employees']);
    const first = data.results.most_typical_causes.items![0]!;
    const row = rowsOf(causes)[0]!;
    expect(row.getCell(3).value).toBe(first.share);
    expect(row.getCell(3).numFmt).toBe('0.0%');
    expect(row.getCell(2).numFmt).toBe('0');
    const employees = book.getWorksheet('Employees')!;
    const a1 = data.employees.find((e) => e.id === org.people.a1)!;
    const a1Row = rowsOf(employees).find((r) => r.getCell(2).value === org.people.a1)!;
    expect(a1Row.getCell(1).value).toBe(a1.name);
    expect(a1Row.getCell(3).value).toBe(translate('en', `analytics.risk_levels.level_${a1.risk_level}` as Parameters<typeof translate>[1]));
  });

  it('writes the response rate as a percent cell and the days as real dates', async () => {
    const data = ZSurveyStatistics.parse((await getAs(ctx, org.tokens.admin, api('survey-statistics/'), 'en-US')).json());
    const book = await workbook('survey-statistics/export/');
    const overview = book.getWorksheet('Survey statistics')!;
    expect(overview.getRow(2).getCell(3).value).toBe(data.fill_statistics.response_rate);
    expect(overview.getRow(2).getCell(3).numFmt).toBe('0.0%');
    const days = book.getWorksheet('Answers over time')!;
    const last = data.fill_statistics.over_time.at(-1)!;
    const lastRow = rowsOf(days).at(-1)!;
    expect(lastRow.getCell(1).value).toEqual(new Date(`${last.date}T00:00:00Z`));
    expect(lastRow.getCell(1).numFmt).toBe('yyyy-mm-dd');
  });

  it('heads the leader report’s sub-scores by what they count, in the reader’s language', async () => {
    const english = header((await workbook('leader-reports/export/')).getWorksheet('Leader reports')!);
    expect(english).toContain('Attention: Company news');
    expect(english).toContain('Prestige: Keeping informed');
    expect(english.join(' ')).not.toMatch(/corporate_news|work_info/);
    const hungarian = header((await workbook('leader-reports/export/', 'hu-HU')).worksheets[0]!);
    expect(hungarian.some((h) => h.endsWith(': Céges hírek'))).toBe(true);
  });
});
