export * from './create-db.ts';
export { isConnectionError } from './resilient-pool.ts';
export { databaseErrorOf, type DatabaseErrorFacts } from './database-error.ts';
export type { ObservedStatement, StatementListener } from './statement-observer.ts';
export * as tables from './schema.ts';
export { sql, eq, and, or, inArray, desc, asc, isNull, isNotNull, gt, gte, lt, lte, ne, count } from 'drizzle-orm';
export type { SQL } from 'drizzle-orm';
export { onOneConnection, perDatabase, preparedStatement, type HeldConnection } from './prepared-statement.ts';
export { MAX_ROWS_PER_STATEMENT, MAX_STATEMENT_PARAMETERS, statementChunks } from './statement-chunks.ts';
