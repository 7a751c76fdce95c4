import { createDb, type DbHandle } from '@ona/db';
import { createThrowawayDatabase } from '../../apps/server/src/testing/throwaway-database.ts';

export interface BenchDatabase {
  /** The connection string of the new database (the server processes get it as DATABASE_URL). */
  url: string;
  handle: DbHandle;
  /** Closes this process's pool and drops the database (with every connection still on it). */
  drop(): Promise<void>;
}

/** A throw-away PostgreSQL database `<prefix>_<random>` on the server of `serverUrl`, migrated. */
export async function createBenchDatabase(serverUrl: string, prefix: string): Promise<BenchDatabase> {
  const database = await createThrowawayDatabase(serverUrl, { prefix: `${prefix}_` });
  const handle = await createDb({ url: database.url, poolSize: 4 });
  return {
    url: database.url,
    handle,
    async drop() {
      await handle.close();
      await database.drop();
    },
  };
}
