import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMA } from '@ona/contracts';
import { and, eq, sql, tables } from '@ona/db';
import { saveConnection } from '../sso/repository.ts';
import { scim, scimTenant, type TScimJson, type TScimTenant } from '../scim/scim-test-support.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

/**
 * Issue 30 item 5: a person the identity provider puts in a group that the SSO settings map to
 * permissions is a user of the organisation: at once when SSO is on, by invitation when it is off.
 */
async function provisionHrPartner(ctx: TestContext, tenant: TScimTenant, email: string): Promise<void> {
  const user = await scim(ctx, tenant.scimToken, 'POST', '/Users', { schemas: [SCIM_SCHEMA.user], externalId: email, userName: email, displayName: 'Hanna Partner', emails: [{ value: email, primary: true }], active: true });
  expect(user.status, user.body).toBe(201);
  const group = await scim(ctx, tenant.scimToken, 'POST', '/Groups', { schemas: [SCIM_SCHEMA.group], displayName: 'HR Partners', members: [{ value: (user.json() as TScimJson).id }] });
  expect(group.status, group.body).toBe(201);
}

const membershipOf = async (ctx: TestContext, organizationId: number, email: string) => {
  const [row] = await ctx.db.db
    .select({ userId: tables.users.id, permissions: tables.memberships.permissions })
    .from(tables.users)
    .innerJoin(tables.memberships, and(eq(tables.memberships.userId, tables.users.id), eq(tables.memberships.organizationId, organizationId)))
    .where(sql`lower(${tables.users.email}) = ${email}`);
  return row;
};
/** The invitation is written to the outbox after the SCIM call has answered: wait for that write. */
const mailTo = async (ctx: TestContext, email: string) => {
  await ctx.app.mailer.settled();
  return (await ctx.db.db.select().from(tables.emailOutbox)).filter((m) => JSON.stringify(m).includes(email));
};

const connection = (enabled: boolean) => ({
  enabled,
  issuerUrl: 'https://login.example.test',
  clientId: 'ona',
  allowedDomains: ['contoso.test'],
  groupsClaim: 'groups',
  groupPermissions: [{ group: 'hr partners', permissions: ['engagement_admin'] }],
});

describe('people provisioned with access rights', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('become members without an invitation when the organisation has SSO on', async () => {
    const tenant = await scimTenant(ctx, 'SsoOn');
    await saveConnection(ctx.db.db, tenant.organizationId, connection(true));
    await provisionHrPartner(ctx, tenant, 'hanna@contoso.test');
    expect(await membershipOf(ctx, tenant.organizationId, 'hanna@contoso.test')).toMatchObject({ permissions: ['engagement_admin'] });
    expect(await ctx.db.db.select().from(tables.passwordResets)).toEqual([]);
    expect(await mailTo(ctx, 'hanna@contoso.test')).toEqual([]);
  });

  it('get the invitation as today when SSO is off, once', async () => {
    const tenant = await scimTenant(ctx, 'SsoOff');
    await saveConnection(ctx.db.db, tenant.organizationId, connection(false));
    await provisionHrPartner(ctx, tenant, 'ivo@contoso.test');
    const member = await membershipOf(ctx, tenant.organizationId, 'ivo@contoso.test');
    expect(member).toMatchObject({ permissions: ['engagement_admin'] });
    expect(await ctx.db.db.select().from(tables.passwordResets).where(eq(tables.passwordResets.userId, member!.userId))).toHaveLength(1);
    expect(await mailTo(ctx, 'ivo@contoso.test')).toHaveLength(1);
    // A later change of the person does not invite them again.
    const [person] = await ctx.db.db.select().from(tables.directoryPeople).where(eq(tables.directoryPeople.email, 'ivo@contoso.test'));
    expect((await scim(ctx, tenant.scimToken, 'PATCH', `/Users/${person!.resourceId}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', path: 'title', value: 'Lead HR partner' }] })).status).toBe(200);
    expect(await mailTo(ctx, 'ivo@contoso.test')).toHaveLength(1);
  });

  it('stay people only, without a mapped group', async () => {
    const tenant = await scimTenant(ctx, 'NoMapping');
    const res = await scim(ctx, tenant.scimToken, 'POST', '/Users', { schemas: [SCIM_SCHEMA.user], userName: 'pat@contoso.test', displayName: 'Pat', active: true });
    expect(res.status).toBe(201);
    expect(await membershipOf(ctx, tenant.organizationId, 'pat@contoso.test')).toBeUndefined();
  });
});
