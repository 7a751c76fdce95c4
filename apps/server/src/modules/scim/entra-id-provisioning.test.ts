import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMA } from '@ona/contracts';
import { dayOf } from './directory-people.ts';
import { createTestApp, historyOf, person, scim, scimTenant, type TScimJson, type TScimTenant } from './scim-test-support.ts';
import type { TestContext } from '../../testing/test-app.ts';

/**
 * The requests Microsoft Entra ID sends to a SCIM endpoint, in the order of a provisioning cycle,
 * as its documentation shows them ("Develop a SCIM endpoint", request and response examples):
 * capitalised op names, the manager as [{"$ref": null, "value": …}], booleans as "False".
 */
let ctx: TestContext;
let tenant: TScimTenant;
const today = dayOf(new Date());
const ENTERPRISE = SCIM_SCHEMA.enterpriseUser;

const entraUser = (n: string, extra: Record<string, unknown> = {}) => ({
  schemas: [SCIM_SCHEMA.user, ENTERPRISE],
  externalId: `0a21f0f2-8d2a-4f8e-bf98-7363c4aed4e${n}`,
  userName: `Test_User_${n}@contoso.test`,
  active: true,
  emails: [{ primary: true, type: 'work', value: `test.user.${n}@contoso.test` }],
  meta: { resourceType: 'User' },
  name: { formatted: `givenName${n} familyName${n}`, familyName: `familyName${n}`, givenName: `givenName${n}` },
  roles: [],
  [ENTERPRISE]: { employeeNumber: `E-${n}`, department: 'Contoso / Sales' },
  ...extra,
});

let manager: TScimJson;
let user: TScimJson;

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await scimTenant(ctx, 'Contoso');
}, 240_000);
afterAll(async () => ctx.close());

