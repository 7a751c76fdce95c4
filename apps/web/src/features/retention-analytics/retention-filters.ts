import type { TGenerationCode, TGroupRole, TKeyRole } from '@ona/contracts';
import type { TOrganisationalAge } from './organisational-age.ts';

export const RISK_LEVELS = [0, 1, 2, 3, 4] as const;
export type TRiskLevel = (typeof RISK_LEVELS)[number];

export type TAnsweredFilter = 'all' | 'answered' | 'notAnswered';

/**
 * The retention filters of spec §3; an empty list means "any" (no risk level: nobody). The server
 * applies them (`datasheetQuery`, docs/analysis-result-parts.md).
 */
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
