import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { makeResilient } from './resilient-pool.ts';
import { observePglite, observePgPool, type StatementListener } from './statement-observer.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/**
 * Both drivers expose the same query builder; the node-postgres type stands for both so that
 * repositories are written once.
 */
export type Database = NodePgDatabase<Schema>;

/**
 * Connections a server keeps to PostgreSQL unless told otherwise (DATABASE_POOL_SIZE): about
 * twice the cores of the 2-core machine the product is measured on, where the server, PostgreSQL
 * and the clients share the cores. Measured against 4, 6 and 10 in docs/benchmarks.md ("Pool
 * size"): with 10 backends competing for 2 cores the journeys list's p99 was 20–22 ms, with 4–5
 * mostly 14–17 ms; the API tests on PostgreSQL run on 5 as well.
 */
export const DEFAULT_POOL_SIZE = 5;

export type DbOptions = ({ url: string; poolSize?: number } | { dataDir: string } | { memory: true } | { opened: PGlite }) & {
  /**
   * Told of every statement sent to the database (statement-observer.ts says what counts), e.g. by
   * tests that count a request's round trips. Without it nothing is wrapped.
   */
  onStatement?: StatementListener;
};

export interface DbHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /**
   * Runs `work` while holding a PostgreSQL advisory lock, so that of several instances starting
   * together against one database only one migrates or loads the demo at a time; the others
   * wait and then find the work done. The embedded database has a single process: no lock.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Where the job engine (pg-boss, apps/server/src/plugins/jobs.ts) connects: a PostgreSQL server
   * gets a small pool of its own; the embedded database is shared, since it has one connection.
   */
  jobConnection: JobConnection;
  close(): Promise<void>;
}

export type JobConnection = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

/** The advisory lock key of the startup work (any constant that no other feature uses). */
export const STARTUP_LOCK_KEY = 7_405_210_331;

async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

// Beside src/ from source; the built server (apps/server/dist) carries a copy beside its bundle.
const migrationsFolder = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../migrations' : './migrations', import.meta.url));

/** Opens the database, runs the migrations and returns a handle that closes what it opened. */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if ('url' in options) {
    // A server that cannot be reached answers within seconds (then 503), not after the OS gives up.
    const pool = makeResilient(new pg.Pool({ connectionString: options.url, max: options.poolSize ?? DEFAULT_POOL_SIZE, connectionTimeoutMillis: 5_000 }));
    // An idle connection that the server ends (restart, failover, a dropped test database) emits
    // 'error' on the pool; without a listener that would crash the process. The pool replaces it.
    pool.on('error', (err) => {
      if (process.env.LOG_LEVEL !== 'silent') console.warn(`PostgreSQL connection lost: ${err.message}`);
    });
    if (options.onStatement) observePgPool(pool, options.onStatement);
    const db = drizzlePg(pool, { schema });
    // Drizzle's migrator takes no lock of its own: two instances starting together would both
    // create its bookkeeping table and apply the same migration.
    await withAdvisoryLock(pool, () => migratePg(db, { migrationsFolder }));
    return { db, kind: 'postgres', jobConnection: { kind: 'postgres', url: options.url }, withStartupLock: (work) => withAdvisoryLock(pool, work), close: () => pool.end() };
  }
  let client: PGlite;
  let unlock = (): void => undefined;
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
    client = new PGlite(options.dataDir);
  } else if ('opened' in options) {
    // An embedded database opened by the caller, e.g. the tests' clone of a migrated template.
    client = options.opened;
  } else {
    client = new PGlite();
  }
  if (options.onStatement) observePglite(client, options.onStatement);
  const pgliteDb = drizzlePglite(client, { schema });
  try {
    await migratePglite(pgliteDb, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    unlock();
    throw error;
  }
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    jobConnection: { kind: 'pglite', client },
    withStartupLock: (work) => work(),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
