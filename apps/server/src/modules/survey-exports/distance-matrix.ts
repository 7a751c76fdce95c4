import ExcelJS from 'exceljs';
import { analysisDistanceMatrix, type AnalysisInput } from '@ona/analytics';
import type { Labeller } from '../analytics-shared/labels.ts';
import { sheetName } from '../analytics-shared/xlsx-reply.ts';

/** n² cells: above this the workbook outgrows what a spreadsheet program opens comfortably. */
export const DISTANCE_MATRIX_MAX_EMPLOYEES = 2000;

/** All-pairs shortest paths on the work graph: row = from, column = to; unreachable cells stay empty. */
export function distanceMatrixWorkbook(input: AnalysisInput, label: Labeller): ExcelJS.Workbook {
  const { t } = label;
  const { employeeIds, distances } = analysisDistanceMatrix(input, 'work');
  const names = new Map(input.employees.map((e) => [e.id, e.name]));
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ONA platform';
  const sheet = workbook.addWorksheet(sheetName(t('analytics.export.sheet_distance_matrix')), { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  sheet.addRow([t('analytics.export.col_employee_id'), t('analytics.export.col_employee'), ...employeeIds.map(Number)]).font = { bold: true };
  distances.forEach((row, i) => {
    const id = employeeIds[i] ?? '';
    sheet.addRow([Number(id), names.get(id) ?? '', ...row.map((d) => (d === null ? null : d))]);
  });
  sheet.getColumn(2).width = 28;
  const notes = workbook.addWorksheet(sheetName(t('analytics.export.sheet_instructions')));
  notes.addRow([t('analytics.export.distance_note')]);
  return workbook;
}
