import type { TKeyPeopleAnalytics } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KEY_PEOPLE_FILTER,
  filterKeyPeople,
  keyPeopleRows,
  nextSort,
  roleCounts,
  sortKeyPeople,
  unitOptions,
  unitsInScope,
  unitWithSubunits,
} from './key-people-filter.ts';
import { nameMatcher, searchState } from '../../shared/format/name-search.ts';
import { groupMembers } from './key-people-groups.ts';

// Company (1) › Sales (2) › Sales Team North (3); Company › Finance (4).
const units = [
  { id: 1, name: 'Company', parent: null },
  { id: 2, name: 'Sales', parent: 1 },
  { id: 3, name: 'Sales Team North', parent: 2 },
  { id: 4, name: 'Finance', parent: 1 },
];

const analytics: TKeyPeopleAnalytics = {
  units,
  explanations: { key_roles: {}, group_roles: {} },
  results: [
    { employee: { id: 10, name: 'Kovács Éva' }, unit: 3, is_key_person: true, key_roles: ['advisor', 'expert'], group_roles: [] },
    { employee: { id: 11, name: 'Anna Smith' }, unit: 2, is_key_person: true, key_roles: ['kol'], group_roles: ['gatekeeper'] },
    { employee: { id: 12, name: 'Bob Jones' }, unit: 4, is_key_person: false, key_roles: [], group_roles: ['coordinator'] },
    { employee: { id: 13, name: 'Zoe Quiet' }, unit: 4, is_key_person: false, key_roles: [], group_roles: [] },
    { employee: { id: 14, name: 'Adam Noone' }, unit: null, is_key_person: true, key_roles: ['advisor'], group_roles: [] },
  ],
};
const rows = keyPeopleRows(analytics);
const ids = (list: readonly { employeeId: number }[]) => list.map((row) => row.employeeId);

describe('the key people search', () => {
  it('waits for three characters before it filters, as spec §5 asks', () => {
    expect(searchState('')).toBe('idle');
    expect(searchState('ko')).toBe('tooShort');
    expect(searchState('kov')).toBe('active');
    expect(nameMatcher('ko')).toBeNull();
  });

  it('finds names regardless of accents and case, and also matches the unit name', () => {
    expect(ids(filterKeyPeople(rows, { ...DEFAULT_KEY_PEOPLE_FILTER, search: 'KOVACS' }))).toEqual([10]);
    expect(ids(filterKeyPeople(rows, { ...DEFAULT_KEY_PEOPLE_FILTER, search: 'finance' }))).toEqual([12]);
  });
});

describe('the key people filters', () => {
  it('leaves out people without any key or group role unless everyone is asked for', () => {
    expect(ids(filterKeyPeople(rows, DEFAULT_KEY_PEOPLE_FILTER))).toEqual([10, 11, 12, 14]);
    expect(ids(filterKeyPeople(rows, { ...DEFAULT_KEY_PEOPLE_FILTER, onlyWithRoles: false }))).toEqual([10, 11, 12, 13, 14]);
  });

  it('keeps the target group only: a unit with all its sub-units, never people without a unit', () => {
    expect([...unitWithSubunits(units, 2)].sort()).toEqual([2, 3]);
    expect(ids(filterKeyPeople(rows, { ...DEFAULT_KEY_PEOPLE_FILTER, members: groupMembers(rows, units, [], [2]) }))).toEqual([10, 11]);
    expect(ids(filterKeyPeople(rows, { ...DEFAULT_KEY_PEOPLE_FILTER, members: groupMembers(rows, units, [], [1]), onlyWithRoles: false }))).toEqual([10, 11, 12, 13]);
  });

  it('keeps a person who holds any one of the chosen roles, key or group', () => {
    expect(ids(filterKeyPeople(rows, { ...DEFAULT_KEY_PEOPLE_FILTER, roles: ['key:advisor'] }))).toEqual([10, 14]);
    expect(ids(filterKeyPeople(rows, { ...DEFAULT_KEY_PEOPLE_FILTER, roles: ['key:kol', 'group:coordinator'] }))).toEqual([11, 12]);
  });

  it('combines the target group, role and search (all must hold)', () => {
    expect(ids(filterKeyPeople(rows, { search: 'eva', members: groupMembers(rows, units, [], [2]), roles: ['key:advisor'], onlyWithRoles: true }))).toEqual([10]);
    expect(ids(filterKeyPeople(rows, { search: 'eva', members: groupMembers(rows, units, [], [4]), roles: ['key:advisor'], onlyWithRoles: true }))).toEqual([]);
  });

  it('counts each role held, in the spec order with key roles first, and omits roles nobody holds', () => {
    expect(roleCounts(rows)).toEqual([
      { choice: 'key:advisor', count: 2 },
      { choice: 'key:expert', count: 1 },
      { choice: 'key:kol', count: 1 },
      { choice: 'group:coordinator', count: 1 },
      { choice: 'group:gatekeeper', count: 1 },
    ]);
  });
});

describe('the key people sorting', () => {
  it('sorts by name in the reading language, both ways', () => {
    expect(ids(sortKeyPeople(rows, { column: 'employee', direction: 'asc' }, 'en'))).toEqual([14, 11, 12, 10, 13]);
    expect(ids(sortKeyPeople(rows, { column: 'employee', direction: 'desc' }, 'en'))).toEqual([13, 10, 12, 11, 14]);
  });

  it('sorts by number of key roles and breaks ties by name', () => {
    expect(ids(sortKeyPeople(rows, { column: 'keyRoles', direction: 'desc' }, 'en'))).toEqual([10, 14, 11, 12, 13]);
  });

  it('sorts by unit name, people without a unit first when ascending', () => {
    expect(ids(sortKeyPeople(rows, { column: 'unit', direction: 'asc' }, 'en'))).toEqual([14, 12, 13, 11, 10]);
  });

  it('does not change the list it is given', () => {
    const before = ids(rows);
    sortKeyPeople(rows, { column: 'employee', direction: 'desc' }, 'en');
    expect(ids(rows)).toEqual(before);
  });

  it('flips the direction on the same column and starts role columns at the most roles', () => {
    expect(nextSort({ column: 'employee', direction: 'asc' }, 'employee')).toEqual({ column: 'employee', direction: 'desc' });
    expect(nextSort({ column: 'employee', direction: 'asc' }, 'groupRoles')).toEqual({ column: 'groupRoles', direction: 'desc' });
    expect(nextSort({ column: 'keyRoles', direction: 'desc' }, 'unit')).toEqual({ column: 'unit', direction: 'asc' });
  });
});

describe('the unit picker options', () => {
  it('lists units depth first with their depth, so sub-units follow their parent', () => {
    expect(unitOptions(units).map((unit) => [unit.name, unit.depth])).toEqual([
      ['Company', 0],
      ['Sales', 1],
      ['Sales Team North', 2],
      ['Finance', 1],
    ]);
  });

  it('treats a unit whose parent is missing as a root', () => {
    expect(unitOptions([{ id: 7, name: 'Orphan', parent: 99 }]).map((unit) => unit.depth)).toEqual([0]);
  });
});

describe('the units offered to a reader', () => {
  it('keeps units with someone the reader sees, and their ancestors', () => {
    const seen = [{ unitId: 3 }];
    expect(unitsInScope(units, seen).map((unit) => unit.id)).toEqual([1, 2, 3]);
  });

  it('offers every unit to a reader who sees people everywhere, and none to one who sees nobody', () => {
    expect(unitsInScope(units, rows).map((unit) => unit.id)).toEqual([1, 2, 3, 4]);
    expect(unitsInScope(units, [])).toEqual([]);
  });
});
