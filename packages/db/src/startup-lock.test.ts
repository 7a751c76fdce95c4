import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDb } from './create-db.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

// Needs a PostgreSQL server (CI and this machine set TEST_DATABASE_URL); skipped without one.
describe.skipIf(!adminUrl)('startup on one PostgreSQL from several instances', () => {
  async function withFreshDatabase(use: (url: string) => Promise<void>): Promise<void> {
    const name = `ona_lock_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(adminUrl as string);
      url.pathname = `/${name}`;
      await use(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }

  it('migrates once when three instances start together on an empty database', async () => {
    await withFreshDatabase(async (url) => {
      const handles = await Promise.all([1, 2, 3].map(() => createDb({ url, poolSize: 2 })));
      try {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const journal = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
        const distinct = await client.query<{ n: number }>('select count(distinct hash)::int as n from drizzle.__drizzle_migrations');
        await client.end();
        expect(journal.rows[0]?.n).toBeGreaterThan(0);
        expect(journal.rows[0]?.n).toBe(distinct.rows[0]?.n);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  });

  it('runs the startup work of one instance at a time', async () => {
    await withFreshDatabase(async (url) => {
      const [a, b] = await Promise.all([createDb({ url, poolSize: 2 }), createDb({ url, poolSize: 2 })]);
      try {
        const events: string[] = [];
        const work = (name: string) => async () => {
          events.push(`${name} start`);
          await new Promise((resolve) => setTimeout(resolve, 150));
          events.push(`${name} end`);
        };
        await Promise.all([a!.withStartupLock(work('a')), b!.withStartupLock(work('b'))]);
        expect(events).toHaveLength(4);
        // Whoever started first ended before the other started.
        expect(events[1]).toBe(`${events[0]!.split(' ')[0]} end`);
      } finally {
        await Promise.all([a!.close(), b!.close()]);
      }
    });
  });
});
