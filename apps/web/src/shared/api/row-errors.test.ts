import { describe, expect, it } from 'vitest';
import { rowErrors } from './row-errors.ts';

describe('rowErrors', () => {
  it('orders row problems by row number after the file-wide ones', () => {
    expect(rowErrors({ row_12: ['Unknown leader'], row_5: ['Duplicate e-mail', 'Missing name'], import_file: ['Wrong columns'] })).toEqual([
      { row: null, field: 'import_file', messages: ['Wrong columns'] },
      { row: 5, field: null, messages: ['Duplicate e-mail', 'Missing name'] },
      { row: 12, field: null, messages: ['Unknown leader'] },
    ]);
  });

  it('is empty without errors and skips empty lists', () => {
    expect(rowErrors(undefined)).toEqual([]);
    expect(rowErrors({ row_2: [] })).toEqual([]);
  });
});
