import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, type DbHandle, type StatementListener } from '@ona/db';

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
  // TEST_DATABASE_PREFIX lets parallel runs on one server tell their databases apart.
  const prefix = /^[a-z_][a-z0-9_]{0,30}$/.test(process.env.TEST_DATABASE_PREFIX ?? '') ? process.env.TEST_DATABASE_PREFIX : 'ona_test_';
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The run's migrated template (postgres-template.ts) is copied by the server in a moment;
  // without one (a file run on its own) the database is migrated below as a new one would be.
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), poolSize: 5, onStatement });
  return {
    ...handle,
    url: url.toString(),
    watchStatements,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pool.end() resolves before the server has let go of the connections; a forced drop would
      // then kill them and surface as unhandled errors, so wait until they are gone.
      for (let i = 0; i < 100; i++) {
        const { rows } = await cleanup.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
