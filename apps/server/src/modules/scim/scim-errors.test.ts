import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMA, type TScimToken } from '@ona/contracts';
import { and, count, eq, tables } from '@ona/db';
import { authHeader } from '../../testing/test-app.ts';
import { createTestApp, person, scim, scimTenant, type TScimJson, type TScimTenant } from './scim-test-support.ts';
import type { TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let acme: TScimTenant;
let globex: TScimTenant;
let ada: TScimJson;
let acmeGroup: TScimJson;

const newUser = (name: string, extra: Record<string, unknown> = {}) => ({
  schemas: [SCIM_SCHEMA.user],
  userName: `${name}@example.test`,
  emails: [{ value: `${name}@example.test`, type: 'work', primary: true }],
  name: { givenName: name, familyName: 'Tester' },
  ...extra,
});

const expectScimError = (res: Awaited<ReturnType<typeof scim>>, status: number, scimType?: string) => {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toContain('application/scim+json');
  const body = res.json() as unknown as Record<string, unknown>;
  expect(body).toMatchObject({ schemas: [SCIM_SCHEMA.error], status: String(status) });
  expect(typeof body['detail']).toBe('string');
  if (scimType) expect(body['scimType']).toBe(scimType);
  expect(body).not.toHaveProperty('code');
};

beforeAll(async () => {
  ctx = await createTestApp();
  acme = await scimTenant(ctx, 'Acme');
  globex = await scimTenant(ctx, 'Globex');
  ada = (await scim(ctx, acme.scimToken, 'POST', '/Users', newUser('ada'))).json();
  acmeGroup = (await scim(ctx, acme.scimToken, 'POST', '/Groups', { schemas: [SCIM_SCHEMA.group], displayName: 'Acme people', members: [{ value: ada.id }] })).json();
}, 240_000);
afterAll(async () => ctx.close());

describe('SCIM refusals', () => {
  it('answer an unparsable filter and a filter on an unknown attribute with 400 invalidFilter', async () => {
    expectScimError(await scim(ctx, acme.scimToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq "ada" and (')}`), 400, 'invalidFilter');
    expectScimError(await scim(ctx, acme.scimToken, 'GET', `/Users?filter=${encodeURIComponent('userName zz "ada"')}`), 400, 'invalidFilter');
    expectScimError(await scim(ctx, acme.scimToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq')}`), 400, 'invalidFilter');
    expectScimError(await scim(ctx, acme.scimToken, 'GET', `/Users?filter=${encodeURIComponent('shoeSize eq "42"')}`), 400, 'invalidFilter');
  });

  it('refuse a PATCH that removes the e-mail (400 invalidValue) and leave the person as they were', async () => {
    const res = await scim(ctx, acme.scimToken, 'PATCH', `/Users/${ada.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'remove', path: 'emails' }] });
    expectScimError(res, 400, 'invalidValue');
    const filtered = await scim(ctx, acme.scimToken, 'PATCH', `/Users/${ada.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'Remove', path: 'emails[type eq "work"]' }] });
    expectScimError(filtered, 400, 'invalidValue');
    expect(await person(ctx, acme.organizationId, ada.id)).toMatchObject({ email: 'ada@example.test', version: 1 });
  });

  it('refuse changing the id (400 mutability) and an unknown op (400 invalidSyntax)', async () => {
    expectScimError(await scim(ctx, acme.scimToken, 'PATCH', `/Users/${ada.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', path: 'id', value: 'mine' }] }), 400, 'mutability');
    expectScimError(await scim(ctx, acme.scimToken, 'PATCH', `/Users/${ada.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'move', path: 'title', value: 'x' }] }), 400, 'invalidSyntax');
  });

  it('answer a duplicate userName, in any case, with 409 uniqueness', async () => {
    expectScimError(await scim(ctx, acme.scimToken, 'POST', '/Users', newUser('ADA')), 409, 'uniqueness');
    // Another organisation may have the same person: uniqueness is per directory.
    expect((await scim(ctx, globex.scimToken, 'POST', '/Users', newUser('ada'))).status).toBe(201);
  });

  it('let exactly one of twenty simultaneous creations of one userName through', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => scim(ctx, acme.scimToken, 'POST', '/Users', newUser('racer'))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) expectScimError(refused, 409, 'uniqueness');
  });

  it('take a storm of 150 creations at once: every one stored, nothing half-applied', async () => {
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => scim(ctx, acme.scimToken, 'POST', '/Users', newUser(`storm${i}`))));
    expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
    const [stored] = await ctx.db.db.select({ n: count() }).from(tables.directoryPeople).where(and(eq(tables.directoryPeople.organizationId, acme.organizationId)));
    const [histories] = await ctx.db.db.select({ n: count() }).from(tables.directoryPersonHistory).where(eq(tables.directoryPersonHistory.organizationId, acme.organizationId));
    expect(stored?.n).toBe(152);
    expect(histories?.n).toBe(152);
  }, 240_000);

  it('refuse a body over the limit with 413 and one that is not JSON with 400 invalidSyntax', async () => {
    expectScimError(await scim(ctx, acme.scimToken, 'POST', '/Users', newUser('big', { title: 'x'.repeat(1_100_000) })), 413);
    const res = await ctx.app.inject({ method: 'POST', url: '/scim/v2/Users', headers: { authorization: `Bearer ${acme.scimToken}`, 'content-type': 'application/scim+json' }, payload: '{"userName": ' });
    expectScimError({ status: res.statusCode, headers: res.headers, json: () => res.json(), body: res.body }, 400, 'invalidSyntax');
  });

  it('answer a stale If-Match with 412 and a current one with the change', async () => {
    const patch = { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', path: 'title', value: 'Engineer' }] };
    expectScimError(await scim(ctx, acme.scimToken, 'PATCH', `/Users/${ada.id}`, patch, { 'if-match': 'W/"7"' }), 412);
    const ok = await scim(ctx, acme.scimToken, 'PATCH', `/Users/${ada.id}`, patch, { 'if-match': 'W/"1"' });
    expect(ok.status).toBe(200);
    expect(ok.headers['etag']).toBe('W/"2"');
    expect((await scim(ctx, acme.scimToken, 'GET', `/Users/${ada.id}`, undefined, { 'if-none-match': 'W/"2"' })).status).toBe(304);
  });

  it('answer an unknown SCIM endpoint with a SCIM 404, not the web client', async () => {
    expectScimError(await scim(ctx, acme.scimToken, 'GET', '/Bulk'), 404);
  });
});

