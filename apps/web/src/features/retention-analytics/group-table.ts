import type { TDysfunctionSet, TGroupRow, TRetentionResults } from '@ona/contracts';

/**
 * The rows of one group table, most people affected first (withheld rows, whose figures are
 * hidden, after the rest), then by group name.
 */
export function groupTableRows(results: TRetentionResults, set: TDysfunctionSet, locale: string): TGroupRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...(results.groups[set] ?? [])].sort(
    (a, b) => Number(a.withheld) - Number(b.withheld) || b.people_affected - a.people_affected || collator.compare(a.group_name, b.group_name),
  );
}

/** People affected across the rows of one table, each person once (a person may sit in two rows). */
export function distinctPeopleAffected(rows: readonly TGroupRow[]): number {
  const people = new Set<number>();
  for (const row of rows) {
    if (row.withheld) continue;
    for (const dysfunction of row.dysfunctions) for (const id of dysfunction.affected) people.add(id);
  }
  return people.size;
}
