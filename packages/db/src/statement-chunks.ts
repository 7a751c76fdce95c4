/** PostgreSQL's limit on bind parameters in one statement (a 16-bit count in its wire protocol). */
export const MAX_STATEMENT_PARAMETERS = 65_535;

/**
 * At most this many rows per statement whatever their width: the ORM builds a statement's SQL
 * recursively (20,000 rows of employees overflowed its stack), and the embedded database failed
 * with "RangeError: Invalid array length" on 6,553 employee rows (59,000 parameters) that
 * PostgreSQL took. The loaders inserted answers 1,000 rows at a time before, on both databases.
 */
export const MAX_ROWS_PER_STATEMENT = 1_000;

/**
 * Rows in consecutive groups that each fit one multi-row INSERT: rows × columns (the most keys any
 * row has, one bind parameter each) stays within MAX_STATEMENT_PARAMETERS. The groups keep the
 * rows' order, so the ids an `INSERT … RETURNING` answers per group concatenate in input order.
 * The demo and benchmark loaders put thousands of people in at once (issue 35, point 8: one
 * INSERT with 88,335 parameters for 10,000 people).
 */
export function statementChunks<T extends object>(rows: readonly T[], parametersPerRow?: number): T[][] {
  if (rows.length === 0) return [];
  // A loop, not Math.max(...rows): spreading 268,665 answer rows (20,000 people) overflowed the stack.
  let columns = parametersPerRow ?? 1;
  if (parametersPerRow === undefined) for (const row of rows) columns = Math.max(columns, Object.keys(row).length);
  const size = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_STATEMENT_PARAMETERS / columns)));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
