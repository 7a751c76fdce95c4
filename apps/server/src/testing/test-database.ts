import { PGlite } from '@electric-sql/pglite';
import { createDb, type DbHandle, type StatementListener } from '@ona/db';
import { createThrowawayDatabase, testDatabasePrefix } from './throwaway-database.ts';

/** A test database that also tells who asks of every statement sent to it (count-statements.ts). */
export interface TestDatabase extends DbHandle {
  /** For a test that opens a second pool of its own (a server that closes what it opened); PostgreSQL only. */
  url?: string;
  /** Calls `listener` with every statement until the returned function is called. */
  watchStatements(listener: StatementListener): () => void;
}

/**
 * The embedded database migrated once per test worker: test files share a worker's modules
 * (vitest.config.ts, isolate: false), so each file's database is a clone of it, not a new PGlite
 * that starts its engine and runs every migration again (measured: 4 s per file against 0.9 s).
 */
let template: Promise<PGlite> | undefined;

async function cloneOfMigratedTemplate(): Promise<PGlite> {
  template ??= createDb({ memory: true }).then((handle) => (handle.db as unknown as { $client: PGlite }).$client);
  const copy = await (await template).clone();
  // clone() is typed as the interface; it makes a PGlite like its source.
  if (!(copy instanceof PGlite)) throw new Error('PGlite.clone() made no PGlite');
  return copy;
}

/**
 * A fresh, migrated database per test file: embedded PGlite in memory by default, or a throw-away
 * PostgreSQL database when TEST_DB_DRIVER=postgres (with TEST_DATABASE_URL pointing at a server).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const listeners = new Set<StatementListener>();
  const onStatement: StatementListener = (statement) => {
    for (const listener of listeners) listener(statement);
  };
  const watchStatements = (listener: StatementListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (process.env.TEST_DB_DRIVER !== 'postgres') return { ...(await createDb({ opened: await cloneOfMigratedTemplate(), onStatement })), watchStatements };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  // The run's migrated template (postgres-template.ts) is copied by the server in a moment;
  // without one (a file run on its own) the database is migrated below as a new one would be.
  const database = await createThrowawayDatabase(adminUrl, { prefix: testDatabasePrefix(), template: process.env.TEST_POSTGRES_TEMPLATE });
  const handle = await createDb({ url: database.url, poolSize: 5, onStatement });
  return {
    ...handle,
    url: database.url,
    watchStatements,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
