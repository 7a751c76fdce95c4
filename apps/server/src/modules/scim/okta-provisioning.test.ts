import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMA } from '@ona/contracts';
import { dayOf } from './directory-people.ts';
import { createTestApp, historyOf, person, scim, scimTenant, type TScimJson, type TScimTenant } from './scim-test-support.ts';
import type { TestContext } from '../../testing/test-app.ts';

/**
 * The requests Okta sends to a SCIM 2.0 application, as its SCIM documentation shows them: lookup
 * with startIndex and count, full PUT on profile changes, deactivation by a path-less replace of
 * `active`, group renames that carry the group's own id, member removal by a value filter.
 */
let ctx: TestContext;
let tenant: TScimTenant;
const today = dayOf(new Date());
const ENTERPRISE = SCIM_SCHEMA.enterpriseUser;

const oktaUser = {
  schemas: [SCIM_SCHEMA.user, ENTERPRISE],
  userName: 'test.user@okta.local',
  name: { givenName: 'Test', familyName: 'User' },
  emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
  displayName: 'Test User',
  locale: 'en-US',
  externalId: '00ujl29u0le5T6Aj10h7',
  groups: [],
  password: '1mz050nq',
  active: true,
  [ENTERPRISE]: { department: 'Okta / Engineering' },
};

let user: TScimJson;
let boss: TScimJson;

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await scimTenant(ctx, 'Okta Inc');
}, 240_000);
afterAll(async () => ctx.close());

