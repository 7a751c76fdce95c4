import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { insertPasswordReset } from '../modules/auth/repository.ts';
import { hashSecretToken, newSecretToken } from '../modules/auth/secret-token.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../testing/fixtures.ts';
import { countRequestStatements } from '../testing/count-statements.ts';
import { authHeader, loginAs } from '../testing/test-app.ts';
import { instancesSharingRedis, type InstancesSharingRedis } from '../testing/instances-sharing-redis.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

/**
 * The caller cache must never let a change wait for its expiry: logout, deactivation and a change
 * of rights show on the very next request, on the instance that made the change and (through
 * Redis) on another one.
 */
let db: TestDatabase;
let instances: InstancesSharingRedis | undefined;
let single: App;
let appA: App;
let appB: App;
let orgId: number;
let adminToken: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const org = await createOrganization(db.db, 'Cachet');
  orgId = org.id;
  await createUser(db.db, { email: 'admin@cachet.test', organizationIds: [orgId], permissions: ['organization_admin'] });
  instances = await instancesSharingRedis(db, 'fastsave');
  ({ single, appA, appB } = instances);
  adminToken = await loginAs(single, 'admin@cachet.test', FIXTURE_PASSWORD);
  await waitUntilCaching(appA);
  await waitUntilCaching(appB);
});
afterAll(async () => {
  await instances?.close();
  await db?.close();
});

/** Until the instance keeps callers: one whose Redis subscription is not live yet serves nothing from its cache. */
async function waitUntilCaching(app: App): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await me(app, adminToken);
    if (app.callerCache.get(hashSecretToken(adminToken))) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the caller cache never went live');
}

let people = 0;
/** A member of the organisation, signed in; returns their id and token. */
async function newMember(permissions: string[] = []): Promise<{ id: number; token: string }> {
  people += 1;
  const email = `member${people}@cachet.test`;
  const user = await createUser(db.db, { email, organizationIds: [orgId], permissions });
  return { id: user.id, token: await loginAs(single, email, FIXTURE_PASSWORD) };
}

const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(token) });
const patchMember = (app: App, id: number, body: object) => app.inject({ method: 'PATCH', url: `/api/organization/users/${id}/`, headers: authHeader(adminToken), payload: body });

describe('one instance', () => {
  it('serves a known caller without asking the database', async () => {
    const member = await newMember();
    expect((await me(single, member.token)).statusCode).toBe(200);
    const { response, statements } = await countRequestStatements({ app: single, db }, { method: 'GET', url: '/api/users/me/', headers: authHeader(member.token) });
    expect(response.statusCode).toBe(200);
    expect(statements).toEqual([]);
  });

  it('logout: the very next request with the token answers 401', async () => {
    const member = await newMember();
    expect((await me(single, member.token)).statusCode).toBe(200);
    expect((await single.inject({ method: 'POST', url: '/api/auth/logout/', headers: authHeader(member.token) })).statusCode).toBe(200);
    expect((await me(single, member.token)).statusCode).toBe(401);
  });

  it('deactivation: the very next request answers 401; reactivation lets them in again', async () => {
    const member = await newMember();
    expect((await me(single, member.token)).statusCode).toBe(200);
    expect((await patchMember(single, member.id, { active: false })).statusCode).toBe(200);
    expect((await me(single, member.token)).json()).toMatchObject({ code: 'no_active_membership' });
    expect((await patchMember(single, member.id, { active: true })).statusCode).toBe(200);
    expect((await me(single, member.token)).statusCode).toBe(200);
  });

  it('a new password through a reset link: the very next request with an old token answers 401', async () => {
    const member = await newMember();
    expect((await me(single, member.token)).statusCode).toBe(200);
    const link = newSecretToken();
    await insertPasswordReset(db.db, member.id, hashSecretToken(link), new Date(Date.now() + 3_600_000));
    const reset = await single.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { uid: String(member.id), token: link, new_password1: 'a-new-password-1', new_password2: 'a-new-password-1' } });
    expect(reset.statusCode).toBe(200);
    expect((await me(single, member.token)).statusCode).toBe(401);
  });

  it('a change of rights shows on the very next request', async () => {
    const member = await newMember();
    expect((await me(single, member.token)).json().permissions).toEqual([]);
    expect((await patchMember(single, member.id, { permissions: ['instant_survey_admin'] })).statusCode).toBe(200);
    expect((await me(single, member.token)).json().permissions).toEqual(['instant_survey_admin']);
  });

  it('renaming the organisation shows on the very next request of its members', async () => {
    const member = await newMember();
    expect((await me(single, member.token)).json().organization.name).toBe('Cachet');
    const renamed = await single.inject({ method: 'PATCH', url: '/api/organization/', headers: authHeader(adminToken), payload: { name: 'Cachet Two' } });
    expect(renamed.statusCode).toBe(200);
    expect((await me(single, member.token)).json().organization.name).toBe('Cachet Two');
    await single.inject({ method: 'PATCH', url: '/api/organization/', headers: authHeader(adminToken), payload: { name: 'Cachet' } });
  });
});

describe('two instances sharing Redis', () => {
  it('logout on A: the very next request on B answers 401', async () => {
    const member = await newMember();
    expect((await me(appA, member.token)).statusCode).toBe(200);
    expect((await me(appB, member.token)).statusCode).toBe(200);
    expect(appB.callerCache.get(hashSecretToken(member.token))).toBeDefined();
    expect((await appA.inject({ method: 'POST', url: '/api/auth/logout/', headers: authHeader(member.token) })).statusCode).toBe(200);
    expect((await me(appB, member.token)).statusCode).toBe(401);
  });

  it('deactivation on A: the very next request on B answers 401', async () => {
    const member = await newMember();
    expect((await me(appB, member.token)).statusCode).toBe(200);
    expect((await patchMember(appA, member.id, { active: false })).statusCode).toBe(200);
    expect((await me(appB, member.token)).statusCode).toBe(401);
  });

  it('a change of rights on A shows on the very next request on B', async () => {
    const member = await newMember();
    expect((await me(appB, member.token)).json().permissions).toEqual([]);
    expect((await patchMember(appA, member.id, { permissions: ['instant_survey_admin'] })).statusCode).toBe(200);
    expect((await me(appB, member.token)).json().permissions).toEqual(['instant_survey_admin']);
  });
});
