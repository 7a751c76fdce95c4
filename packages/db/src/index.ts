export * from './create-db.ts';
export { isConnectionError } from './resilient-pool.ts';
export { databaseErrorOf, type DatabaseErrorFacts } from './database-error.ts';
export type { ObservedStatement, StatementListener } from './statement-observer.ts';
export * as tables from './schema.ts';
export { sql, eq, and, or, inArray, desc, asc, isNull, isNotNull, gt, gte, lt, lte, ne, count } from 'drizzle-orm';
export type { SQL } from 'drizzle-orm';
export { onOneConnection, perDatabase, preparedStatement, type HeldConnection } from './prepared-statement.ts';
