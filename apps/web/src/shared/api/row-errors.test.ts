import { describe, expect, it } from 'vitest';
import { rowErrors } from './row-errors.ts';

describe('rowErrors', () => {
  it('orders row problems by row number after the file-wide ones', () => {
    expect(rowErrors({ row_12: ['Unknown leader'], row_5: ['Duplicate e-mail', 'Missing name'], import_file: ['Wrong columns'] })).toEqual([
      { sheet: null, row: null, field: 'import_file', messages: ['Wrong columns'] },
      { sheet: null, row: 5, field: null, messages: ['Duplicate e-mail', 'Missing name'] },
      { sheet: null, row: 12, field: null, messages: ['Unknown leader'] },
    ]);
  });

  it('reads the rows of the other sheets of a workbook (units.row_3, answers.row_8) with their sheet', () => {
    expect(rowErrors({ 'answers.row_8': ['Unknown question'], 'units.row_3': ['Unknown parent unit'], row_2: ['Missing name'] })).toEqual([
      { sheet: null, row: 2, field: null, messages: ['Missing name'] },
      { sheet: 'answers', row: 8, field: null, messages: ['Unknown question'] },
      { sheet: 'units', row: 3, field: null, messages: ['Unknown parent unit'] },
    ]);
  });

  it('is empty without errors and skips empty lists', () => {
    expect(rowErrors(undefined)).toEqual([]);
    expect(rowErrors({ row_2: [] })).toEqual([]);
  });
});
