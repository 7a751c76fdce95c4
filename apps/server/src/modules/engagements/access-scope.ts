import { ACCESS_LEVELS, MODULES, type TAccessLevel, type TModule } from '@ona/contracts';

export type ModuleAccessMap = Record<TModule, TAccessLevel>;

export function accessMapFromRows(rows: { module: string; accessLevel: string }[]): ModuleAccessMap {
  const map = Object.fromEntries(MODULES.map((m) => [m, 'no_access'])) as ModuleAccessMap;
  for (const row of rows) {
    if ((MODULES as readonly string[]).includes(row.module) && (ACCESS_LEVELS as readonly string[]).includes(row.accessLevel)) {
      map[row.module as TModule] = row.accessLevel as TAccessLevel;
    }
  }
  return map;
}

/** Employees below `rootId` in the leader tree (not including the root), cycle-safe. */
export function subordinatesOf(rootId: number, leaderOf: ReadonlyMap<number, number | null>): Set<number> {
  const reportsOf = new Map<number, number[]>();
  for (const [employee, leader] of leaderOf) {
    if (leader === null) continue;
    const list = reportsOf.get(leader);
    if (list) list.push(employee);
    else reportsOf.set(leader, [employee]);
  }
  const seen = new Set<number>();
  const stack = [...(reportsOf.get(rootId) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    if (seen.has(next) || next === rootId) continue;
    seen.add(next);
    stack.push(...(reportsOf.get(next) ?? []));
  }
  return seen;
}

/**
 * How many employees a user sees in a module: all of them, their subtree with themself, only
 * themself, or none (DECISIONS.md, Access). `sizes` are the engagement's head count and the size
 * of the user's subtree with themself (counted by the database, engagement-summaries.ts).
 */
export function involvedEmployeeCount(level: TAccessLevel, ownEmployeeId: number | null, sizes: { all: number; subtree: number }): number {
  switch (level) {
    case 'all_access':
      return sizes.all;
    case 'subtree':
      return ownEmployeeId === null ? 0 : sizes.subtree;
    case 'self_only':
      return ownEmployeeId === null ? 0 : 1;
    default:
      return 0;
  }
}