describe('a Microsoft Entra ID provisioning cycle', () => {
  it('finds nobody by userName, then creates the user with the enterprise extension (201, ETag, scim+json)', async () => {
    const lookup = await scim(ctx, tenant.scimToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq "Test_User_1@contoso.test"')}`);
    expect(lookup.status).toBe(200);
    expect(lookup.headers['content-type']).toContain('application/scim+json');
    expect(lookup.json()).toMatchObject({ schemas: [SCIM_SCHEMA.listResponse], totalResults: 0, Resources: [] });

    const managerRes = await scim(ctx, tenant.scimToken, 'POST', '/Users', entraUser('1'));
    expect(managerRes.status).toBe(201);
    manager = managerRes.json();
    const created = await scim(ctx, tenant.scimToken, 'POST', '/Users', entraUser('2', { title: 'Sales rep' }));
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toContain('application/scim+json');
    user = created.json();
    expect(created.headers['etag']).toBe('W/"1"');
    expect(created.headers['location']).toMatch(new RegExp(`/scim/v2/Users/${user.id}$`));
    expect(user).toMatchObject({
      userName: 'Test_User_2@contoso.test',
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4e2',
      active: true,
      title: 'Sales rep',
      emails: [{ value: 'test.user.2@contoso.test', type: 'work', primary: true }],
      [ENTERPRISE]: { employeeNumber: 'E-2', department: 'Contoso / Sales' },
      meta: { resourceType: 'User', version: 'W/"1"' },
    });
    const stored = await person(ctx, tenant.organizationId, user.id);
    expect(stored).toMatchObject({ email: 'test.user.2@contoso.test', givenName: 'givenName2', familyName: 'familyName2', unitPath: 'Contoso / Sales', active: true, leaveDate: null });
    expect(await historyOf(ctx, stored.id)).toEqual([{ unitPath: 'Contoso / Sales', managerExternalId: null, active: true, leaveDate: null }]);
  });

  it('reads the user back by id and by the userName filter, whatever the case of the name', async () => {
    const one = await scim(ctx, tenant.scimToken, 'GET', `/Users/${user.id}`);
    expect(one.status).toBe(200);
    expect(one.json().userName).toBe('Test_User_2@contoso.test');
    const found = await scim(ctx, tenant.scimToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq "test_user_2@CONTOSO.test"')}`);
    expect(found.json()).toMatchObject({ totalResults: 1, itemsPerPage: 1, startIndex: 1 });
    expect((found.json()['Resources'] as TScimJson[])[0]?.id).toBe(user.id);
  });

  it('updates the work e-mail and the family name with capitalised "Replace" operations', async () => {
    const res = await scim(ctx, tenant.scimToken, 'PATCH', `/Users/${user.id}`, {
      schemas: [SCIM_SCHEMA.patchOp],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updated.email@contoso.test' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Contoso / Marketing' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ emails: [{ value: 'updated.email@contoso.test', type: 'work' }], name: { familyName: 'updatedFamilyName' }, meta: { version: 'W/"2"' } });
    const stored = await person(ctx, tenant.organizationId, user.id);
    expect(stored).toMatchObject({ email: 'updated.email@contoso.test', familyName: 'updatedFamilyName', unitPath: 'Contoso / Marketing', version: 2 });
    expect((await historyOf(ctx, stored.id)).map((h) => h.unitPath)).toEqual(['Contoso / Sales', 'Contoso / Marketing']);
  });

  it('sets the manager as Entra ID sends it, and the User shows the manager’s SCIM id', async () => {
    const res = await scim(ctx, tenant.scimToken, 'PATCH', `/Users/${user.id}`, {
      schemas: [SCIM_SCHEMA.patchOp],
      Operations: [{ op: 'Add', path: `${ENTERPRISE}:manager`, value: [{ $ref: null, value: manager.id }] }],
    });
    expect(res.status).toBe(200);
    expect(res.json()[ENTERPRISE]).toMatchObject({ manager: { value: manager.id } });
    const stored = await person(ctx, tenant.organizationId, user.id);
    expect(stored.managerExternalId).toBe('0a21f0f2-8d2a-4f8e-bf98-7363c4aed4e1');
    const history = await historyOf(ctx, stored.id);
    expect(history.at(-1)).toEqual({ unitPath: 'Contoso / Marketing', managerExternalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4e1', active: true, leaveDate: null });
    const reports = await scim(ctx, tenant.scimToken, 'GET', `/Users?filter=${encodeURIComponent(`${ENTERPRISE}:manager.value eq "${manager.id}"`)}`);
    expect((reports.json()['Resources'] as TScimJson[]).map((r) => r.id)).toEqual([user.id]);
  });

  it('deactivates with the boolean sent as the string "False": the person becomes a leaver as of today', async () => {
    const res = await scim(ctx, tenant.scimToken, 'PATCH', `/Users/${user.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ active: false, [SCIM_SCHEMA.directoryUser]: { leaveDate: today } });
    const stored = await person(ctx, tenant.organizationId, user.id);
    expect(stored).toMatchObject({ active: false, leaveDate: today });
    expect((await historyOf(ctx, stored.id)).at(-1)).toMatchObject({ active: false, leaveDate: today });
    const inactive = await scim(ctx, tenant.scimToken, 'GET', `/Users?filter=${encodeURIComponent('active eq "False"')}`);
    expect((inactive.json()['Resources'] as TScimJson[]).map((r) => r.id)).toEqual([user.id]);
  });

  it('reactivates with "True": the leave date is cleared and the history keeps both changes', async () => {
    const res = await scim(ctx, tenant.scimToken, 'PATCH', `/Users/${user.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect(res.status).toBe(200);
    const stored = await person(ctx, tenant.organizationId, user.id);
    expect(stored).toMatchObject({ active: true, leaveDate: null });
    expect((await historyOf(ctx, stored.id)).map((h) => [h.active, h.leaveDate])).toEqual([[true, null], [true, null], [true, null], [false, today], [true, null]]);
  });

  it('deletes the user: 404 from then on for the identity provider, a leaver with history in the directory', async () => {
    const res = await scim(ctx, tenant.scimToken, 'DELETE', `/Users/${user.id}`);
    expect(res.status).toBe(204);
    expect((await scim(ctx, tenant.scimToken, 'GET', `/Users/${user.id}`)).status).toBe(404);
    const stored = await person(ctx, tenant.organizationId, user.id);
    expect(stored).toMatchObject({ active: false, leaveDate: today });
    expect(stored.deletedAt).not.toBeNull();
    expect((await historyOf(ctx, stored.id)).at(-1)).toMatchObject({ active: false, leaveDate: today });
    const again = await scim(ctx, tenant.scimToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq "Test_User_2@contoso.test"')}`);
    expect(again.json().totalResults).toBe(0);
  });

  it('creates a group, reads it without members, adds and removes members as Entra ID does, and deletes it', async () => {
    const second = (await scim(ctx, tenant.scimToken, 'POST', '/Users', entraUser('3'))).json();
    const created = await scim(ctx, tenant.scimToken, 'POST', '/Groups', { schemas: [SCIM_SCHEMA.group], externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', displayName: 'Sales leaders', meta: { resourceType: 'Group' } });
    expect(created.status).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ displayName: 'Sales leaders', members: [] });

    const withoutMembers = await scim(ctx, tenant.scimToken, 'GET', `/Groups/${group.id}?excludedAttributes=members`);
    expect(withoutMembers.json()).not.toHaveProperty('members');
    const byName = await scim(ctx, tenant.scimToken, 'GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Sales leaders"')}`);
    expect((byName.json()['Resources'] as TScimJson[]).map((g) => g.id)).toEqual([group.id]);

    const added = await scim(ctx, tenant.scimToken, 'PATCH', `/Groups/${group.id}`, {
      schemas: [SCIM_SCHEMA.patchOp],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: manager.id }, { $ref: null, value: second.id }] }],
    });
    expect(added.status).toBe(200);
    expect((added.json()['members'] as { value: string }[]).map((m) => m.value).sort()).toEqual([manager.id, second.id].sort());
    const byMember = await scim(ctx, tenant.scimToken, 'GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${second.id}"]`)}`);
    expect(byMember.json().totalResults).toBe(1);

    const removed = await scim(ctx, tenant.scimToken, 'PATCH', `/Groups/${group.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: manager.id }] }] });
    expect((removed.json()['members'] as { value: string }[]).map((m) => m.value)).toEqual([second.id]);

    const renamed = await scim(ctx, tenant.scimToken, 'PATCH', `/Groups/${group.id}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'Replace', path: 'displayName', value: 'Sales leads' }] });
    expect(renamed.json()).toMatchObject({ displayName: 'Sales leads', meta: { version: 'W/"4"' } });

    expect((await scim(ctx, tenant.scimToken, 'DELETE', `/Groups/${group.id}`)).status).toBe(204);
    expect((await scim(ctx, tenant.scimToken, 'GET', `/Groups/${group.id}`)).status).toBe(404);
  });
});
