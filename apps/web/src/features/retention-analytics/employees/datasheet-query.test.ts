import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_FILTERS } from '../retention-filters.ts';
import { DEFAULT_DATASHEET_SORT } from '../retention-sort.ts';
import { datasheetQuery, serverSortOf } from './datasheet-query.ts';

describe('the datasheet page the web asks the server for', () => {
  it('asks for the default view: levels 1 to 4, highest risk first', () => {
    expect(datasheetQuery(DEFAULT_RETENTION_FILTERS, DEFAULT_DATASHEET_SORT, 1, 50).toString()).toBe('page=1&page_size=50&sort=-risk_level&risk_level=1&risk_level=2&risk_level=3&risk_level=4');
  });

  it('sends every filter of the panel, and "none" when no level is chosen (nobody, as the browser filtered)', () => {
    const query = datasheetQuery(
      { department: 7, generations: ['x', 'z'], keyRoles: ['broker'], answered: 'notAnswered', organisationalAges: ['now'], riskLevels: [], groupRoles: ['gatekeeper'], search: ' Árp ' },
      { column: 'leader', direction: 'asc' },
      3,
      50,
    );
    expect(query.get('page')).toBe('3');
    expect(query.get('sort')).toBe('leader');
    expect(query.get('unit')).toBe('7');
    expect(query.getAll('generation')).toEqual(['x', 'z']);
    expect(query.getAll('key_role')).toEqual(['broker']);
    expect(query.getAll('group_role')).toEqual(['gatekeeper']);
    expect(query.get('answered')).toBe('not_answered');
    expect(query.getAll('age')).toEqual(['now']);
    expect(query.getAll('risk_level')).toEqual(['none']);
    expect(query.get('name')).toBe('Árp');
  });

  it('names each column by its server key, a leading minus descending', () => {
    expect(serverSortOf({ column: 'employee', direction: 'desc' })).toBe('-name');
    expect(serverSortOf({ column: 'worksSince', direction: 'asc' })).toBe('works_since');
    expect(serverSortOf({ column: 'department', direction: 'asc' })).toBe('unit');
  });
});
