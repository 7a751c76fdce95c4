import ExcelJS from 'exceljs';
import {
  EMPLOYEE_UPLOAD_COLUMNS,
  EMPLOYEE_UPLOAD_SHEET,
  FILTER_EMAIL_COLUMN,
  FILTER_IMPORT_SHEET,
  INSTRUCTIONS_SHEET,
  UNIT_UPLOAD_COLUMNS,
  UNIT_UPLOAD_SHEET,
  type TLocale,
} from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';

function headerSheet(workbook: ExcelJS.Workbook, name: string, headers: readonly string[]): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...headers]).font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 24));
}

function instructionsSheet(workbook: ExcelJS.Workbook, locale: TLocale, paragraphs: MessageKey[], columns: [string, MessageKey][]): void {
  const sheet = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  sheet.getColumn(1).width = 22;
  sheet.getColumn(2).width = 100;
  sheet.addRow([translate(locale, 'survey.workbook.instructions_title')]).font = { bold: true, size: 14 };
  for (const key of paragraphs) {
    const row = sheet.addRow([translate(locale, key)]);
    sheet.mergeCells(row.number, 1, row.number, 2);
    row.alignment = { wrapText: true, vertical: 'top' };
    row.height = 48;
  }
  sheet.addRow([]);
  sheet.addRow([translate(locale, 'survey.workbook.column'), translate(locale, 'survey.workbook.meaning')]).font = { bold: true };
  for (const [column, key] of columns) sheet.addRow([column, translate(locale, key)]);
}

/** The employees upload template: instructions in the reader's language, then the header rows. */
export function employeesTemplate(locale: TLocale): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const meaning: Record<(typeof EMPLOYEE_UPLOAD_COLUMNS)[number], MessageKey> = {
    name: 'survey.workbook.col_name',
    email: 'survey.workbook.col_email',
    unit: 'survey.workbook.col_unit',
    leader_email: 'survey.workbook.col_leader_email',
    gender: 'survey.workbook.col_gender',
    generation: 'survey.workbook.col_generation',
    entry_date: 'survey.workbook.col_entry_date',
    job_title: 'survey.workbook.col_job_title',
  };
  instructionsSheet(workbook, locale, ['survey.workbook.employees_intro', 'survey.workbook.units_intro'], [
    ...EMPLOYEE_UPLOAD_COLUMNS.map((c): [string, MessageKey] => [`${EMPLOYEE_UPLOAD_SHEET}: ${c}`, meaning[c]]),
    [`${UNIT_UPLOAD_SHEET}: name`, 'survey.workbook.col_unit'],
    [`${UNIT_UPLOAD_SHEET}: parent`, 'survey.workbook.col_parent'],
  ]);
  headerSheet(workbook, EMPLOYEE_UPLOAD_SHEET, EMPLOYEE_UPLOAD_COLUMNS);
  headerSheet(workbook, UNIT_UPLOAD_SHEET, UNIT_UPLOAD_COLUMNS);
  return workbook;
}

/** The filters template: the e-mail column and, as examples, two attribute columns. */
export function filtersTemplate(locale: TLocale): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  instructionsSheet(workbook, locale, ['survey.workbook.filters_intro'], [[FILTER_EMAIL_COLUMN, 'survey.workbook.col_email']]);
  headerSheet(workbook, FILTER_IMPORT_SHEET, [FILTER_EMAIL_COLUMN, 'location', 'contract_type']);
  return workbook;
}