describe('an Okta provisioning cycle', () => {
  it('looks the user up with startIndex and count, then creates them (the password is not kept)', async () => {
    const lookup = await scim(ctx, tenant.scimToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq "test.user@okta.local"')}&startIndex=1&count=100`);
    expect(lookup.json()).toMatchObject({ totalResults: 0, startIndex: 1, itemsPerPage: 0 });
    const created = await scim(ctx, tenant.scimToken, 'POST', '/Users', oktaUser);
    expect(created.status).toBe(201);
    user = created.json();
    expect(JSON.stringify(user)).not.toContain('1mz050nq');
    const stored = await person(ctx, tenant.organizationId, user.id);
    expect(stored).toMatchObject({ externalId: '00ujl29u0le5T6Aj10h7', displayName: 'Test User', unitPath: 'Okta / Engineering', active: true });
    boss = (await scim(ctx, tenant.scimToken, 'POST', '/Users', { ...oktaUser, userName: 'boss@okta.local', emails: [{ value: 'boss@okta.local', type: 'work', primary: true }], externalId: '00uboss', displayName: 'The Boss' })).json();
  });

  it('replaces the whole profile with PUT: a move to another unit under a new manager is one history row', async () => {
    const current = (await scim(ctx, tenant.scimToken, 'GET', `/Users/${user.id}`)).json();
    const res = await scim(ctx, tenant.scimToken, 'PUT', `/Users/${user.id}`, {
      ...current,
      name: { givenName: 'Test', familyName: 'Userson' },
      displayName: 'Test Userson',
      [ENTERPRISE]: { department: 'Okta / Platform', manager: { value: boss.id } },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ displayName: 'Test Userson', [ENTERPRISE]: { department: 'Okta / Platform', manager: { value: boss.id } } });
    const stored = await person(ctx, tenant.organizationId, user.id);
    expect(await historyOf(ctx, stored.id)).toEqual([
      { unitPath: 'Okta / Engineering', managerExternalId: null, active: true, leaveDate: null },
      { unitPath: 'Okta / Platform', managerExternalId: '00uboss', active: true, leaveDate: null },
    ]);
  });

  it('deactivates through a path-less replace {"active": false}: a leaver as of today', async () => {
    const res = await scim(ctx, tenant.scimToken, 'PATCH', `/Users/${user.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(res.status).toBe(200);
    expect(res.json().active).toBe(false);
    expect(await person(ctx, tenant.organizationId, user.id)).toMatchObject({ active: false, leaveDate: today });
  });

  it('keeps a leave date and reason the identity provider sends with the deactivation', async () => {
    const res = await scim(ctx, tenant.scimToken, 'PATCH', `/Users/${boss.id}`, {
      schemas: [SCIM_SCHEMA.patchOp],
      Operations: [{ op: 'replace', value: { active: false, [`${SCIM_SCHEMA.directoryUser}:leaveDate`]: '2026-11-30', [`${SCIM_SCHEMA.directoryUser}:leaveReason`]: 'retired' } }],
    });
    expect(res.status).toBe(200);
    expect(await person(ctx, tenant.organizationId, boss.id)).toMatchObject({ active: false, leaveDate: '2026-11-30', leaveReason: 'retired' });
  });

  it('reactivates through a path-less replace {"active": true}', async () => {
    const res = await scim(ctx, tenant.scimToken, 'PATCH', `/Users/${user.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(res.status).toBe(200);
    const stored = await person(ctx, tenant.organizationId, user.id);
    expect(stored).toMatchObject({ active: true, leaveDate: null, leaveReason: null });
    expect((await historyOf(ctx, stored.id)).map((h) => h.active)).toEqual([true, true, false, true]);
  });

  it('creates a group, renames it with its own id in the value, adds and removes members, replaces it with PUT', async () => {
    const created = await scim(ctx, tenant.scimToken, 'POST', '/Groups', { schemas: [SCIM_SCHEMA.group], displayName: 'Test SCIMv2', members: [] });
    expect(created.status).toBe(201);
    const group = created.json();
    const found = await scim(ctx, tenant.scimToken, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "Test SCIMv2"')}&startIndex=1&count=100`);
    expect(found.json().totalResults).toBe(1);

    const renamed = await scim(ctx, tenant.scimToken, 'PATCH', `/Groups/${group.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', value: { id: group.id, displayName: 'Engineering' } }] });
    expect(renamed.status).toBe(200);
    expect(renamed.json().displayName).toBe('Engineering');

    const added = await scim(ctx, tenant.scimToken, 'PATCH', `/Groups/${group.id}`, {
      schemas: [SCIM_SCHEMA.patchOp],
      Operations: [{ op: 'add', path: 'members', value: [{ value: user.id, display: 'test.user@okta.local' }, { value: boss.id, display: 'boss@okta.local' }] }],
    });
    expect((added.json()['members'] as { value: string }[]).map((m) => m.value).sort()).toEqual([user.id, boss.id].sort());

    const removed = await scim(ctx, tenant.scimToken, 'PATCH', `/Groups/${group.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'remove', path: `members[value eq "${boss.id}"]` }] });
    expect((removed.json()['members'] as { value: string }[]).map((m) => m.value)).toEqual([user.id]);

    const replaced = await scim(ctx, tenant.scimToken, 'PUT', `/Groups/${group.id}`, { schemas: [SCIM_SCHEMA.group], id: group.id, displayName: 'Engineering', members: [{ value: boss.id }] });
    expect(replaced.status).toBe(200);
    expect((replaced.json()['members'] as { value: string }[]).map((m) => m.value)).toEqual([boss.id]);
  });

  it('pages the user list with startIndex and count', async () => {
    for (const n of [1, 2, 3]) {
      await scim(ctx, tenant.scimToken, 'POST', '/Users', { ...oktaUser, userName: `page${n}@okta.local`, emails: [{ value: `page${n}@okta.local`, type: 'work' }], externalId: `00upage${n}` });
    }
    const page = await scim(ctx, tenant.scimToken, 'GET', '/Users?startIndex=2&count=2');
    expect(page.json()).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect((page.json()['Resources'] as TScimJson[]).map((r) => r['userName'])).toEqual(['boss@okta.local', 'page1@okta.local']);
    const none = await scim(ctx, tenant.scimToken, 'GET', '/Users?count=0');
    expect(none.json()).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
  });
});
