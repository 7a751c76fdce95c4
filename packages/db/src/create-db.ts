import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/**
 * Both drivers expose the same query builder; the node-postgres type stands for both so that
 * repositories are written once.
 */
export type Database = NodePgDatabase<Schema>;

export type DbOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  | { memory: true };

export interface DbHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Opens the database, runs the migrations and returns a handle that closes what it opened. */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server ends (restart, failover, a dropped test database) emits
    // 'error' on the pool; without a listener that would crash the process. The pool replaces it.
    pool.on('error', (err) => {
      if (process.env.LOG_LEVEL !== 'silent') console.warn(`PostgreSQL connection lost: ${err.message}`);
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir);
  } else {
    client = new PGlite();
  }
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
  };
}
