import { PERSON_METRIC_IDS, type TMetricsExportQuery, type TPersonMetricId } from '@ona/contracts';
import type { PersonMetricTable } from '@ona/analytics';
import { unitsWithDescendants, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import type { MetricsResult } from './metrics-sections.ts';

/**
 * Columns withheld below all_access (docs/methods.md, "Metrics and the confidentiality of
 * nominations"): another person's out-degree, and anyone's mutual ties and reciprocity, minus
 * the ties the reader can see would tell the reader who named them.
 */
export const WITHHELD_FOR_OTHERS: ReadonlySet<TPersonMetricId> = new Set(['out_degree', 'mutual', 'reciprocity']);
export const WITHHELD_FOR_SELF: ReadonlySet<TPersonMetricId> = new Set(['mutual', 'reciprocity']);

/** What the order and the rows of the Metrics table read of the reader's scope. */
export type ListScope = Pick<AnalyticsScope, 'level' | 'ownEmployeeId' | 'visible' | 'employeeById' | 'unitById' | 'units'>;

/** The value a row of the Metrics table shows: null where withheld from the reader or not a number. */
export function shownValue(scope: ListScope, table: PersonMetricTable, index: number, employeeId: number, metric: TPersonMetricId): number | null {
  if (scope.level !== 'all_access' && (employeeId === scope.ownEmployeeId ? WITHHELD_FOR_SELF : WITHHELD_FOR_OTHERS).has(metric)) return null;
  const value = table.columns[metric]?.[index] ?? null;
  return value === null || !Number.isFinite(value) ? null : value;
}

/** Lower case without accents, so that "arpad" finds "Árpád". */
export const folded = (text: string): string => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('en');

// `localeCompare` without arguments compares as this collator does; one collator is much faster
// than a comparison that sets one up each time (docs/analysis-result-parts.md, "Lists").
const collator = new Intl.Collator();

/**
 * The engine indexes of the rows of a Metrics query, filtered (visible to the reader, unit, name)
 * and sorted, without building a row: a page then builds only its own rows. Sorting by a metric
 * puts empty (withheld) values last in either direction; ties, and the `unit` sort within a unit,
 * go by name, then by employee id, so the order is total and every page of it stable.
 */
export function orderedPeople(scope: ListScope, result: Pick<MetricsResult, 'employeeIds'>, table: PersonMetricTable, query: Pick<TMetricsExportQuery, 'unit' | 'q' | 'sort'>): Uint32Array {
  const units = query.unit.length > 0 ? unitsWithDescendants(scope, query.unit) : null;
  const needle = folded(query.q);
  const matching: number[] = [];
  result.employeeIds.forEach((engineId, index) => {
    const id = dbId(engineId);
    if (!scope.visible.has(id)) return;
    const employee = scope.employeeById.get(id);
    if (!employee) return;
    if (units && (employee.unitId === null || !units.has(employee.unitId))) return;
    if (needle && !folded(employee.name).includes(needle)) return;
    matching.push(index);
  });
  const descending = query.sort.startsWith('-');
  const key = (descending ? query.sort.slice(1) : query.sort) as 'name' | 'unit' | TPersonMetricId;
  const sign = descending ? -1 : 1;
  // The sort keys of the matching rows, by their place in `matching`.
  const ids = matching.map((index) => dbId(result.employeeIds[index] as string));
  const names = ids.map((id) => scope.employeeById.get(id)?.name ?? '');
  const byName = (a: number, b: number): number => collator.compare(names[a] as string, names[b] as string) || (ids[a] as number) - (ids[b] as number);
  let compare: (a: number, b: number) => number;
  if (key === 'name') compare = (a, b) => sign * byName(a, b);
  else if (key === 'unit') {
    const unitNames = ids.map((id) => {
      const unitId = scope.employeeById.get(id)?.unitId;
      return (unitId === null || unitId === undefined ? undefined : scope.unitById.get(unitId)?.name) ?? '';
    });
    compare = (a, b) => sign * collator.compare(unitNames[a] as string, unitNames[b] as string) || byName(a, b);
  } else {
    if (!PERSON_METRIC_IDS.includes(key)) throw new Error(`not a metric: ${key}`);
    const values = matching.map((index, at) => shownValue(scope, table, index, ids[at] as number, key));
    compare = (a, b) => {
      const x = values[a] as number | null;
      const y = values[b] as number | null;
      if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
      return sign * (x - y) || byName(a, b);
    };
  }
  const order = Uint32Array.from(matching.keys()).sort(compare);
  return order.map((at) => matching[at] as number);
}
