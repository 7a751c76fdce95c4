import { spawnSync } from 'node:child_process';

// The API tests run a second time against PostgreSQL when a server is given (CI sets it).
const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL run of the API tests is skipped.');
  process.exit(0);
}
// Three files at a time: on PostgreSQL much of a test's time is spent waiting on the server process.
const result = spawnSync('npx', ['vitest', 'run', 'apps/server/src', '--maxWorkers=3'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB_DRIVER: 'postgres' },
});
process.exit(result.status ?? 1);
