/** Rows per page of the long tables: enough to scan, few enough that thousands of people stay quick. */
export const PAGE_SIZE = 50;

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of a 1-based page; a page past the end shows the last one (after a filter shrank the list). */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize = PAGE_SIZE): { page: number; rows: T[] } {
  const last = pageCount(rows.length, pageSize);
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  return { page: current, rows: rows.slice((current - 1) * pageSize, current * pageSize) };
}
