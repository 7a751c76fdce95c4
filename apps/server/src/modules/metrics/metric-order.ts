import { PERSON_METRIC_IDS, type TLocale, type TMetricsExportQuery, type TPersonMetricId } from '@ona/contracts';
import type { PersonMetricTable } from '@ona/analytics';
import { unitsWithDescendants, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { listOrder, sortParts, unitName, type ListSortKey } from '../analytics-shared/list-order.ts';
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

/**
 * The engine indexes of the rows of a Metrics query, filtered (visible to the reader, unit, name)
 * and sorted, without building a row: a page then builds only its own rows. Sorting by a metric
 * puts empty (withheld) values last in either direction; ties, and the `unit` sort within a unit,
 * go by name, then by employee id, so the order is total and every page of it stable.
 */
export function orderedPeople(scope: ListScope, result: Pick<MetricsResult, 'employeeIds'>, table: PersonMetricTable, query: Pick<TMetricsExportQuery, 'unit' | 'q' | 'sort'>, locale: TLocale): Uint32Array {
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
  const { key, descending } = sortParts<'name' | 'unit' | TPersonMetricId>(query.sort);
  // The sort keys of the matching rows, by their place in `matching`.
  const ids = matching.map((index) => dbId(result.employeeIds[index] as string));
  const names = ids.map((id) => scope.employeeById.get(id)?.name ?? '');
  let sortKey: ListSortKey;
  if (key === 'name') sortKey = { by: 'name' };
  else if (key === 'unit') sortKey = { by: 'text', values: ids.map((id) => unitName(scope, id)) };
  else {
    if (!PERSON_METRIC_IDS.includes(key)) throw new Error(`not a metric: ${key}`);
    sortKey = { by: 'number', values: matching.map((index, at) => shownValue(scope, table, index, ids[at] as number, key)) };
  }
  const order = listOrder(ids, names, sortKey, descending, locale);
  return order.map((at) => matching[at] as number);
}
