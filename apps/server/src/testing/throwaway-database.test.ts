import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from './throwaway-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? '';

async function exists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

// Only where a PostgreSQL server is given (the run on PostgreSQL; CI sets it).
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres' || !serverUrl)('a throw-away PostgreSQL database', () => {
  it('is a copy of its template, and is gone after drop even with a connection still open', async () => {
    const template = await createThrowawayDatabase(serverUrl, { prefix: 'ona_test_tpl_' });
    try {
      const seed = new pg.Client({ connectionString: template.url });
      await seed.connect();
      try {
        await seed.query('create table kept (value text)');
        await seed.query('insert into kept values ($1)', ['from the template']);
      } finally {
        await seed.end();
      }
      await template.unused();

      const copy = await createThrowawayDatabase(serverUrl, { prefix: 'ona_test_copy_', template: template.name });
      expect(copy.name).toMatch(/^ona_test_copy_[0-9a-f]{12}$/);
      expect(new URL(copy.url).pathname).toBe(`/${copy.name}`);
      const reader = new pg.Client({ connectionString: copy.url });
      await reader.connect();
      reader.on('error', () => undefined); // the drop ends this connection
      expect((await reader.query<{ value: string }>('select value from kept')).rows).toEqual([{ value: 'from the template' }]);
      // Left open on purpose: the drop waits a moment, then ends it.
      await copy.drop();
      expect(await exists(copy.name)).toBe(false);
    } finally {
      await template.drop();
    }
    expect(await exists(template.name)).toBe(false);
  });

  it('lets a test database commit without waiting for the disk, and keeps the default otherwise', async () => {
    const setting = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]?.synchronous_commit;
      } finally {
        await client.end();
      }
    };
    const quick = await createThrowawayDatabase(serverUrl, { prefix: 'ona_test_quick_', waitForDisk: false });
    const durable = await createThrowawayDatabase(serverUrl, { prefix: 'ona_test_durable_' });
    try {
      expect(await setting(quick.url)).toBe('off');
      expect(await setting(durable.url)).toBe('on');
    } finally {
      await quick.drop();
      await durable.drop();
    }
  });

  it('refuses a name that is not a plain identifier', async () => {
    await expect(createThrowawayDatabase(serverUrl, { prefix: 'x; drop database test; --' })).rejects.toThrow(/not a database name/);
  });
});
