import type { TGraphNode, TGraphQuestion, TGraphRelation } from '@ona/contracts';
import { nextSort, sortRows, type TTableSort } from '../../shared/ui/table-sort.ts';

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
// The sort of the tables is shared with the other sortable tables (wave comparison).
export { nextSort, sortRows, type TTableSort };

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

