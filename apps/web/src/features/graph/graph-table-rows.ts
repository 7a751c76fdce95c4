import type { TGraphNode, TGraphQuestion, TGraphRelation } from '@ona/contracts';
import type { TSortDirection } from '../../shared/ui/sort-header.tsx';

/**
 * The table view of the graph (issue 17): the same people and ties as the drawing, nothing more.
 * Degrees count the ties in `relations`, i.e. the ties drawn: below all_access the ties naming
 * the reader are not drawn and therefore not counted either (docs/methods.md, *Confidentiality
 * of nominations*); how many named the reader stays with the note above the graph.
 */

export type TPersonRow = { id: number; name: string; unit: string; out: number; in: number; degree: number };
export type TTieRow = { key: string; source: string; target: string; questions: string; mutual: boolean };

export type TPeopleSortColumn = 'name' | 'unit' | 'out' | 'in' | 'degree';
export type TTiesSortColumn = 'source' | 'target' | 'questions' | 'mutual';
export type TTableSort<C extends string> = { column: C; direction: TSortDirection };

type TPeopleAndTies = {
  employees: readonly Pick<TGraphNode, 'id' | 'label' | 'organizational_unit'>[];
  relations: readonly Pick<TGraphRelation, 'source' | 'target' | 'questions' | 'mutual'>[];
};

export function personRows(data: TPeopleAndTies): TPersonRow[] {
  const out = new Map<number, number>();
  const into = new Map<number, number>();
  for (const tie of data.relations) {
    out.set(tie.source, (out.get(tie.source) ?? 0) + 1);
    into.set(tie.target, (into.get(tie.target) ?? 0) + 1);
  }
  return data.employees.map((node) => {
    const given = out.get(node.id) ?? 0;
    const received = into.get(node.id) ?? 0;
    return { id: node.id, name: node.label, unit: node.organizational_unit, out: given, in: received, degree: given + received };
  });
}

/** One row per tie drawn: who named whom, on which questions of the category shown (in question order). */
export function tieRows(data: TPeopleAndTies & { questions: readonly Pick<TGraphQuestion, 'id' | 'label'>[] }): TTieRow[] {
  const nameOf = new Map(data.employees.map((node) => [node.id, node.label] as const));
  const order = new Map(data.questions.map((question, index) => [question.id, index] as const));
  const labelOf = new Map(data.questions.map((question) => [question.id, question.label] as const));
  return data.relations
    .filter((tie) => nameOf.has(tie.source) && nameOf.has(tie.target))
    .map((tie) => ({
      key: `${tie.source}>${tie.target}`,
      source: nameOf.get(tie.source)!,
      target: nameOf.get(tie.target)!,
      questions: [...tie.questions]
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
        .map((id) => labelOf.get(id) ?? String(id))
        .join('; '),
      mutual: tie.mutual,
    }));
}

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
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
    return collator.compare(String(x), String(y));
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const first = compare(a, b, sort.column) * sign;
    if (first !== 0) return first;
    for (const column of tieBreak) {
      const next = compare(a, b, column);
      if (next !== 0) return next;
    }
    return 0;
  });
}
