import { createDb } from '@ona/db';
import { createThrowawayDatabase, testDatabasePrefix } from './throwaway-database.ts';

/**
 * Vitest global setup for the run on PostgreSQL: one database migrated before the first test
 * file, which every test file's database copies (`create database … template …`, a file copy in
 * the server) instead of running every migration again. Dropped when the run ends.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl) return undefined;
  const template = await createThrowawayDatabase(adminUrl, { prefix: `${testDatabasePrefix()}template_`, waitForDisk: false });
  try {
    // Two connections: one holds the startup lock while the other migrates.
    const migrated = await createDb({ url: template.url, poolSize: 2 });
    // A template is copied only while nobody is connected to it.
    await migrated.close();
    await template.unused();
  } catch (error) {
    await template.drop();
    throw error;
  }
  // Test workers start after global setup and inherit its environment.
  process.env.TEST_POSTGRES_TEMPLATE = template.name;
  return () => template.drop();
}
