import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { TAuditAction, TScimTokenCreated } from '@ona/contracts';
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
const entries = (action: TAuditAction) => db().select().from(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, organizationId), eq(tables.auditEntries.action, action)));
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

describe('SSO settings, second factors and directory changes commit with their entry', () => {
  const ssoSettings = { enabled: false, issuer_url: 'https://idp.acme.test', client_id: 'ona', allowed_domains: ['acme.test'] };
  const putSso = (clientId: string) => ctx.app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(token), payload: { ...ssoSettings, client_id: clientId } });
  const storedClientId = async () => (await db().select().from(tables.ssoConnections).where(eq(tables.ssoConnections.organizationId, organizationId)))[0]?.clientId;
  const codeNow = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ctx.app.clock().getTime() });
  const totpOf = async (userId: number) => (await db().select().from(tables.userTotp).where(eq(tables.userTotp.userId, userId)))[0];
  let memberId: number;
  let memberToken: string;
  let scimToken: string;
  let recoveryCodes: string[] = [];
  const scimUser = (userName: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${scimToken}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName, externalId: userName, name: { givenName: 'Dora', familyName: 'Directory' }, emails: [{ value: userName, primary: true }], active: true }),
    });
  const directoryPeople = async () => db().select().from(tables.directoryPeople).where(eq(tables.directoryPeople.organizationId, organizationId));

  beforeAll(async () => {
    memberId = (await createUser(db(), { email: 'mia@acme.test', name: 'Mia Member', organizationIds: [organizationId], permissions: [] })).id;
    memberToken = await loginAs(ctx.app, 'mia@acme.test', FIXTURE_PASSWORD);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/organization/scim-tokens/', headers: authHeader(token), payload: { name: 'Entra ID' } });
    expect(created.statusCode).toBe(201);
    scimToken = created.json<TScimTokenCreated>().token;
  }, 120_000);

  it('each committed change has one entry', async () => {
    expect((await putSso('ona')).statusCode).toBe(200);
    expect(await entries('sso.change')).toHaveLength(1);
    const enrolment = await ctx.app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/', headers: authHeader(memberToken) });
    expect(enrolment.statusCode).toBe(200);
    const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/confirm/', headers: authHeader(memberToken), payload: { code: codeNow(enrolment.json<{ secret: string }>().secret) } });
    expect(confirmed.statusCode).toBe(200);
    recoveryCodes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect((await totpOf(memberId))?.confirmedAt).toBeInstanceOf(Date);
    expect(await entries('second_factor.change')).toHaveLength(2);
    expect((await scimUser('dora@acme.test')).statusCode).toBe(201);
    const changes = await entries('directory.change');
    expect(changes).toHaveLength(1);
    expect(changes[0]?.scimTokenId).toEqual(expect.any(Number));
  });

  it('a change whose entry cannot be written is not made', async () => {
    const lift = await refuseInserts('audit_entries');
    try {
      expect((await putSso('changed-client')).statusCode).toBe(500);
      // The confirmed authenticator stays: its removal (with a right recovery code) is undone with its entry.
      const removal = await ctx.app.inject({ method: 'DELETE', url: '/api/users/me/second-factor/totp/', headers: authHeader(memberToken), payload: { code: recoveryCodes[0] } });
      expect(removal.statusCode).toBe(500);
      expect((await scimUser('lost@acme.test')).statusCode).toBe(500);
      expect((await ctx.app.inject({ method: 'PATCH', url: '/api/organization/confidentiality/', headers: authHeader(token), payload: { min_group_size: 7 } })).statusCode).toBe(500);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/organization/privacy-notice/', headers: authHeader(token), payload: { text: 'Lost notice' } })).statusCode).toBe(500);
      expect((await ctx.app.inject({ method: 'PUT', url: '/api/organization/retention-policy/', headers: authHeader(token), payload: { journey_months: 36, leaver_months: 6 } })).statusCode).toBe(500);
    } finally {
      await lift();
    }
    const [organization] = await db().select().from(tables.organizations).where(eq(tables.organizations.id, organizationId));
    expect(organization).toMatchObject({ minGroupSize: 5, retentionJourneyMonths: 24, retentionLeaverMonths: 12 });
    expect(await db().select().from(tables.privacyNotices).where(eq(tables.privacyNotices.organizationId, organizationId))).toHaveLength(0);
    expect(await storedClientId()).toBe('ona');
    expect((await totpOf(memberId))?.confirmedAt).toBeInstanceOf(Date);
    expect((await directoryPeople()).map((p) => p.userName)).toEqual(['dora@acme.test']);
    expect(await entries('sso.change')).toHaveLength(1);
    expect(await entries('directory.change')).toHaveLength(1);
    const verify = await ctx.app.inject({ method: 'POST', url: '/api/organization/audit-log/verify/', headers: authHeader(token) });
    expect(verify.json<{ whole: boolean }>().whole).toBe(true);
  });

  it('a new authenticator whose entry cannot be written is not enrolled', async () => {
    const newcomer = await createUser(db(), { email: 'noah@acme.test', name: 'Noah New', organizationIds: [organizationId], permissions: [] });
    const newcomerToken = await loginAs(ctx.app, 'noah@acme.test', FIXTURE_PASSWORD);
    const enrolment = await ctx.app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/', headers: authHeader(newcomerToken) });
    const lift = await refuseInserts('audit_entries');
    try {
      const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/confirm/', headers: authHeader(newcomerToken), payload: { code: codeNow(enrolment.json<{ secret: string }>().secret) } });
      expect(confirmed.statusCode).toBe(500);
    } finally {
      await lift();
    }
    expect((await totpOf(newcomer.id))?.confirmedAt).toBeNull();
    expect(await db().select().from(tables.userRecoveryCodes).where(eq(tables.userRecoveryCodes.userId, newcomer.id))).toHaveLength(0);
  });
});
