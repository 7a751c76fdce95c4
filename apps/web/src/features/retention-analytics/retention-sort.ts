/** The sortable columns of the employee datasheet (spec §3, in the spec's order); the server sorts (`SORT_KEY_OF`). */
export const DATASHEET_COLUMNS = ['employee', 'riskLevel', 'riskFactors', 'department', 'leader', 'generation', 'keyRoles', 'worksSince'] as const;
export type TDatasheetColumn = (typeof DATASHEET_COLUMNS)[number];
export type TSortDirection = 'asc' | 'desc';
export type TDatasheetSort = { column: TDatasheetColumn; direction: TSortDirection };

/** Highest risk first: what a reader of a retention page looks for. */
export const DEFAULT_DATASHEET_SORT: TDatasheetSort = { column: 'riskLevel', direction: 'desc' };

/** A click on the sorted column flips it; a click on another column sorts it (numbers high first). */
export function nextSort(current: TDatasheetSort, column: TDatasheetColumn): TDatasheetSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  const highFirst = column === 'riskLevel' || column === 'riskFactors' || column === 'keyRoles';
  return { column, direction: highFirst ? 'desc' : 'asc' };
}
