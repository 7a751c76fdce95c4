import type { EmployeeResult } from '@ona/analytics';
import type { TLocale, TRetentionOrgChart, TRetentionOrgChartPerson, TRetentionOrgChartQuery } from '@ona/contracts';
import { seesRiskOnlyInAggregate } from '../analytics-shared/aggregate-risk-only.ts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { collatorFor } from '../analytics-shared/list-order.ts';
import type { RetentionResult } from './retention-sections.ts';

/**
 * The leader tree of the people the caller sees (docs/analysis-result-parts.md, "The retention org
 * chart"), as the browser built it from the whole answer before (leader-tree.ts): the tops are the
 * people whose leader the caller does not see, in id order; each person's branch is their direct
 * reports; someone reached twice (bad data) sits under the first leader that reaches them, and
 * someone the tops never reach (a loop) becomes a top. Positions index `people` (id order).
 */
function leaderForest(people: readonly EmployeeResult[]) {
  const at = new Map<number, number>(people.map((e, position) => [dbId(e.id), position]));
  const placed = new Uint8Array(people.length);
  const parent = new Int32Array(people.length).fill(-1);
  const children: number[][] = people.map(() => []);
  const preorder: number[] = [];
  const roots: number[] = [];
  // Depth first without recursion: a chain of 100,000 leaders would overflow the stack.
  const grow = (root: number) => {
    placed[root] = 1;
    preorder.push(root);
    roots.push(root);
    const stack = [root];
    const next = [0];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as number;
      const reports = (people[top] as EmployeeResult).directReports;
      let i = next[next.length - 1] as number;
      let descended = false;
      while (i < reports.length) {
        const child = at.get(dbId(reports[i] as string));
        i += 1;
        if (child !== undefined && placed[child] === 0) {
          placed[child] = 1;
          parent[child] = top;
          (children[top] as number[]).push(child);
          preorder.push(child);
          next[next.length - 1] = i;
          stack.push(child);
          next.push(0);
          descended = true;
          break;
        }
      }
      if (!descended) {
        stack.pop();
        next.pop();
      }
    }
  };
  for (const [position, employee] of people.entries()) {
    const leader = employee.leaderId === null ? null : dbId(employee.leaderId);
    if ((leader === null || !at.has(leader)) && placed[position] === 0) grow(position);
  }
  for (let position = 0; position < people.length; position += 1) if (placed[position] === 0) grow(position);
  return { at, parent, children, preorder, roots };
}

/**
 * The tops of the caller's forest, or the direct reports of the asked-for leaders, each with the
 * size of their branch and the highest level in it: the org chart loads a branch when it opens, so
 * no answer holds the whole organisation. Branches are ordered highest risk first (a withheld
 * level as none), then by name in the reader's language, then id. A leader the caller does not
 * see gives nobody.
 */
export function retentionOrgChart(scope: AnalyticsScope, result: Pick<RetentionResult, 'employees'>, query: TRetentionOrgChartQuery, locale: TLocale): TRetentionOrgChart {
  const aggregateOnly = seesRiskOnlyInAggregate(scope);
  const people = result.employees
    .filter((e) => scope.visible.has(dbId(e.id)) && scope.employeeById.has(dbId(e.id)))
    .sort((a, b) => dbId(a.id) - dbId(b.id));
  const { at, parent, children, preorder, roots } = leaderForest(people);
  const level = (position: number) => (aggregateOnly ? -1 : (people[position] as EmployeeResult).risk_level);
  const nameOf = (position: number) => scope.employeeById.get(dbId((people[position] as EmployeeResult).id))?.name ?? '';

  const below = new Int32Array(people.length);
  const highest = new Int32Array(people.length).fill(-1);
  for (let i = preorder.length - 1; i >= 0; i -= 1) {
    const node = preorder[i] as number;
    for (const child of children[node] as number[]) {
      below[node] = (below[node] as number) + 1 + (below[child] as number);
      highest[node] = Math.max(highest[node] as number, level(child), highest[child] as number);
    }
  }

  const collator = collatorFor(locale);
  const order = (a: number, b: number) => level(b) - level(a) || collator.compare(nameOf(a), nameOf(b)) || dbId((people[a] as EmployeeResult).id) - dbId((people[b] as EmployeeResult).id);
  const person = (position: number): TRetentionOrgChartPerson => {
    const employee = people[position] as EmployeeResult;
    const id = dbId(employee.id);
    const unitId = scope.employeeById.get(id)?.unitId ?? null;
    const parentAt = parent[position] as number;
    const highestBelow = highest[position] as number;
    return {
      id,
      name: nameOf(position),
      unit_name: unitId === null ? null : (scope.unitById.get(unitId)?.name ?? null),
      parent: parentAt < 0 ? null : dbId((people[parentAt] as EmployeeResult).id),
      risk_level: aggregateOnly ? null : employee.risk_level,
      direct_reports: (children[position] as number[]).length,
      below: below[position] as number,
      highest_below: highestBelow < 0 ? null : highestBelow,
    };
  };

  const asked =
    query.leader.length === 0
      ? [...roots].sort(order)
      : [...new Set(query.leader)].flatMap((leader) => {
          const position = at.get(leader);
          return position === undefined ? [] : [...(children[position] as number[])].sort(order);
        });
  return { people: asked.map(person), visible: people.length, individual_risk_withheld: aggregateOnly };
}