describe('SCIM authentication and tenancy', () => {
  it('refuse no token, a wrong token and a login token with 401', async () => {
    expectScimError(await scim(ctx, 'scim_not-a-real-token', 'GET', '/Users'), 401);
    const bare = await ctx.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ schemas: [SCIM_SCHEMA.error], status: '401' });
    expect(bare.headers['www-authenticate']).toContain('Bearer');
    expectScimError(await scim(ctx, acme.adminToken, 'GET', '/Users'), 401);
    // Nor does a SCIM token open the product's API.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/organization/scim-tokens/', headers: authHeader(acme.scimToken) })).statusCode).toBe(401);
  });

  it('never let one organisation’s token read or change another’s users or groups (404)', async () => {
    expectScimError(await scim(ctx, globex.scimToken, 'GET', `/Users/${ada.id}`), 404);
    expectScimError(await scim(ctx, globex.scimToken, 'PATCH', `/Users/${ada.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', value: { active: false } }] }), 404);
    expectScimError(await scim(ctx, globex.scimToken, 'PUT', `/Users/${ada.id}`, newUser('ada')), 404);
    expectScimError(await scim(ctx, globex.scimToken, 'DELETE', `/Users/${ada.id}`), 404);
    expectScimError(await scim(ctx, globex.scimToken, 'GET', `/Groups/${acmeGroup.id}`), 404);
    expectScimError(await scim(ctx, globex.scimToken, 'DELETE', `/Groups/${acmeGroup.id}`), 404);
    const list = await scim(ctx, globex.scimToken, 'GET', `/Users?filter=${encodeURIComponent(`id eq "${ada.id}"`)}`);
    expect(list.json().totalResults).toBe(0);
    // Nor can a group of one organisation take a member of another.
    expectScimError(await scim(ctx, globex.scimToken, 'POST', '/Groups', { schemas: [SCIM_SCHEMA.group], displayName: 'Stolen', members: [{ value: ada.id }] }), 400, 'invalidValue');
    expect(await person(ctx, acme.organizationId, ada.id)).toMatchObject({ active: true, deletedAt: null });
  });

  it('stop a revoked token at once (401), while the organisation’s other token goes on', async () => {
    const second = await ctx.app.inject({ method: 'POST', url: '/api/organization/scim-tokens/', headers: authHeader(acme.adminToken), payload: { name: 'Okta' } });
    const secondToken = (second.json() as { token: string }).token;
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/organization/scim-tokens/', headers: authHeader(acme.adminToken) })).json() as TScimToken[];
    expect(listed.map((t) => t.name).sort()).toEqual(['Entra ID', 'Okta']);
    expect(JSON.stringify(listed)).not.toContain(secondToken);
    const entra = listed.find((t) => t.name === 'Entra ID');
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `/api/organization/scim-tokens/${entra?.id}/`, headers: authHeader(acme.adminToken) });
    expect(revoked.statusCode).toBe(204);
    expectScimError(await scim(ctx, acme.scimToken, 'GET', '/Users'), 401);
    expect((await scim(ctx, secondToken, 'GET', '/Users?count=1')).status).toBe(200);
    // Another organisation's administrator cannot revoke it.
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `/api/organization/scim-tokens/${(second.json() as { id: number }).id}/`, headers: authHeader(globex.adminToken) });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('SCIM discovery', () => {
  it('describes the service, its resource types and schemas, the enterprise extension included', async () => {
    const config = (await scim(ctx, globex.scimToken, 'GET', '/ServiceProviderConfig')).json() as unknown as Record<string, Record<string, unknown>>;
    expect(config['patch']).toEqual({ supported: true });
    expect(config['filter']).toMatchObject({ supported: true });
    expect(config['etag']).toEqual({ supported: true });
    const types = (await scim(ctx, globex.scimToken, 'GET', '/ResourceTypes')).json();
    expect((types['Resources'] as TScimJson[]).map((t) => t.id)).toEqual(['User', 'Group']);
    const schemas = (await scim(ctx, globex.scimToken, 'GET', '/Schemas')).json();
    expect((schemas['Resources'] as TScimJson[]).map((s) => s.id)).toEqual([SCIM_SCHEMA.user, SCIM_SCHEMA.enterpriseUser, SCIM_SCHEMA.group, SCIM_SCHEMA.directoryUser]);
    const enterprise = (await scim(ctx, globex.scimToken, 'GET', `/Schemas/${SCIM_SCHEMA.enterpriseUser}`)).json();
    expect((enterprise['attributes'] as { name: string }[]).map((a) => a.name)).toEqual(expect.arrayContaining(['employeeNumber', 'department', 'manager']));
  });
});
