import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb } from '@ona/db';

/**
 * Vitest global setup for the run on PostgreSQL: one database migrated before the first test
 * file, which every test file's database copies (`create database … template …`, a file copy in
 * the server) instead of running every migration again. Dropped when the run ends.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl) return undefined;
  const prefix = /^[a-z_][a-z0-9_]{0,30}$/.test(process.env.TEST_DATABASE_PREFIX ?? '') ? process.env.TEST_DATABASE_PREFIX : 'ona_test_';
  const name = `${prefix}template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Two connections: one holds the startup lock while the other migrates.
    const migrated = await createDb({ url: url.toString(), poolSize: 2 });
    // A template is copied only while nobody is connected to it.
    await migrated.close();
    // pool.end() resolves before the server has let go of the connection.
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if ((rows[0]?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await drop();
    throw error;
  } finally {
    await admin.end();
  }
  // Test workers start after global setup and inherit its environment.
  process.env.TEST_POSTGRES_TEMPLATE = name;
  return drop;
}
