import { ACCESS_LEVELS, MODULES, type TAccessLevel, type TModule } from '@ona/contracts';

export type ModuleAccessMap = Record<TModule, TAccessLevel>;

// Built once: the journeys list makes an access map per journey on every request.
const NO_ACCESS = Object.freeze(Object.fromEntries(MODULES.map((m) => [m, 'no_access'])) as ModuleAccessMap);
const KNOWN_MODULES: ReadonlySet<string> = new Set(MODULES);
const KNOWN_LEVELS: ReadonlySet<string> = new Set(ACCESS_LEVELS);

export function accessMapFromRows(rows: { module: string; accessLevel: string }[]): ModuleAccessMap {
  const map: ModuleAccessMap = { ...NO_ACCESS };
  for (const row of rows) {
    if (KNOWN_MODULES.has(row.module) && KNOWN_LEVELS.has(row.accessLevel)) map[row.module as TModule] = row.accessLevel as TAccessLevel;
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
