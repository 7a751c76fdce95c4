import { describe, expect, it } from 'vitest';
import { pageCount, pageSlice } from './page-slice.ts';

describe('the table pages', () => {
  const rows = Array.from({ length: 120 }, (_, index) => index);

  it('cuts rows into pages of the given size, the last one shorter', () => {
    expect(pageCount(120, 50)).toBe(3);
    expect(pageSlice(rows, 3, 50).rows).toEqual(rows.slice(100));
  });

  it('shows the last page when the asked one is past the end, and one empty page for no rows', () => {
    expect(pageSlice(rows, 9, 50)).toEqual({ page: 3, rows: rows.slice(100) });
    expect(pageCount(0, 50)).toBe(1);
    expect(pageSlice([], 1, 50)).toEqual({ page: 1, rows: [] });
  });
});
