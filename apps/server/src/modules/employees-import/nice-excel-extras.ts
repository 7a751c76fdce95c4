import { CONTENT_LANGUAGES, NICE_EMPLOYEE_JOB_TITLE_POSITION, NICE_QUESTION_COLUMNS, NICE_QUESTION_TEXT_HEADERS, ZAttributeKey, type TContentLanguage } from '@ona/contracts';
import type { RowErrors } from './row-errors.ts';
import { plainCellValue } from './sheet-table.ts';
import type { UploadedCell, UploadedSheet } from '../uploads/plain-workbook.ts';

const MAX_TEXT = 200;
const MAX_QUESTION_TEXT = 500;

export interface EmployeeExtras {
  jobTitle: string | null;
  /** Custom attributes (the admin's filters), empty values left out. */
  attributes: Record<string, string>;
}

const textOf = (cell: UploadedCell): string | null => {
  const value = plainCellValue(cell.value);
  if (value === null) return null;
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).trim();
  return text === '' ? null : text;
};

/**
 * The optional columns after the fixed ones of the employees sheet: the job title, then one column
 * per custom attribute headed by its key. Older exports have none of them; nothing is required.
 */
export function readEmployeeExtras(sheet: UploadedSheet, errors: RowErrors, sheetPrefix: string): Map<number, EmployeeExtras> {
  const header = sheet.getRow(1);
  const attributeColumns: { position: number; key: string }[] = [];
  for (let position = NICE_EMPLOYEE_JOB_TITLE_POSITION + 1; position <= header.cellCount; position++) {
    const key = textOf(header.getCell(position));
    if (key === null) continue;
    if (!ZAttributeKey.safeParse(key).success || attributeColumns.some((c) => c.key === key)) errors.add(sheetPrefix, 1, 'survey.rows.invalid_attribute_key', { column: key });
    else attributeColumns.push({ position, key });
  }
  const extras = new Map<number, EmployeeExtras>();
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const jobTitle = textOf(row.getCell(NICE_EMPLOYEE_JOB_TITLE_POSITION));
    if (jobTitle !== null && jobTitle.length > MAX_TEXT) errors.add(sheetPrefix, rowNumber, 'survey.rows.too_long', { column: 'job_title' });
    const attributes: Record<string, string> = {};
    for (const { position, key } of attributeColumns) {
      const value = textOf(row.getCell(position));
      if (value === null) continue;
      if (value.length > MAX_TEXT) errors.add(sheetPrefix, rowNumber, 'survey.rows.too_long', { column: key });
      else attributes[key] = value;
    }
    extras.set(rowNumber, { jobTitle: jobTitle !== null && jobTitle.length <= MAX_TEXT ? jobTitle : null, attributes });
  });
  return extras;
}

/**
 * The optional per-language texts after `text` on the questions sheet (`text_hu`, `text_en`, …),
 * found by their headers. Older exports carry only the one text of their language.
 */
export function readQuestionLanguageTexts(sheet: UploadedSheet, errors: RowErrors, sheetPrefix: string): Map<number, Partial<Record<TContentLanguage, string>>> {
  const header = sheet.getRow(1);
  const columns: { position: number; language: TContentLanguage }[] = [];
  for (let position = NICE_QUESTION_COLUMNS.length + 1; position <= header.cellCount; position++) {
    const name = textOf(header.getCell(position));
    const language = CONTENT_LANGUAGES.find((l) => NICE_QUESTION_TEXT_HEADERS[l] === name);
    if (language) columns.push({ position, language });
  }
  const texts = new Map<number, Partial<Record<TContentLanguage, string>>>();
  if (columns.length === 0) return texts;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const byLanguage: Partial<Record<TContentLanguage, string>> = {};
    for (const { position, language } of columns) {
      const text = textOf(row.getCell(position));
      if (text === null) continue;
      if (text.length > MAX_QUESTION_TEXT) errors.add(sheetPrefix, rowNumber, 'survey.rows.too_long', { column: NICE_QUESTION_TEXT_HEADERS[language] });
      else byLanguage[language] = text;
    }
    texts.set(rowNumber, byLanguage);
  });
  return texts;
}
