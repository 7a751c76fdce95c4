import type { TRetentionEmployee } from '@ona/contracts';

export type TLeaderTreeNode = { employee: TRetentionEmployee; children: TLeaderTreeNode[]; /** Everyone below, for the "n people" line. */ subtreeSize: number; /** Highest level below this person (not counting them). */ highestBelow: number };

/**
 * The leader tree of the employees the caller sees, from the API's `root_employees` and each
 * person's `direct_reports`. Children are ordered by risk (highest first), then name. An employee
 * reached twice (bad data) is drawn once, under the first leader that reaches them; one the roots
 * never reach becomes a root of their own, so nobody disappears from the chart.
 */
export function buildLeaderTree(employees: readonly TRetentionEmployee[], rootIds: readonly number[], locale: string): TLeaderTreeNode[] {
  const byId = new Map(employees.map((employee) => [employee.id, employee]));
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const placed = new Set<number>();
  const order = (a: TLeaderTreeNode, b: TLeaderTreeNode) =>
    (b.employee.risk_level ?? -1) - (a.employee.risk_level ?? -1) || collator.compare(a.employee.name, b.employee.name) || a.employee.id - b.employee.id;

  const grow = (employee: TRetentionEmployee): TLeaderTreeNode => {
    placed.add(employee.id);
    const children: TLeaderTreeNode[] = [];
    for (const reportId of employee.direct_reports) {
      const report = byId.get(reportId);
      if (report && !placed.has(report.id)) children.push(grow(report));
    }
    children.sort(order);
    return {
      employee,
      children,
      subtreeSize: children.reduce((sum, child) => sum + 1 + child.subtreeSize, 0),
      highestBelow: children.reduce((highest, child) => Math.max(highest, child.employee.risk_level ?? -1, child.highestBelow), -1),
    };
  };

  const roots: TLeaderTreeNode[] = [];
  for (const id of rootIds) {
    const employee = byId.get(id);
    if (employee && !placed.has(id)) roots.push(grow(employee));
  }
  for (const employee of employees) if (!placed.has(employee.id)) roots.push(grow(employee));
  return roots.sort(order);
}

/** Every node id of the tree, depth first, for "expand all". */
export function leaderTreeIds(nodes: readonly TLeaderTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.employee.id, ...leaderTreeIds(node.children)]);
}
