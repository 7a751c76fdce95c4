import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, tables } from '@ona/db';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import type { TestDatabase } from '../../testing/test-database.ts';

/**
 * A change and its audit entry commit together (docs/audit-log.md): a change that fails leaves no
 * entry, and a change whose entry cannot be written does not happen.
 */

let ctx: TestContext & { db: TestDatabase };
let token: string;
let organizationId: number;
const db = () => ctx.db.db;
const patchPolicy = (idle: number) => ctx.app.inject({ method: 'PATCH', url: '/api/organization/sign-in-policy/', headers: authHeader(token), payload: { session_idle_minutes: idle } });
const createKey = (name: string) => ctx.app.inject({ method: 'POST', url: '/api/organization/api-keys/', headers: authHeader(token), payload: { name } });
const entries = (action: 'sign_in_policy.change' | 'api_key.change') => db().select().from(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, organizationId), eq(tables.auditEntries.action, action)));
const storedIdle = async () => (await db().select().from(tables.organizationSignInPolicies).where(eq(tables.organizationSignInPolicies.organizationId, organizationId)))[0]?.sessionIdleMinutes;

/** Makes the database refuse every insert into `table` until `lift` is called. */
async function refuseInserts(table: 'audit_entries' | 'organization_sign_in_policies' | 'api_keys') {
  await db().execute(sql.raw(`create function refuse_${table}() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`));
  await db().execute(sql.raw(`create trigger refuse_${table} before insert or update on ${table} for each row execute function refuse_${table}()`));
  return async () => {
    await db().execute(sql.raw(`drop trigger refuse_${table} on ${table}`));
    await db().execute(sql.raw(`drop function refuse_${table}()`));
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const org = await createOrganization(db(), 'Acme');
  organizationId = org.id;
  await createUser(db(), { email: 'admin@acme.test', name: 'Ada Admin', organizationIds: [org.id], permissions: ['organization_admin'] });
  token = await loginAs(ctx.app, 'admin@acme.test', FIXTURE_PASSWORD);
}, 120_000);
afterAll(async () => ctx.close());

describe('a change and its audit entry', () => {
  it('a committed change always has its entry, written once', async () => {
    expect((await patchPolicy(90)).statusCode).toBe(200);
    expect(await storedIdle()).toBe(90);
    expect(await entries('sign_in_policy.change')).toHaveLength(1);
    expect((await createKey('SIEM')).statusCode).toBe(201);
    expect(await entries('api_key.change')).toHaveLength(1);
  });

  it('a change whose transaction fails writes no entry', async () => {
    const lift = await refuseInserts('organization_sign_in_policies');
    try {
      expect((await patchPolicy(120)).statusCode).toBe(500);
    } finally {
      await lift();
    }
    expect(await storedIdle()).toBe(90);
    expect(await entries('sign_in_policy.change')).toHaveLength(1);
  });

  it('a change whose entry cannot be written is not made', async () => {
    const keysBefore = (await db().select().from(tables.apiKeys).where(eq(tables.apiKeys.organizationId, organizationId))).length;
    const lift = await refuseInserts('audit_entries');
    try {
      expect((await patchPolicy(150)).statusCode).toBe(500);
      expect((await createKey('Lost')).statusCode).toBe(500);
      const password = await ctx.app.inject({ method: 'POST', url: '/api/users/me/password/', headers: authHeader(token), payload: { current_password: FIXTURE_PASSWORD, new_password1: 'a-new-password-2032', new_password2: 'a-new-password-2032' } });
      expect(password.statusCode).toBe(500);
    } finally {
      await lift();
    }
    expect(await storedIdle()).toBe(90);
    expect(await db().select().from(tables.apiKeys).where(eq(tables.apiKeys.organizationId, organizationId))).toHaveLength(keysBefore);
    expect(await entries('sign_in_policy.change')).toHaveLength(1);
    // The old password still signs in: the new one was not stored without its entry.
    expect(await loginAs(ctx.app, 'admin@acme.test', FIXTURE_PASSWORD)).toEqual(expect.any(String));
    const verify = await ctx.app.inject({ method: 'POST', url: '/api/organization/audit-log/verify/', headers: authHeader(token) });
    expect(verify.json<{ whole: boolean }>().whole).toBe(true);
  });
});
