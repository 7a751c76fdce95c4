import { describe, expect, it } from 'vitest';
import { nextSort } from './retention-sort.ts';

describe('datasheet sorting', () => {
  it('flips the sorted column on a second click and starts counts high first', () => {
    expect(nextSort({ column: 'employee', direction: 'asc' }, 'employee')).toEqual({ column: 'employee', direction: 'desc' });
    expect(nextSort({ column: 'employee', direction: 'asc' }, 'riskFactors')).toEqual({ column: 'riskFactors', direction: 'desc' });
    expect(nextSort({ column: 'riskLevel', direction: 'desc' }, 'department')).toEqual({ column: 'department', direction: 'asc' });
  });
});
