import type { TAdminEmployee } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { filterEmployees, participationState } from './employee-filter.ts';

const employee = (id: number, name: string, unit: string, leader: string | null): TAdminEmployee => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  unit: { id, name: unit },
  leader: leader ? { id: 99, name: leader } : null,
  gender: null,
  generation: null,
  entry_date: null,
  job_title: null,
  attributes: {},
  invited_at: null,
  terms_accepted: false,
  finished: false,
});

const employees = [employee(1, 'Kovács Éva', 'Sales', null), employee(2, 'Nagy Péter', 'IT', 'Kovács Éva')];

describe('filterEmployees', () => {
  it('finds by name, unit or leader without regard to accents', () => {
    expect(filterEmployees(employees, 'kovacs').map((e) => e.id)).toEqual([1, 2]);
    expect(filterEmployees(employees, 'IT').map((e) => e.id)).toEqual([2]);
    expect(filterEmployees(employees, '').map((e) => e.id)).toEqual([1, 2]);
  });
});

describe('participationState', () => {
  it('reads the furthest step reached', () => {
    expect(participationState({ invited_at: null, terms_accepted: false, finished: false })).toBe('not_invited');
    expect(participationState({ invited_at: '2026-01-01T00:00:00Z', terms_accepted: false, finished: false })).toBe('invited');
    expect(participationState({ invited_at: null, terms_accepted: true, finished: false })).toBe('started');
    expect(participationState({ invited_at: null, terms_accepted: true, finished: true })).toBe('finished');
  });
});
