import type { TAsValuesQuery, TAsValuesSelection } from './as-values-query.ts';

/**
 * The page's address holds what the sidebar applied: `view=values` (Style: show values) and the
 * groups under the API's own names, `su`, `sun` (source employees, source units) and `tu`, `tun`
 * (target employees and units), each repeated. A reload or a shared link keeps them.
 */
const GROUP_PARAMS = ['su', 'sun', 'tu', 'tun'] as const;

const idsOf = (params: URLSearchParams, key: string): number[] =>
  params.getAll(key).map(Number).filter((id) => Number.isInteger(id) && id > 0);

export function showsValues(params: URLSearchParams): boolean {
  return params.get('view') === 'values';
}

export function selectionFromParams(params: URLSearchParams): TAsValuesSelection {
  return { sourceUsers: idsOf(params, 'su'), sourceUnits: idsOf(params, 'sun'), targetUsers: idsOf(params, 'tu'), targetUnits: idsOf(params, 'tun') };
}

/** The address for a view and an applied query; other parameters (none today) are dropped. */
export function paramsOf(showValues: boolean, query: TAsValuesQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (showValues) params.set('view', 'values');
  for (const key of GROUP_PARAMS) for (const id of query[key]) params.append(key, String(id));
  return params;
}
