import type { TSortDirection } from './sort-header.tsx';

/** The sorted column of a table sorted in the browser, and its direction. */
export type TTableSort<C extends string> = { column: C; direction: TSortDirection };

/** A click on the sorted column turns its direction; another column starts ascending for text, descending for counts. */
export function nextSort<C extends string>(sort: TTableSort<C>, column: C, numeric: boolean): TTableSort<C> {
  if (sort.column === column) return { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: numeric ? 'desc' : 'asc' };
}

/** Sorted copy; ties of the sort key keep a stable order by the name columns. */
export function sortRows<R, C extends keyof R & string>(rows: readonly R[], sort: TTableSort<C>, tieBreak: readonly C[], locale: string): R[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const compare = (a: R, b: R, column: C) => {
    const x = a[column];
    const y = b[column];
    // Missing values (a change that cannot be computed) go last whatever the direction.
    const xMissing = x === null || x === undefined;
    const yMissing = y === null || y === undefined;
    if (xMissing || yMissing) return xMissing === yMissing ? 0 : xMissing ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
    return collator.compare(String(x), String(y));
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const raw = compare(a, b, sort.column);
    const first = Number.isFinite(raw) ? raw * sign : raw > 0 ? 1 : -1;
    if (first !== 0) return first;
    for (const column of tieBreak) {
      const next = compare(a, b, column);
      if (next !== 0) return next;
    }
    return 0;
  });
}
