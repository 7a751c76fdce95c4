import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApiKey, TApiKeyCreated, TEngagement } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { hashSecretToken } from '../auth/secret-token.ts';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let acme: { id: number };
let globex: { id: number };
let ada: { id: number };
let otto: { id: number };
const tokens: Record<string, string> = {};

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: authHeader(token), ...(payload ? { payload } : {}) });
const createKey = async (who: string, name: string): Promise<TApiKeyCreated> => {
  const res = await call('POST', '/api/organization/api-keys/', tokens[who] ?? '', { name });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const listKeys = async (who: string): Promise<TApiKey[]> => (await call('GET', '/api/organization/api-keys/', tokens[who] ?? '')).json();
const engagementNames = async (token: string) => {
  const res = await call('GET', '/api/engagements/', token);
  expect(res.statusCode).toBe(200);
  return (res.json() as TEngagement[]).map((e) => e.name).sort();
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db.db;
  acme = await createOrganization(db, 'Acme');
  globex = await createOrganization(db, 'Globex');
  await createEngagement(db, acme.id, 'Acme spring');
  await createEngagement(db, acme.id, 'Acme autumn');
  await createEngagement(db, globex.id, 'Globex survey');
  ada = await createUser(db, { email: 'ada@acme.test', name: 'Ada Admin', organizationIds: [acme.id], permissions: ['organization_admin', 'engagement_admin'] });
  // Ada is also a plain member of Globex, where she sees no engagement.
  await db.insert(tables.memberships).values({ userId: ada.id, organizationId: globex.id, permissions: [] });
  otto = await createUser(db, { email: 'otto@acme.test', name: 'Otto Org', organizationIds: [acme.id], permissions: ['organization_admin'] });
  await createUser(db, { email: 'paul@acme.test', name: 'Paul Plain', organizationIds: [acme.id], permissions: ['engagement_admin'] });
  await createUser(db, { email: 'gina@globex.test', name: 'Gina Globex', organizationIds: [globex.id], permissions: ['organization_admin'] });
  for (const email of ['ada@acme.test', 'otto@acme.test', 'paul@acme.test', 'gina@globex.test']) tokens[email] = await loginAs(ctx.app, email, FIXTURE_PASSWORD);
});
afterAll(async () => ctx.close());

