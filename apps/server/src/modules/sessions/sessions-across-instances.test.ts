import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { hashSecretToken } from '../auth/secret-token.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, loginAs } from '../../testing/test-app.ts';
import { instancesSharingRedis, type InstancesSharingRedis } from '../../testing/instances-sharing-redis.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

/**
 * Two instances on one database and one Redis: a session ended on one is refused by the other on
 * the very next request, although the other had its caller cached a moment before.
 */
let db: TestDatabase;
let instances: InstancesSharingRedis | undefined;
let appA: App;
let appB: App;
let orgId: number;
let adminToken: string;
let people = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  orgId = (await createOrganization(db.db, 'Twin')).id;
  await createUser(db.db, { email: 'admin@twin.test', organizationIds: [orgId], permissions: ['organization_admin'] });
  instances = await instancesSharingRedis(db, 'sessions');
  ({ appA, appB } = instances);
  adminToken = await loginAs(appA, 'admin@twin.test', FIXTURE_PASSWORD);
});
afterAll(async () => {
  await instances?.close();
  await db?.close();
});

const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(token) });

/** Until the instance serves the caller from its cache (it keeps none before its Redis subscription is live). */
async function cachedOn(app: App, token: string): Promise<void> {
  await expect
    .poll(async () => {
      expect((await me(app, token)).statusCode).toBe(200);
      return app.callerCache.get(hashSecretToken(token)) !== undefined;
    })
    .toBe(true);
}

async function newMember(): Promise<{ id: number; email: string }> {
  people += 1;
  const email = `member${people}@twin.test`;
  const user = await createUser(db.db, { email, organizationIds: [orgId] });
  return { id: user.id, email };
}

describe('sessions across instances', () => {
  it('an administrator ends a member\'s sessions on instance A: the next request on instance B answers 401', async () => {
    const member = await newMember();
    const token = await loginAs(appA, member.email, FIXTURE_PASSWORD);
    await cachedOn(appB, token);
    const res = await appA.inject({ method: 'POST', url: `/api/organization/users/${member.id}/end-sessions/`, headers: authHeader(adminToken) });
    expect(res.json()).toEqual({ ended: 1 });
    expect((await me(appB, token)).statusCode).toBe(401);
  });

  it('a new password set on instance A ends the other session on its next request on instance B', async () => {
    const member = await newMember();
    const onB = await loginAs(appB, member.email, FIXTURE_PASSWORD);
    const onA = await loginAs(appA, member.email, FIXTURE_PASSWORD);
    await cachedOn(appB, onB);
    const res = await appA.inject({ method: 'POST', url: '/api/users/me/password/', headers: authHeader(onA), payload: { current_password: FIXTURE_PASSWORD, new_password1: 'another-one-77', new_password2: 'another-one-77' } });
    expect(res.statusCode).toBe(200);
    expect((await me(appB, onB)).statusCode).toBe(401);
    expect((await me(appB, onA)).statusCode).toBe(200);
  });

  it('a session its user ends on instance A answers 401 on its next request on instance B', async () => {
    const member = await newMember();
    const phone = await loginAs(appA, member.email, FIXTURE_PASSWORD);
    const laptop = await loginAs(appA, member.email, FIXTURE_PASSWORD);
    await cachedOn(appB, phone);
    const sessions = (await appA.inject({ method: 'GET', url: '/api/users/me/sessions/', headers: authHeader(laptop) })).json() as { id: number; current: boolean }[];
    const phoneSession = sessions.find((s) => !s.current);
    const res = await appA.inject({ method: 'DELETE', url: `/api/users/me/sessions/${phoneSession?.id}/`, headers: authHeader(laptop) });
    expect(res.statusCode).toBe(200);
    expect((await me(appB, phone)).statusCode).toBe(401);
  });
});
