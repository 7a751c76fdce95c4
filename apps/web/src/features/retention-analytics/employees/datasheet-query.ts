import type { TRetentionEmployeeSort, TRetentionEmployeeSortKey } from '@ona/contracts';
import type { TRetentionFilters } from '../retention-filters.ts';
import type { TDatasheetColumn, TDatasheetSort } from '../retention-sort.ts';

/** The server's sort key of each datasheet column. */
export const SORT_KEY_OF: Record<TDatasheetColumn, TRetentionEmployeeSortKey> = {
  employee: 'name',
  riskLevel: 'risk_level',
  riskFactors: 'risk_factors',
  department: 'unit',
  leader: 'leader',
  generation: 'generation',
  keyRoles: 'key_roles',
  worksSince: 'works_since',
};

export function serverSortOf(sort: TDatasheetSort): TRetentionEmployeeSort {
  const key = SORT_KEY_OF[sort.column];
  return sort.direction === 'desc' ? `-${key}` : key;
}

/**
 * The query of one datasheet page (GET …/retention-analytics-results/employees/): the filters as
 * the server reads them. No risk level chosen lists nobody (`risk_level=none`), as the browser's
 * filter did; an empty list of another filter means any.
 */
export function datasheetQuery(filters: TRetentionFilters, sort: TDatasheetSort, page: number, pageSize: number): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize), sort: serverSortOf(sort) });
  if (filters.department !== null) params.set('unit', String(filters.department));
  for (const generation of filters.generations) params.append('generation', generation);
  for (const role of filters.keyRoles) params.append('key_role', role);
  for (const role of filters.groupRoles) params.append('group_role', role);
  if (filters.answered !== 'all') params.set('answered', filters.answered === 'answered' ? 'answered' : 'not_answered');
  for (const age of filters.organisationalAges) params.append('age', age);
  if (filters.riskLevels.length === 0) params.set('risk_level', 'none');
  for (const level of filters.riskLevels) params.append('risk_level', String(level));
  if (filters.search.trim() !== '') params.set('name', filters.search.trim());
  return params;
}
