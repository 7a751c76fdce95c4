import { FILTER_EMAIL_COLUMN, FILTER_IMPORT_SHEET, ZAttributeKey, type TFiltersImportResult, type TLocale } from '@ona/contracts';
import { eq, inArray, sql, tables, type Database } from '@ona/db';
import { RowReader } from './cell-parsers.ts';
import { RowErrors } from './row-errors.ts';
import { findSheet, plainCellValue, readSheetTable } from './sheet-table.ts';
import { MAX_SHEET_ROWS } from './import-shared.ts';
import type { UploadedWorkbook } from '../uploads/plain-workbook.ts';

const { employees } = tables;

export interface FiltersUpload {
  attributes: string[];
  /** Employee id → attribute values of the row (null: the cell was empty, remove the attribute). */
  values: Map<number, Record<string, string | null>>;
}

function cellText(value: ReturnType<typeof plainCellValue>): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value).trim();
  return text === '' ? null : text.slice(0, 200);
}

/** Reads the e-mail column and every attribute column; unknown e-mails refuse the file. */
export function parseFiltersWorkbook(workbook: UploadedWorkbook, employeeIdOfEmail: ReadonlyMap<string, number>, locale: TLocale): FiltersUpload {
  const errors = new RowErrors();
  const sheet = findSheet(workbook, FILTER_IMPORT_SHEET) ?? workbook.worksheets.find((s) => s.name.trim().toLowerCase() !== 'instructions');
  if (!sheet) {
    errors.add('', 1, 'survey.rows.missing_sheet', { sheet: FILTER_IMPORT_SHEET });
    throw errors.toApiError(locale);
  }
  const table = readSheetTable(sheet, [FILTER_EMAIL_COLUMN], [FILTER_EMAIL_COLUMN], errors, '');
  const values = new Map<number, Record<string, string | null>>();
  const attributes: string[] = [];
  if (table) {
    const columns: { index: number; key: string }[] = [];
    for (const extra of table.extraColumns) {
      if (!ZAttributeKey.safeParse(extra.header).success || attributes.includes(extra.header)) errors.add('', 1, 'survey.rows.invalid_attribute_key', { column: extra.header });
      else {
        attributes.push(extra.header);
        columns.push({ index: extra.index, key: extra.header });
      }
    }
    if (table.extraColumns.length === 0) errors.add('', 1, 'survey.rows.no_attribute_columns');
    if (table.rows.length > MAX_SHEET_ROWS) errors.add('', 1, 'survey.rows.too_many_rows', { max: MAX_SHEET_ROWS });
    const rowOfEmployee = new Map<number, number>();
    for (const row of table.rows.slice(0, MAX_SHEET_ROWS)) {
      const email = new RowReader(row.cells, errors, '', row.rowNumber).email(FILTER_EMAIL_COLUMN, { required: true });
      if (email === null) continue;
      const employeeId = employeeIdOfEmail.get(email);
      if (employeeId === undefined) {
        errors.add('', row.rowNumber, 'survey.rows.unknown_employee', { email });
        continue;
      }
      const first = rowOfEmployee.get(employeeId);
      if (first !== undefined) {
        errors.add('', first, 'survey.rows.duplicate_email', { email });
        errors.add('', row.rowNumber, 'survey.rows.duplicate_email', { email });
        continue;
      }
      rowOfEmployee.set(employeeId, row.rowNumber);
      const sheetRow = sheet.getRow(row.rowNumber);
      values.set(employeeId, Object.fromEntries(columns.map((c) => [c.key, cellText(plainCellValue(sheetRow.getCell(c.index).value))])));
    }
  }
  errors.throwIfAny(locale);
  return { attributes, values };
}

export async function employeeIdsByEmail(db: Database, engagementId: number): Promise<Map<string, number>> {
  const rows = await db.select({ id: employees.id, email: sql<string | null>`lower(${employees.email})` }).from(employees).where(eq(employees.engagementId, engagementId));
  return new Map(rows.filter((r): r is { id: number; email: string } => r.email !== null).map((r) => [r.email, r.id]));
}

/** Merges the file's attributes into the listed employees (others keep theirs), in one transaction. */
export async function applyFiltersUpload(db: Database, upload: FiltersUpload): Promise<TFiltersImportResult> {
  await db.transaction(async (tx) => {
    const ids = [...upload.values.keys()];
    const current = new Map<number, Record<string, string>>();
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      const rows = await tx.select({ id: employees.id, attributes: employees.attributes }).from(employees).where(inArray(employees.id, chunk));
      for (const row of rows) current.set(row.id, row.attributes);
    }
    for (const [id, fromFile] of upload.values) {
      const merged: Record<string, string> = { ...(current.get(id) ?? {}) };
      for (const [key, value] of Object.entries(fromFile)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      await tx.update(employees).set({ attributes: merged }).where(eq(employees.id, id));
    }
  });
  return { updated_count: upload.values.size, attributes: upload.attributes };
}
