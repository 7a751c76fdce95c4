import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
 * (vitest.config.ts, isolate: false), so each file's database is a copy of it, not a new PGlite
 * that starts its engine and runs every migration again (measured: 4 s per file against 0.9 s).
 * The copy is made from what the worker keeps: the migrated data directory dumped once, and the
 * engine's WebAssembly compiled once with its file bundle read once. `PGlite.clone()` dumped the
 * template and compiled the engine again for every file (1.3 s against 0.9 s a copy, measured
 * 2026-12-02 on a small template; more on the migrated one, whose dump grows with the schema).
 */
interface TEmbeddedTemplate {
  dataDir: File | Blob;
  wasmModule: WebAssembly.Module;
  fsBundle: Blob;
}
let template: Promise<TEmbeddedTemplate> | undefined;

async function embeddedTemplate(): Promise<TEmbeddedTemplate> {
  const migrated = (await createDb({ memory: true })).db as unknown as { $client: PGlite };
  const dataDir = await migrated.$client.dumpDataDir('none');
  await migrated.$client.close();
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [wasm, bundle] = await Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))]);
  return { dataDir, wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
}

async function copyOfMigratedTemplate(): Promise<PGlite> {
  template ??= embeddedTemplate();
  const { dataDir, wasmModule, fsBundle } = await template;
  return PGlite.create({ loadDataDir: dataDir, wasmModule, fsBundle });
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
  if (process.env.TEST_DB_DRIVER !== 'postgres') return { ...(await createDb({ opened: await copyOfMigratedTemplate(), onStatement })), watchStatements };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  // The run's migrated template (postgres-template.ts) is copied by the server in a moment;
  // without one (a file run on its own) the database is migrated below as a new one would be.
  const database = await createThrowawayDatabase(adminUrl, { prefix: testDatabasePrefix(), template: process.env.TEST_POSTGRES_TEMPLATE, waitForDisk: false });
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
