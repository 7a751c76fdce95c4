import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from './create-db.ts';
import { isConnectionError } from './resilient-pool.ts';

/** One connection held for several statements in a row (`onOneConnection`). */
export interface HeldConnection {
  query<TRow extends Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<TRow[]>;
}

const clientOf = (db: Database) => (db as unknown as { $client: PGlite | pg.Pool }).$client;

/**
 * A hand-written statement of a hot path, its text fixed once: on PostgreSQL a named prepared
 * statement (each connection parses and plans it once, later calls send only the values), on the
 * embedded database a plain parameterised query. Rows come back as the driver gives them (column
 * names as written in the SQL; bigint as a string on node-postgres): the caller maps them. Sent
 * through the pool, or on a connection that `onOneConnection` holds.
 */
export function preparedStatement<TRow extends Record<string, unknown>>(name: string, text: string): (target: Database | HeldConnection, values: unknown[]) => Promise<TRow[]> {
  return async (target, values) => {
    if (heldConnections.has(target)) return (target as HeldConnection).query<TRow>(name, text, values);
    const client = clientOf(target as Database);
    if (client instanceof PGlite) return (await client.query<TRow>(text, values)).rows;
    return (await client.query<TRow>({ name, text, values })).rows;
  };
}

const heldConnections = new WeakSet<object>();

/**
 * Runs `work` with one connection for all of its statements: on PostgreSQL one checkout of the
 * pool instead of one per statement, so that under load the later statements do not queue again
 * behind every other request's (the embedded database has a single connection anyway). Not a
 * transaction: each statement commits on its own. The first statement moves to a fresh
 * connection if the one handed out was dead (resilient-pool.ts); a connection that failed is
 * given back as broken, so the pool does not hand it out again.
 */
export async function onOneConnection<T>(db: Database, work: (connection: HeldConnection) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  if (client instanceof PGlite) {
    const embedded: HeldConnection = { query: async <TRow extends Record<string, unknown>>(_name: string, text: string, values: unknown[]) => (await client.query<TRow>(text, values)).rows };
    heldConnections.add(embedded);
    return work(embedded);
  }
  const connection = await client.connect();
  const held: HeldConnection = { query: async <TRow extends Record<string, unknown>>(name: string, text: string, values: unknown[]) => (await connection.query<TRow>({ name, text, values })).rows };
  heldConnections.add(held);
  let broken: Error | undefined;
  try {
    return await work(held);
  } catch (error) {
    if (isConnectionError(error)) broken = error instanceof Error ? error : new Error('connection lost');
    throw error;
  } finally {
    connection.release(broken);
  }
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
