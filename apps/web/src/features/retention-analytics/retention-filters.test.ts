import { describe, expect, it } from 'vitest';
import { retentionEmployee, UNITS } from './retention-fixtures.test-support.ts';
import { activeFilterCount, DEFAULT_RETENTION_FILTERS, filterEmployees, unitWithDescendants, type TRetentionFilters } from './retention-filters.ts';

const today = new Date(2026, 10, 25);
const ids = (filters: Partial<TRetentionFilters>, employees = STAFF) => filterEmployees(employees, UNITS, { ...DEFAULT_RETENTION_FILTERS, riskLevels: [0, 1, 2, 3, 4], ...filters }, today).map((e) => e.id);

const STAFF = [
  retentionEmployee(1, { name: 'Árpád Kovács', unit: 1, risk_level: 0, generation: 'x', works_since: '2010-01-01' }),
  retentionEmployee(2, { name: 'Bea Nagy', unit: 2, risk_level: 3, generation: 'y', key_roles: ['expert'], works_since: '2026-06-01' }),
  retentionEmployee(3, { name: 'Csaba Tóth', unit: 3, risk_level: 4, generation: 'z', has_answered: false, group_roles: ['gatekeeper'], works_since: '2026-11-10' }),
  retentionEmployee(4, { name: 'Dóra Szabó', unit: 4, risk_level: 1, generation: null, key_roles: ['kol', 'mentor'], group_roles: ['liaison'] }),
];

describe('retention filters', () => {
  it('hide level 0 by default (spec §4) and let every other level through', () => {
    expect(filterEmployees(STAFF, UNITS, DEFAULT_RETENTION_FILTERS, today).map((e) => e.id)).toEqual([2, 3, 4]);
  });

  it('take a department with every unit below it', () => {
    expect([...unitWithDescendants(UNITS, 2)].sort()).toEqual([2, 3]);
    expect(ids({ department: 2 })).toEqual([2, 3]);
    expect(ids({ department: 1 })).toEqual([1, 2, 3, 4]);
  });

  it('match any of the chosen generations and drop people without one', () => {
    expect(ids({ generations: ['x', 'z'] })).toEqual([1, 3]);
  });

  it('match any of the chosen key roles and group roles', () => {
    expect(ids({ keyRoles: ['expert', 'mentor'] })).toEqual([2, 4]);
    expect(ids({ groupRoles: ['gatekeeper'] })).toEqual([3]);
  });

  it('split on whether the person answered', () => {
    expect(ids({ answered: 'notAnswered' })).toEqual([3]);
    expect(ids({ answered: 'answered' })).toEqual([1, 2, 4]);
  });

  it('bucket organisational age and leave out people without a works-since date', () => {
    expect(ids({ organisationalAges: ['now'] })).toEqual([3]);
    expect(ids({ organisationalAges: ['months', 'years'] })).toEqual([1, 2]);
  });

  it('combine risk levels with the other filters', () => {
    expect(ids({ riskLevels: [3, 4], department: 2, answered: 'answered' })).toEqual([2]);
  });

  it('find names without regard to case or accents', () => {
    expect(ids({ search: 'arpad' })).toEqual([1]);
    expect(ids({ search: '  TÓTH ' })).toEqual([3]);
  });

  it('count the filters that differ from the defaults', () => {
    expect(activeFilterCount(DEFAULT_RETENTION_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_RETENTION_FILTERS, riskLevels: [4, 3, 2, 1] })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_RETENTION_FILTERS, riskLevels: [3, 4], generations: ['x'], search: 'a' })).toBe(3);
  });
});
