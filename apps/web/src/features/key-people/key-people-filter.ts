import { GROUP_ROLE_CODES, KEY_ROLE_CODES, type TGroupRole, type TKeyPeopleAnalytics, type TKeyRole } from '@ona/contracts';
import { foldText } from '../../shared/format/fold-text.ts';
import { nameMatcher } from '../../shared/format/name-search.ts';

/** A role the filter offers: `key:advisor` or `group:gatekeeper`, so one list holds both kinds. */
export type TRoleChoice = `key:${TKeyRole}` | `group:${TGroupRole}`;

export type TKeyPersonRow = {
  employeeId: number;
  name: string;
  unitId: number | null;
  unitName: string;
  keyRoles: readonly TKeyRole[];
  groupRoles: readonly TGroupRole[];
};

export type TKeyPeopleSortColumn = 'employee' | 'unit' | 'keyRoles' | 'groupRoles';
export type TSortDirection = 'asc' | 'desc';
export type TKeyPeopleSort = { column: TKeyPeopleSortColumn; direction: TSortDirection };

export type TKeyPeopleFilter = {
  search: string;
  /**
   * The sidebar's target group (its employees, and everyone in its units and below them), as
   * Recalculate applied it; null for everyone the reader sees.
   */
  members: ReadonlySet<number> | null;
  /** A person matches when they hold any of these roles; empty means no role filter. */
  roles: readonly TRoleChoice[];
  /** When true, people with neither a key role nor a group role are left out. */
  onlyWithRoles: boolean;
};

export const DEFAULT_KEY_PEOPLE_FILTER: TKeyPeopleFilter = { search: '', members: null, roles: [], onlyWithRoles: true };
export const DEFAULT_KEY_PEOPLE_SORT: TKeyPeopleSort = { column: 'keyRoles', direction: 'desc' };

/** The API's rows joined with their unit names, in the API's order. */
export function keyPeopleRows(analytics: TKeyPeopleAnalytics): TKeyPersonRow[] {
  const unitName = new Map(analytics.units.map((unit) => [unit.id, unit.name]));
  return analytics.results.map((result) => ({
    employeeId: result.employee.id,
    name: result.employee.name,
    unitId: result.unit,
    unitName: result.unit === null ? '' : (unitName.get(result.unit) ?? ''),
    keyRoles: result.key_roles,
    groupRoles: result.group_roles,
  }));
}

/**
 * A unit and every unit below it, from the flat list the API sends (each unit names its parent).
 * A parent chain that loops cannot make this run forever: each unit joins once.
 */
export function unitWithSubunits(units: readonly { id: number; parent: number | null }[], unitId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const unit of units) {
    if (unit.parent === null) continue;
    const list = children.get(unit.parent) ?? [];
    list.push(unit.id);
    children.set(unit.parent, list);
  }
  const found = new Set<number>([unitId]);
  const queue = [unitId];
  while (queue.length > 0) {
    const current = queue.pop()!;
    for (const child of children.get(current) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return found;
}

export function rowRoleChoices(row: TKeyPersonRow): TRoleChoice[] {
  return [...row.keyRoles.map((role) => `key:${role}` as const), ...row.groupRoles.map((role) => `group:${role}` as const)];
}

/** The roles someone in the rows holds, each with how many hold it, in the spec's order. */
export function roleCounts(rows: readonly TKeyPersonRow[]): { choice: TRoleChoice; count: number }[] {
  const counts = new Map<TRoleChoice, number>();
  for (const row of rows) for (const choice of rowRoleChoices(row)) counts.set(choice, (counts.get(choice) ?? 0) + 1);
  const order: TRoleChoice[] = [...KEY_ROLE_CODES.map((role) => `key:${role}` as const), ...GROUP_ROLE_CODES.map((role) => `group:${role}` as const)];
  return order.flatMap((choice) => {
    const count = counts.get(choice) ?? 0;
    return count > 0 ? [{ choice, count }] : [];
  });
}

export function filterKeyPeople(rows: readonly TKeyPersonRow[], filter: TKeyPeopleFilter): TKeyPersonRow[] {
  const { members } = filter;
  const matches = nameMatcher(filter.search);
  const wanted = new Set(filter.roles);
  return rows.filter((row) => {
    if (filter.onlyWithRoles && row.keyRoles.length === 0 && row.groupRoles.length === 0) return false;
    if (members && !members.has(row.employeeId)) return false;
    if (wanted.size > 0 && !rowRoleChoices(row).some((choice) => wanted.has(choice))) return false;
    return matches === null || matches(row.name, row.unitName);
  });
}

/**
 * Sorts a copy. Role columns sort by how many roles a person holds (most first when descending);
 * every tie falls back to the name and then the id, so the order never depends on the API's.
 */
export function sortKeyPeople(rows: readonly TKeyPersonRow[], sort: TKeyPeopleSort, locale: string): TKeyPersonRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const byName = (a: TKeyPersonRow, b: TKeyPersonRow) => collator.compare(a.name, b.name) || a.employeeId - b.employeeId;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const primary = (a: TKeyPersonRow, b: TKeyPersonRow): number => {
    switch (sort.column) {
      case 'employee':
        return 0;
      case 'unit':
        return collator.compare(a.unitName, b.unitName);
      case 'keyRoles':
        return a.keyRoles.length - b.keyRoles.length;
      case 'groupRoles':
        return a.groupRoles.length - b.groupRoles.length;
    }
  };
  return [...rows].sort((a, b) => {
    const first = primary(a, b);
    if (first !== 0) return sign * first;
    return sort.column === 'employee' ? sign * byName(a, b) : byName(a, b);
  });
}

/** Clicking the sorted column flips it; another column starts in its natural direction. */
export function nextSort(current: TKeyPeopleSort, column: TKeyPeopleSortColumn): TKeyPeopleSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: column === 'keyRoles' || column === 'groupRoles' ? 'desc' : 'asc' };
}

/** Units for a picker: depth-first from the roots, each with its depth, names folded for search. */
export function unitOptions(units: readonly { id: number; name: string; parent: number | null }[]): { id: number; name: string; depth: number; folded: string }[] {
  const ids = new Set(units.map((unit) => unit.id));
  const children = new Map<number | null, typeof units[number][]>();
  for (const unit of units) {
    const parent = unit.parent !== null && ids.has(unit.parent) ? unit.parent : null;
    const list = children.get(parent) ?? [];
    list.push(unit);
    children.set(parent, list);
  }
  const out: { id: number; name: string; depth: number; folded: string }[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    for (const unit of children.get(parent) ?? []) {
      if (seen.has(unit.id)) continue;
      seen.add(unit.id);
      out.push({ id: unit.id, name: unit.name, depth, folded: foldText(unit.name) });
      visit(unit.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/**
 * The units worth offering: those with someone the caller sees, and their ancestors so the tree
 * still reads from the top. A subtree or self_only reader gets the whole unit list from the API,
 * and picking a unit where they see nobody would only ever show an empty table.
 */
export function unitsInScope<T extends { id: number; parent: number | null }>(units: readonly T[], rows: readonly { unitId: number | null }[]): T[] {
  const parentOf = new Map(units.map((unit) => [unit.id, unit.parent]));
  const kept = new Set<number>();
  for (const row of rows) {
    let current = row.unitId;
    // Walks up to the root; the `kept` check also stops a parent chain that loops.
    while (current !== null && current !== undefined && !kept.has(current)) {
      kept.add(current);
      current = parentOf.get(current) ?? null;
    }
  }
  return units.filter((unit) => kept.has(unit.id));
}