describe('personal API keys', () => {
  it('are created by an organisation administrator, shown once, and stored only as a hash', async () => {
    const created = await createKey('ada@acme.test', 'Power BI');
    expect(created.key).toMatch(/^ona_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Power BI', prefix: created.key.slice(0, 8), last_used_at: null, created_by: { id: ada.id, name: 'Ada Admin' }, creator_active: true });
    const listed = await listKeys('ada@acme.test');
    expect(listed.map((k) => k.name)).toContain('Power BI');
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const [row] = await ctx.db.db.select().from(tables.apiKeys).where(eq(tables.apiKeys.id, created.id));
    expect(row?.keyHash).toBe(hashSecretToken(created.key));
    expect(Object.values(row ?? {}).some((value) => typeof value === 'string' && value.includes(created.key.slice(8)))).toBe(false);
  });

  it('act as their creator in the key’s organisation, whatever organisation the creator works in now', async () => {
    const { key, id } = await createKey('ada@acme.test', 'Nightly export');
    expect(await engagementNames(key)).toEqual(['Acme autumn', 'Acme spring']);
    expect(await engagementNames(key)).toEqual(await engagementNames(tokens['ada@acme.test'] ?? ''));
    // Ada switches the web app to Globex: her login token now sees Globex, the key still Acme.
    expect((await call('POST', '/api/users/me/set-organization/', tokens['ada@acme.test'] ?? '', { organization: globex.id })).statusCode).toBe(200);
    expect(await engagementNames(tokens['ada@acme.test'] ?? '')).toEqual([]);
    expect(await engagementNames(key)).toEqual(['Acme autumn', 'Acme spring']);
    const me = (await call('GET', '/api/users/me/', key)).json();
    expect(me).toMatchObject({ id: ada.id, organization: { id: acme.id } });
    expect((await call('POST', '/api/users/me/set-organization/', tokens['ada@acme.test'] ?? '', { organization: acme.id })).statusCode).toBe(200);
    const used = (await listKeys('ada@acme.test')).find((k) => k.id === id);
    expect(used?.last_used_at).not.toBeNull();
  });

  it('cannot sign out, switch organisation or manage keys (403 api_key_not_allowed)', async () => {
    const { key } = await createKey('ada@acme.test', 'Locked down');
    for (const [method, url, payload] of [
      ['GET', '/api/organization/api-keys/', undefined],
      ['POST', '/api/organization/api-keys/', { name: 'Another' }],
      ['POST', '/api/auth/logout/', undefined],
      ['POST', '/api/users/me/set-organization/', { organization: globex.id }],
    ] as const) {
      const res = await call(method, url, key, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('api_key_not_allowed');
    }
  });

  it('are revoked at once: the key answers 401 and leaves the list', async () => {
    const { key, id } = await createKey('ada@acme.test', 'To revoke');
    expect((await call('GET', '/api/engagements/', key)).statusCode).toBe(200);
    // Any administrator of the organisation may revoke any of its keys.
    expect((await call('DELETE', `/api/organization/api-keys/${id}/`, tokens['otto@acme.test'] ?? '')).statusCode).toBe(204);
    const res = await call('GET', '/api/engagements/', key);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_token');
    expect((await listKeys('ada@acme.test')).map((k) => k.id)).not.toContain(id);
    expect((await call('DELETE', `/api/organization/api-keys/${id}/`, tokens['ada@acme.test'] ?? '')).statusCode).toBe(404);
  });

  it('belong to their organisation: another organisation’s administrator neither lists nor revokes them (404)', async () => {
    const { key, id } = await createKey('ada@acme.test', 'Acme only');
    expect((await listKeys('gina@globex.test')).map((k) => k.id)).not.toContain(id);
    expect((await call('DELETE', `/api/organization/api-keys/${id}/`, tokens['gina@globex.test'] ?? '')).statusCode).toBe(404);
    expect((await call('GET', '/api/engagements/', key)).statusCode).toBe(200);
  });

  it('are for organisation administrators only (403), with a name (400)', async () => {
    expect((await call('GET', '/api/organization/api-keys/', tokens['paul@acme.test'] ?? '')).statusCode).toBe(403);
    expect((await call('POST', '/api/organization/api-keys/', tokens['paul@acme.test'] ?? '', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('POST', '/api/organization/api-keys/', tokens['ada@acme.test'] ?? '', { name: '  ' })).statusCode).toBe(400);
    expect((await call('GET', '/api/organization/api-keys/', 'ona_not-a-real-key')).statusCode).toBe(401);
  });

  it('are revoked when the creator’s membership is deactivated, and stay revoked when it is reactivated', async () => {
    const { key, id } = await createKey('otto@acme.test', 'Otto’s feed');
    expect((await call('GET', '/api/engagements/', key)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/organization/users/${otto.id}/`, tokens['ada@acme.test'] ?? '', { active: false })).statusCode).toBe(200);
    expect((await call('GET', '/api/engagements/', key)).statusCode).toBe(401);
    expect((await listKeys('ada@acme.test')).some((k) => k.id === id)).toBe(false);
    expect((await call('PATCH', `/api/organization/users/${otto.id}/`, tokens['ada@acme.test'] ?? '', { active: true })).statusCode).toBe(200);
    expect((await call('GET', '/api/engagements/', key)).statusCode).toBe(401);
    expect((await listKeys('ada@acme.test')).some((k) => k.id === id)).toBe(false);
    // A new key of the reactivated member works.
    const fresh = await createKey('otto@acme.test', 'Otto’s new feed');
    expect((await call('GET', '/api/engagements/', fresh.key)).statusCode).toBe(200);
  });

  it('stop at once when the creator’s account is deactivated', async () => {
    const { key } = await createKey('otto@acme.test', 'Otto’s account check');
    await ctx.db.db.update(tables.users).set({ isActive: false }).where(eq(tables.users.id, otto.id));
    expect((await call('GET', '/api/engagements/', key)).statusCode).toBe(401);
    await ctx.db.db.update(tables.users).set({ isActive: true }).where(eq(tables.users.id, otto.id));
  });

  it('stop at once when their organisation is archived', async () => {
    const { key } = await createKey('ada@acme.test', 'Archive check');
    await ctx.db.db.update(tables.organizations).set({ archivedAt: new Date() }).where(eq(tables.organizations.id, acme.id));
    expect((await call('GET', '/api/engagements/', key)).statusCode).toBe(401);
    await ctx.db.db.update(tables.organizations).set({ archivedAt: null }).where(eq(tables.organizations.id, acme.id));
    expect((await call('GET', '/api/engagements/', key)).statusCode).toBe(200);
  });
});
