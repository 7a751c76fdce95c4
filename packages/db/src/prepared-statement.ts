import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from './create-db.ts';

/**
 * A hand-written statement of a hot path, its text fixed once: on PostgreSQL a named prepared
 * statement (each connection parses and plans it once, later calls send only the values), on the
 * embedded database a plain parameterised query. Rows come back as the driver gives them (column
 * names as written in the SQL; bigint as a string on node-postgres): the caller maps them.
 */
export function preparedStatement<TRow extends Record<string, unknown>>(name: string, text: string): (db: Database, values: unknown[]) => Promise<TRow[]> {
  return async (db, values) => {
    const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
    if (client instanceof PGlite) return (await client.query<TRow>(text, values)).rows;
    return (await client.query<TRow>({ name, text, values })).rows;
  };
}

/**
 * One value per database: for a query built once with Drizzle's `.prepare()` (a prepared query
 * belongs to the database it was built on; tests open several).
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
