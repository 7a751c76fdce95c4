import { describe, expect, it } from 'vitest';
import { retentionEmployee } from './retention-fixtures.test-support.ts';
import { nextSort, sortEmployees, type TSortContext } from './retention-sort.ts';

const units = new Map([[1, 'Sales'], [2, 'Finance']]);
const context: TSortContext = {
  unitName: (id) => (id === null ? '' : (units.get(id) ?? '')),
  employeeName: (id) => (id === 10 ? 'Zoltán' : id === 11 ? 'Anna' : ''),
  locale: 'en',
};

const STAFF = [
  retentionEmployee(1, { name: 'Cecil', risk_level: 2, unit: 1, leader: 10, generation: 'z', works_since: '2020-05-01' }),
  retentionEmployee(2, { name: 'Anna', risk_level: 4, unit: 2, leader: 11, generation: 'bb', works_since: null }),
  retentionEmployee(3, { name: 'Bela', risk_level: 2, unit: null, leader: null, generation: 'x', works_since: '2011-02-01' }),
];
const order = (column: Parameters<typeof sortEmployees>[1]['column'], direction: 'asc' | 'desc') => sortEmployees(STAFF, { column, direction }, context).map((e) => e.name);

describe('datasheet sorting', () => {
  it('sorts by risk level and breaks ties by name', () => {
    expect(order('riskLevel', 'desc')).toEqual(['Anna', 'Bela', 'Cecil']);
    expect(order('riskLevel', 'asc')).toEqual(['Bela', 'Cecil', 'Anna']);
  });

  it('sorts departments and leaders by their names, with blanks last either way', () => {
    expect(order('department', 'asc')).toEqual(['Anna', 'Cecil', 'Bela']);
    expect(order('department', 'desc')).toEqual(['Cecil', 'Anna', 'Bela']);
    expect(order('leader', 'asc')).toEqual(['Anna', 'Cecil', 'Bela']);
  });

  it('orders generations from the oldest and dates as dates', () => {
    expect(order('generation', 'asc')).toEqual(['Anna', 'Bela', 'Cecil']);
    expect(order('worksSince', 'asc')).toEqual(['Bela', 'Cecil', 'Anna']);
  });

  it('leaves the rows it was given untouched', () => {
    sortEmployees(STAFF, { column: 'employee', direction: 'desc' }, context);
    expect(STAFF.map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('flips the sorted column on a second click and starts counts high first', () => {
    expect(nextSort({ column: 'employee', direction: 'asc' }, 'employee')).toEqual({ column: 'employee', direction: 'desc' });
    expect(nextSort({ column: 'employee', direction: 'asc' }, 'riskFactors')).toEqual({ column: 'riskFactors', direction: 'desc' });
    expect(nextSort({ column: 'riskLevel', direction: 'desc' }, 'department')).toEqual({ column: 'department', direction: 'asc' });
  });
});
