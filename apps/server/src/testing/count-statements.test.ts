import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, tables } from '@ona/db';
import { countStatements } from './count-statements.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** The counter itself, on whichever database the run uses (PGlite, or PostgreSQL with TEST_DB_DRIVER). */
describe('statement counter', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('counts each statement once, in order', async () => {
    const { statements } = await countStatements(db, async () => {
      await db.db.select({ id: tables.organizations.id }).from(tables.organizations);
      await db.db.execute(sql`select 1`);
    });
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^select "id" from "organizations"/);
    expect(statements[1]).toBe('select 1');
  });

  it('counts BEGIN and COMMIT of a transaction', async () => {
    const { statements, result } = await countStatements(db, () =>
      db.db.transaction(async (tx) => {
        const [org] = await tx.insert(tables.organizations).values({ name: 'Counted Ltd' }).returning({ id: tables.organizations.id });
        await tx.update(tables.organizations).set({ name: 'Counted Plc' }).where(eq(tables.organizations.id, org!.id));
        return org!.id;
      }),
    );
    expect(result).toBeGreaterThan(0);
    expect(statements.map((s) => s.split(' ')[0]?.toUpperCase())).toEqual(['BEGIN', 'INSERT', 'UPDATE', 'COMMIT']);
  });

  it('counts the ROLLBACK of a failed transaction, and stops counting when the work is done', async () => {
    const { statements } = await countStatements(db, async () => {
      await db.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('give up');
        })
        .catch(() => undefined);
    });
    expect(statements.map((s) => s.toUpperCase())).toEqual(['BEGIN', 'SELECT 1', 'ROLLBACK']);
    await db.db.execute(sql`select 2`);
    expect(statements).toHaveLength(3);
  });
});
