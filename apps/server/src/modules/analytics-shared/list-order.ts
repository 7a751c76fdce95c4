import { foldText, searchNeedle, type TLocale } from '@ona/contracts';
import type { AnalyticsScope } from './analytics-scope.ts';

/**
 * Names and units sort in the reader's language, as the browser sorted them before the lists were
 * paged on the server: Hungarian puts "Cs" after every "C" and "Ö" after "O", German "Ä" with "A".
 * One collator per language, made once: a collator is much faster than a comparison that sets one
 * up each time (docs/analysis-result-parts.md, "Lists"). The kept answers vary by language already.
 */
const collators = new Map<TLocale, Intl.Collator>();
export function collatorFor(locale: TLocale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale);
    collators.set(locale, collator);
  }
  return collator;
}

/** What a list is sorted by: the name, a text (unit name) or a number (null: empty or withheld). */
export type ListSortKey = { by: 'name' } | { by: 'text'; values: readonly string[] } | { by: 'number'; values: readonly (number | null)[] };

/**
 * The order of a list's rows (positions 0 to n-1 into `ids`, `names` and the key's values), the
 * rule every paged list shares: empty numbers last in either direction; ties, and a text sort
 * within one text, by name (ascending), then by id, so the order is total and pages never overlap.
 * Sorting by name descending reverses the whole order, ids included. `ranks`, when given, breaks
 * ties of name before the id (the wave comparison lists a person twice, joined and left, and puts
 * the statuses in their order). Names and texts compare in `locale`'s order (`collatorFor`).
 */
export function listOrder(ids: readonly number[], names: readonly string[], key: ListSortKey, descending: boolean, locale: TLocale, ranks?: readonly number[]): Uint32Array {
  const sign = descending ? -1 : 1;
  const collator = collatorFor(locale);
  const byName =
    ranks === undefined
      ? (a: number, b: number): number => collator.compare(names[a] as string, names[b] as string) || (ids[a] as number) - (ids[b] as number)
      : (a: number, b: number): number => collator.compare(names[a] as string, names[b] as string) || (ranks[a] as number) - (ranks[b] as number) || (ids[a] as number) - (ids[b] as number);
  let compare: (a: number, b: number) => number;
  if (key.by === 'name') compare = (a, b) => sign * byName(a, b);
  else if (key.by === 'text') {
    const texts = key.values;
    compare = (a, b) => sign * collator.compare(texts[a] as string, texts[b] as string) || byName(a, b);
  } else {
    const values = key.values;
    compare = (a, b) => {
      const x = values[a] as number | null;
      const y = values[b] as number | null;
      if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
      return sign * (x - y) || byName(a, b);
    };
  }
  return Uint32Array.from(ids.keys()).sort(compare);
}

/** A sort parameter (`key` or `-key`) split into its key and direction. */
export function sortParts<K extends string>(sort: K | `-${K}`): { key: K; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as K, descending };
}

/** The name of a person's unit as the directory has it now; empty without one. */
export function unitName(scope: Pick<AnalyticsScope, 'employeeById' | 'unitById'>, employeeId: number): string {
  const unitId = scope.employeeById.get(employeeId)?.unitId;
  return (unitId === null || unitId === undefined ? undefined : scope.unitById.get(unitId)?.name) ?? '';
}

/** One page of a list (the paged lists' shared answer: `{data,total,visible,page,page_size}`). */
export interface ListPage<T> {
  data: T[];
  /** Rows matching the search. */
  total: number;
  /** Rows the reader sees, whatever the search. */
  visible: number;
  page: number;
  page_size: number;
}

export interface PeopleListQuery {
  page: number;
  page_size: number;
  q: string;
}

/**
 * A page of a list with a row per person (the report lists): the rows of people the reader sees,
 * those whose name or unit holds the search term (spec §5 rule, `searchNeedle`), ordered by
 * `listOrder`, and only the page's rows built. `sortKey` gets the matching rows and their ids.
 * `keep`, when given, is the list's own filters (roles, say): `visible` counts the rows before them.
 */
export function peoplePage<E, T>(
  scope: Pick<AnalyticsScope, 'visible' | 'employeeById' | 'unitById'>,
  rows: readonly E[],
  idOf: (row: E) => number,
  query: PeopleListQuery,
  order: { descending: boolean; locale: TLocale; key: (matching: readonly E[], ids: readonly number[]) => ListSortKey },
  build: (row: E, id: number) => T,
  keep?: (row: E) => boolean,
): ListPage<T> {
  const needle = searchNeedle(query.q);
  const visible = rows.filter((row) => scope.visible.has(idOf(row)));
  const kept = keep === undefined ? visible : visible.filter(keep);
  const matching =
    needle === null
      ? kept
      : kept.filter((row) => {
          const id = idOf(row);
          return foldText(scope.employeeById.get(id)?.name ?? '').includes(needle) || foldText(unitName(scope, id)).includes(needle);
        });
  const ids = matching.map(idOf);
  const names = ids.map((id) => scope.employeeById.get(id)?.name ?? '');
  const start = (query.page - 1) * query.page_size;
  const page = listOrder(ids, names, order.key(matching, ids), order.descending, order.locale).subarray(start, start + query.page_size);
  return {
    data: Array.from(page, (at) => build(matching[at] as E, ids[at] as number)),
    total: matching.length,
    visible: visible.length,
    page: query.page,
    page_size: query.page_size,
  };
}
