import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A PostgreSQL database made for one test file, server or benchmark run, and dropped after it. */
export interface ThrowawayDatabase {
  name: string;
  /** The connection string of the new database: the server's, with its name. */
  url: string;
  /** Waits (at most 5 s) until nobody is connected to it any more. */
  unused(): Promise<void>;
  /** Drops it once its connections are gone (those left after 5 s are ended by the drop). */
  drop(): Promise<void>;
}

const NAME = /^[a-z_][a-z0-9_]{0,50}$/;

/** Runs `work` on a connection of its own to the server of `serverUrl` (its maintenance database). */
async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * pool.end() resolves before the server has let go of the connections; a forced drop would then
 * end them under the pool and surface as unhandled errors, so a drop first waits (at most 5 s).
 */
async function waitUntilUnused(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `create database <prefix><random>` on the server of `serverUrl`, empty or, with `template`, a copy
 * of that database (a file copy in the server, far faster than migrating anew; the template must
 * have no connections). Every throw-away database of the tests, the browser tests' servers and the
 * benchmarks is made here, so that they are named, copied and dropped the same way.
 */
export async function createThrowawayDatabase(serverUrl: string, options: { prefix: string; template?: string; waitForDisk?: boolean }): Promise<ThrowawayDatabase> {
  const name = `${options.prefix}${randomBytes(6).toString('hex')}`;
  if (!NAME.test(name) || (options.template !== undefined && !NAME.test(options.template))) throw new Error(`not a database name: ${name} / ${options.template}`);
  await onServer(serverUrl, async (client) => {
    await client.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
    // A test's database lives for minutes and is dropped after: a commit need not wait for the
    // disk's flush (2.7 ms a commit on this machine's disk against 0.07 ms, measured with pgbench).
    // Commits stay atomic and visible to every connection at once; only a crash of the database
    // server itself could lose the last ones, which no test does. Benchmarks keep the default.
    if (options.waitForDisk === false) await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    unused: () => onServer(serverUrl, (client) => waitUntilUnused(client, name)),
    drop: () =>
      onServer(serverUrl, async (client) => {
        await waitUntilUnused(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** The prefix of a test run's databases: TEST_DATABASE_PREFIX lets parallel runs on one server tell theirs apart. */
export function testDatabasePrefix(): string {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? '';
  return /^[a-z_][a-z0-9_]{0,30}$/.test(prefix) ? prefix : 'ona_test_';
}
