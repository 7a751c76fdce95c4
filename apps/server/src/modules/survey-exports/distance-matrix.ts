import { analysisDistanceMatrix, type AnalysisInput } from '@ona/analytics';
import type { Labeller } from '../analytics-shared/labels.ts';
import { addTableSheet, newWorkbook, type TableColumn, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

/** n² cells: above this the workbook outgrows what a spreadsheet program opens comfortably. */
export const DISTANCE_MATRIX_MAX_EMPLOYEES = 2000;

/**
 * Column headers are the people's names; a name two people share gets the employee id in
 * brackets, so that every column still says whom it is about.
 */
export function distinctNames(people: readonly { id: string; name: string }[]): string[] {
  const count = new Map<string, number>();
  for (const p of people) count.set(p.name, (count.get(p.name) ?? 0) + 1);
  return people.map((p) => ((count.get(p.name) ?? 0) > 1 || p.name === '' ? `${p.name} (${p.id})` : p.name));
}

/** All-pairs shortest paths on the work graph: row = from, column = to; unreachable cells stay empty. */
export function distanceMatrixWorkbook(input: AnalysisInput, label: Labeller): TableWorkbook {
  const { t } = label;
  const { employeeIds, distances } = analysisDistanceMatrix(input, 'work');
  const names = new Map(input.employees.map((e) => [e.id, e.name]));
  const headers = distinctNames(employeeIds.map((id) => ({ id, name: names.get(id) ?? '' })));
  const workbook = newWorkbook();
  addTableSheet(
    workbook,
    t('analytics.export.sheet_distance_matrix'),
    [
      { header: t('analytics.export.col_employee'), width: 28 },
      { header: t('analytics.export.col_employee_id'), kind: 'integer' },
      ...headers.map((header): TableColumn => ({ header, kind: 'integer', width: Math.min(20, Math.max(6, header.length + 2)) })),
    ],
    distances.map((row, i) => [headers[i] ?? '', Number(employeeIds[i] ?? 0), ...row]),
    { freezeColumns: 2 },
  );
  addTableSheet(workbook, t('analytics.export.sheet_instructions'), [{ header: t('analytics.export.sheet_instructions'), kind: 'long_text', width: 100 }], [[t('analytics.export.distance_note')]]);
  return workbook;
}
