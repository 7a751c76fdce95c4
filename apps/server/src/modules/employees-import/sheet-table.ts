import type ExcelJS from 'exceljs';
import type { UploadedSheet, UploadedWorkbook } from '../uploads/plain-workbook.ts';
import type { RowErrors } from './row-errors.ts';

export type CellValue = string | number | Date | null;

/** Cell contents as a plain value: rich text, hyperlinks (e-mails often become links) and formulas unwrapped. */
export function plainCellValue(value: ExcelJS.CellValue | undefined): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value;
  if ('richText' in value) return plainCellValue(value.richText.map((part) => part.text).join(''));
  if ('hyperlink' in value) {
    const text: unknown = value.text;
    if (typeof text === 'string') return plainCellValue(text);
    if (text && typeof text === 'object' && 'richText' in text) return plainCellValue(text as ExcelJS.CellRichTextValue);
    return plainCellValue(value.hyperlink.replace(/^mailto:/i, ''));
  }
  if ('formula' in value || 'sharedFormula' in value) return plainCellValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  return null;
}

export interface SheetRow<C extends string> {
  /** The spreadsheet row number (the header is row 1). */
  rowNumber: number;
  cells: Record<C, CellValue>;
}

/**
 * Reads a sheet whose first row names its columns. Missing required columns are reported on the
 * header row; rows with no value at all are skipped (Excel leaves such rows behind).
 */
export function readSheetTable<C extends string>(
  sheet: UploadedSheet,
  columns: readonly C[],
  required: readonly C[],
  errors: RowErrors,
  sheetPrefix: string,
): { rows: SheetRow<C>[]; extraColumns: { index: number; header: string }[] } | null {
  const header = sheet.getRow(1);
  const positions = new Map<string, number>();
  const extraColumns: { index: number; header: string }[] = [];
  header.eachCell({ includeEmpty: false }, (cell, index) => {
    const text = plainCellValue(cell.value);
    if (text === null) return;
    const name = String(text).trim().toLowerCase();
    if ((columns as readonly string[]).includes(name)) {
      if (!positions.has(name)) positions.set(name, index);
    } else {
      extraColumns.push({ index, header: String(text).trim() });
    }
  });
  const missing = required.filter((c) => !positions.has(c));
  for (const column of missing) errors.add(sheetPrefix, 1, 'survey.rows.missing_column', { column });
  if (missing.length > 0) return null;
  const rows: SheetRow<C>[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = {} as Record<C, CellValue>;
    let empty = true;
    for (const column of columns) {
      const index = positions.get(column);
      const value = index === undefined ? null : plainCellValue(row.getCell(index).value);
      cells[column] = value;
      if (value !== null) empty = false;
    }
    for (const extra of extraColumns) if (plainCellValue(row.getCell(extra.index).value) !== null) empty = false;
    if (!empty) rows.push({ rowNumber, cells });
  });
  return { rows, extraColumns };
}

export function findSheet(workbook: UploadedWorkbook, name: string): UploadedSheet | undefined {
  return workbook.worksheets.find((s) => s.name.trim().toLowerCase() === name);
}

/**
 * Reads a sheet whose columns are known by position (the header texts are in the exporter's
 * language). A header row with fewer filled cells than columns reports the missing ones.
 */
export function readPositionalTable<C extends string>(sheet: UploadedSheet, columns: readonly C[], errors: RowErrors, sheetPrefix: string): SheetRow<C>[] {
  return [...positionalRows(sheet, columns, errors, sheetPrefix)];
}

/** readPositionalTable one row at a time, for a sheet of a million answers; the header is checked first. */
export function* positionalRows<C extends string>(sheet: UploadedSheet, columns: readonly C[], errors: RowErrors, sheetPrefix: string): Generator<SheetRow<C>> {
  const header = sheet.getRow(1);
  let missing = false;
  columns.forEach((column, i) => {
    if (plainCellValue(header.getCell(i + 1).value) === null) {
      errors.add(sheetPrefix, 1, 'survey.rows.missing_column', { column });
      missing = true;
    }
  });
  if (missing) return;
  for (const [rowNumber, row] of sheet.rowsWithValues()) {
    if (rowNumber === 1) continue;
    const cells = {} as Record<C, CellValue>;
    let empty = true;
    columns.forEach((column, i) => {
      const value = plainCellValue(row.getCell(i + 1).value);
      cells[column] = value;
      if (value !== null) empty = false;
    });
    if (!empty) yield { rowNumber, cells };
  }
}
