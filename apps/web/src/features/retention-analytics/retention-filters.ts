import type { TGenerationCode, TGroupRole, TKeyRole, TRetentionEmployee } from '@ona/contracts';
import type { TRetentionUnit } from './retention-lookups.ts';
import { organisationalAge, type TOrganisationalAge } from './organisational-age.ts';

export const RISK_LEVELS = [0, 1, 2, 3, 4] as const;
export type TRiskLevel = (typeof RISK_LEVELS)[number];

export type TAnsweredFilter = 'all' | 'answered' | 'notAnswered';

/** The retention filters of spec §3; an empty list means "any". */
export type TRetentionFilters = {
  /** A department id: the employees of that unit and of every unit below it. */
  department: number | null;
  generations: TGenerationCode[];
  keyRoles: TKeyRole[];
  answered: TAnsweredFilter;
  organisationalAges: TOrganisationalAge[];
  riskLevels: TRiskLevel[];
  groupRoles: TGroupRole[];
  /** Part of a name, case- and accent-insensitive. */
  search: string;
};

/** Spec §4: level 0 is hidden by default, so the datasheet opens on the people with a risk factor. */
export const DEFAULT_RETENTION_FILTERS: TRetentionFilters = {
  department: null,
  generations: [],
  keyRoles: [],
  answered: 'all',
  organisationalAges: [],
  riskLevels: [1, 2, 3, 4],
  groupRoles: [],
  search: '',
};

/** How many filters differ from the defaults, for the "Filters (3)" badge. */
export function activeFilterCount(filters: TRetentionFilters): number {
  const defaults = DEFAULT_RETENTION_FILTERS;
  const sameLevels = filters.riskLevels.length === defaults.riskLevels.length && defaults.riskLevels.every((level) => filters.riskLevels.includes(level));
  return [
    filters.department !== null,
    filters.generations.length > 0,
    filters.keyRoles.length > 0,
    filters.answered !== 'all',
    filters.organisationalAges.length > 0,
    !sameLevels,
    filters.groupRoles.length > 0,
    filters.search.trim() !== '',
  ].filter(Boolean).length;
}

/** A unit and every unit below it, following `children`; a loop in bad data stops where it closes. */
export function unitWithDescendants(units: readonly TRetentionUnit[], unitId: number): Set<number> {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const found = new Set<number>();
  const stack = [unitId];
  while (stack.length > 0) {
    const id = stack.pop();
    if (id === undefined || found.has(id)) continue;
    found.add(id);
    for (const child of byId.get(id)?.children ?? []) stack.push(child);
  }
  return found;
}

/** Lower case without accents, so "arpad" finds "Árpád". */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

const anyOf = <T>(wanted: readonly T[], has: readonly T[]) => wanted.length === 0 || wanted.some((value) => has.includes(value));

/** The employees the filters let through, in their original order. */
export function filterEmployees(
  employees: readonly TRetentionEmployee[],
  units: readonly TRetentionUnit[],
  filters: TRetentionFilters,
  today: Date,
): TRetentionEmployee[] {
  const departments = filters.department === null ? null : unitWithDescendants(units, filters.department);
  const search = foldName(filters.search);
  return employees.filter((employee) => {
    if (departments && (employee.unit === null || !departments.has(employee.unit))) return false;
    if (filters.generations.length > 0 && (employee.generation === null || !filters.generations.includes(employee.generation))) return false;
    if (!anyOf(filters.keyRoles, employee.key_roles)) return false;
    if (filters.answered === 'answered' && !employee.has_answered) return false;
    if (filters.answered === 'notAnswered' && employee.has_answered) return false;
    if (filters.organisationalAges.length > 0) {
      const age = organisationalAge(employee.works_since, today);
      if (age === null || !filters.organisationalAges.includes(age)) return false;
    }
    if (!filters.riskLevels.some((level) => level === employee.risk_level)) return false;
    if (!anyOf(filters.groupRoles, employee.group_roles)) return false;
    if (search !== '' && !foldName(employee.name).includes(search)) return false;
    return true;
  });
}
