import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, tables } from '@ona/db';
import { createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { CREATE_ADMIN_LINK_LIFETIME_DAYS, CreateAdminRefused, createFirstAdministrator } from './create-admin.ts';
import { issueSetupToken } from './setup-tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'http://app.test' });
});
afterAll(async () => ctx.close());

async function userCount(): Promise<number> {
  const [row] = await ctx.db.db.select({ n: count() }).from(tables.users);
  return row?.n ?? -1;
}

describe('createFirstAdministrator (npm run create-admin)', () => {
  let link = '';
  let setupToken = '';
  // The link must still work when the test confirms it: its lifetime counts from the real clock.
  const now = new Date();

  it('refuses a bad e-mail, an empty organisation and an unknown language, storing nothing', async () => {
    await expect(createFirstAdministrator(ctx.db.db, { email: 'nope', organizationName: 'Acme' }, 'http://app.test')).rejects.toThrow(CreateAdminRefused);
    await expect(createFirstAdministrator(ctx.db.db, { email: 'ann@acme.test', organizationName: '  ' }, 'http://app.test')).rejects.toThrow(/organizationName/);
    await expect(createFirstAdministrator(ctx.db.db, { email: 'ann@acme.test', organizationName: 'Acme', language: 'fr' }, 'http://app.test')).rejects.toThrow(/language/);
    expect(await userCount()).toBe(0);
  });

  it('creates the organisation and an administrator without a password, with every permission, and a 7-day invitation link', async () => {
    setupToken = (await issueSetupToken(ctx.db)) ?? '';
    const created = await createFirstAdministrator(ctx.db.db, { email: 'ann@acme.test', organizationName: 'Acme', name: 'Ann Admin', language: 'en' }, 'http://app.test/', now);
    link = created.link;
    expect(link).toMatch(new RegExp(`^http://app\\.test/auth/confirm-reset-password\\.html\\?uid=${created.user.id}&token=[A-Za-z0-9_-]{43}$`));
    expect(created.organization).toMatchObject({ name: 'Acme', defaultLanguage: 'en' });
    expect(created.user).toMatchObject({ email: 'ann@acme.test', name: 'Ann Admin', passwordHash: '', canChangeOrganization: true, currentOrganizationId: created.organization.id });
    const [membership] = await ctx.db.db.select().from(tables.memberships).where(eq(tables.memberships.userId, created.user.id));
    expect([...(membership?.permissions ?? [])].sort()).toEqual(['engagement_admin', 'instant_survey_admin', 'organization_admin']);
    const [reset] = await ctx.db.db.select().from(tables.passwordResets).where(eq(tables.passwordResets.userId, created.user.id));
    expect(reset?.purpose).toBe('invitation');
    expect(reset?.expiresAt.getTime()).toBe(now.getTime() + CREATE_ADMIN_LINK_LIFETIME_DAYS * 24 * 3600 * 1000);
    // No password yet: nothing signs in until the link has set one.
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'ann@acme.test', password: '' + 'anything-at-all' } });
    expect(login.statusCode).toBe(400);
  });

  it('voids the set-up links the server printed', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/setup/', payload: { token: setupToken, organization_name: 'Other', name: 'Eve', email: 'eve@other.test', password1: 'longenough', password2: 'longenough' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('setup_done');
  });

  it('sets the password through the invitation link, after which login answers the organisation and the permissions', async () => {
    const params = new URL(link).searchParams;
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/confirm/',
      payload: { uid: params.get('uid'), token: params.get('token'), new_password1: 'chosen-by-ann', new_password2: 'chosen-by-ann' },
    });
    expect(confirm.statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'ann@acme.test', password: 'chosen-by-ann' } });
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({ can_change_organization: true, organization: { name: 'Acme' } });
    expect([...user.permissions].sort()).toEqual(['engagement_admin', 'instant_survey_admin', 'organization_admin']);
    expect(await loginAs(ctx.app, 'ann@acme.test', 'chosen-by-ann')).toBeTruthy();
  });

  it('refuses once any user exists, storing nothing', async () => {
    await expect(createFirstAdministrator(ctx.db.db, { email: 'bob@beta.test', organizationName: 'Beta' }, 'http://app.test')).rejects.toThrow(/already has users/);
    expect(await userCount()).toBe(1);
    const [organizations] = await ctx.db.db.select({ n: count() }).from(tables.organizations);
    expect(organizations?.n).toBe(1);
  });
});
