import type { TRetentionEmployee } from '@ona/contracts';
import type { TRetentionUnit } from './retention-lookups.ts';

/** A retention employee with quiet defaults; tests set only what they are about. */
export function retentionEmployee(id: number, change: Partial<TRetentionEmployee> = {}): TRetentionEmployee {
  return {
    id,
    name: `Employee ${id}`,
    unit: null,
    leader: null,
    direct_reports: [],
    risk_level: 0,
    has_answered: true,
    generation: null,
    works_since: null,
    is_key_person: false,
    key_person_flags: { advisor: false, broker: false, expert: false, ideamaker: false, kol: false, mentor: false, spreader: false, talent: false },
    key_roles: [],
    group_roles: [],
    risk_factors: [],
    ...change,
  };
}

/** Company (1) › Sales (2) › Field sales (3); Finance (4) beside Sales. */
export const UNITS: TRetentionUnit[] = [
  { id: 1, name: 'Company', parent: null, children: [2, 4] },
  { id: 2, name: 'Sales', parent: 1, children: [3] },
  { id: 3, name: 'Field sales', parent: 2, children: [] },
  { id: 4, name: 'Finance', parent: 1, children: [] },
];
