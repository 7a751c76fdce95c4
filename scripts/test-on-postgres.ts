import { spawnSync } from 'node:child_process';

// The API tests run a second time against PostgreSQL when a server is given (CI sets it).
const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL run of the API tests is skipped.');
  process.exit(0);
}
/**
 * Only the test files that open a database: those whose imports reach the test database's two
 * entry points (Vitest's `related` walks the import graph). The others (the engine's, the locale
 * checks, pure rules: 27 of 123 files) give the same answer on any database and ran in the
 * embedded stage already. Three files at a time: on PostgreSQL much of a test's time is spent
 * waiting on the server process.
 */
const DATABASE_ENTRY_POINTS = ['apps/server/src/testing/test-database.ts', 'apps/server/src/testing/throwaway-database.ts'];
const result = spawnSync('npx', ['vitest', 'related', '--run', ...DATABASE_ENTRY_POINTS, '--maxWorkers=3'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB_DRIVER: 'postgres' },
});
process.exit(result.status ?? 1);
