import type { TRetentionEmployee } from '@ona/contracts';

/** The sortable columns of the employee datasheet (spec §3, in the spec's order). */
export const DATASHEET_COLUMNS = ['employee', 'riskLevel', 'riskFactors', 'department', 'leader', 'generation', 'keyRoles', 'worksSince'] as const;
export type TDatasheetColumn = (typeof DATASHEET_COLUMNS)[number];
export type TSortDirection = 'asc' | 'desc';
export type TDatasheetSort = { column: TDatasheetColumn; direction: TSortDirection };

/** Highest risk first: what a reader of a retention page looks for. */
export const DEFAULT_DATASHEET_SORT: TDatasheetSort = { column: 'riskLevel', direction: 'desc' };

/** Names the sort needs that the employee row holds only as ids. */
export type TSortContext = {
  unitName: (unitId: number | null) => string;
  employeeName: (employeeId: number | null) => string;
  /** Locale of the name comparison (Hungarian sorts "Cs" after "C", for one). */
  locale: string;
};

/** Generations from the oldest: baby boomers, X, Y, Z. */
const GENERATION_ORDER = { bb: 0, x: 1, y: 2, z: 3 } as const;

type TSortKey = string | number | null;

function sortKey(employee: TRetentionEmployee, column: TDatasheetColumn, context: TSortContext): TSortKey {
  switch (column) {
    case 'employee':
      return employee.name;
    case 'riskLevel':
      return employee.risk_level;
    case 'riskFactors':
      return employee.risk_factors.length;
    case 'department':
      return employee.unit === null ? null : context.unitName(employee.unit);
    case 'leader':
      return employee.leader === null ? null : context.employeeName(employee.leader);
    case 'generation':
      return employee.generation === null ? null : GENERATION_ORDER[employee.generation];
    case 'keyRoles':
      return employee.key_roles.length;
    case 'worksSince':
      // ISO dates compare correctly as text.
      return employee.works_since;
  }
}

/**
 * Sorts a copy of the rows by one column. Empty values go last in both directions (a reader who
 * sorts by leader wants names, not blanks, on top); ties fall back to the name, then the id, so
 * the order never depends on the order the server sent.
 */
export function sortEmployees(employees: readonly TRetentionEmployee[], sort: TDatasheetSort, context: TSortContext): TRetentionEmployee[] {
  const collator = new Intl.Collator(context.locale, { sensitivity: 'base', numeric: true });
  const sign = sort.direction === 'asc' ? 1 : -1;
  const compareKeys = (a: TSortKey, b: TSortKey): number => {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return collator.compare(String(a), String(b));
  };
  const keyed = employees.map((employee) => ({ employee, key: sortKey(employee, sort.column, context) }));
  keyed.sort((left, right) => {
    const leftEmpty = left.key === null;
    const rightEmpty = right.key === null;
    if (leftEmpty !== rightEmpty) return leftEmpty ? 1 : -1;
    const byKey = leftEmpty ? 0 : compareKeys(left.key, right.key) * sign;
    if (byKey !== 0) return byKey;
    const byName = collator.compare(left.employee.name, right.employee.name);
    return byName !== 0 ? byName : left.employee.id - right.employee.id;
  });
  return keyed.map((row) => row.employee);
}

/** A click on the sorted column flips it; a click on another column sorts it (numbers high first). */
export function nextSort(current: TDatasheetSort, column: TDatasheetColumn): TDatasheetSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  const highFirst = column === 'riskLevel' || column === 'riskFactors' || column === 'keyRoles';
  return { column, direction: highFirst ? 'desc' : 'asc' };
}
