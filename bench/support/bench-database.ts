import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from '@ona/db';

export interface BenchDatabase {
  /** The connection string of the new database (the server processes get it as DATABASE_URL). */
  url: string;
  handle: DbHandle;
  /** Closes this process's pool and drops the database (with every connection still on it). */
  drop(): Promise<void>;
}

/** A throw-away PostgreSQL database `<prefix>_<random>` on the server of `serverUrl`, migrated. */
export async function createBenchDatabase(serverUrl: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), poolSize: 4 });
  return {
    url: url.toString(),
    handle,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
