import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMA, type TDirectoryPeoplePage } from '@ona/contracts';
import { createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, loginAs, type TestContext } from '../../testing/test-app.ts';
import { createTestApp, scim, scimTenant, type TScimTenant } from '../scim/scim-test-support.ts';

let ctx: TestContext;
let acme: TScimTenant;
let globex: TScimTenant;

const provision = (tenant: TScimTenant, name: string, department: string, active = true) =>
  scim(ctx, tenant.scimToken, 'POST', '/Users', {
    schemas: [SCIM_SCHEMA.user, SCIM_SCHEMA.enterpriseUser],
    userName: `${name}@example.test`,
    displayName: name,
    active,
    emails: [{ value: `${name}@example.test`, type: 'work' }],
    [SCIM_SCHEMA.enterpriseUser]: { department },
  });

const page = async (token: string, query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/organization/directory/people/${query}`, headers: authHeader(token) });
  return { status: res.statusCode, body: res.json() as TDirectoryPeoplePage };
};

beforeAll(async () => {
  ctx = await createTestApp();
  acme = await scimTenant(ctx, 'Acme');
  globex = await scimTenant(ctx, 'Globex');
  await provision(acme, 'Ada', 'Acme / Research');
  await provision(acme, 'Bela', 'Acme / Sales');
  await provision(acme, 'Cili', 'Acme / Sales', false);
  await provision(globex, 'Gina', 'Globex / Ops');
}, 240_000);
afterAll(async () => ctx.close());

describe('the directory page’s list', () => {
  it('shows the organisation’s people with their active or leaver state and the counts', async () => {
    const { status, body } = await page(acme.adminToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 3, active: 2, leavers: 1 });
    expect(body.data.map((p) => [p.display_name, p.unit_path, p.active, p.leave_date !== null])).toEqual([
      ['Ada', 'Acme / Research', true, false],
      ['Bela', 'Acme / Sales', true, false],
      ['Cili', 'Acme / Sales', false, true],
    ]);
  });

  it('narrows to leavers or the active, and searches name, e-mail and unit', async () => {
    expect((await page(acme.adminToken, '?state=leavers')).body.data.map((p) => p.display_name)).toEqual(['Cili']);
    expect((await page(acme.adminToken, '?state=active')).body.total).toBe(2);
    expect((await page(acme.adminToken, '?search=sales')).body.data.map((p) => p.display_name)).toEqual(['Bela', 'Cili']);
    expect((await page(acme.adminToken, '?page=2&page_size=2')).body.data.map((p) => p.display_name)).toEqual(['Cili']);
  });

  it('never shows another organisation’s people, and is for organisation administrators only', async () => {
    expect((await page(globex.adminToken)).body.data.map((p) => p.display_name)).toEqual(['Gina']);
    const organizationId = acme.organizationId;
    await createUser(ctx.db.db, { email: 'plain@acme.test', organizationIds: [organizationId], permissions: ['engagement_admin'] });
    const plain = await loginAs(ctx.app, 'plain@acme.test', FIXTURE_PASSWORD);
    expect((await page(plain)).status).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/organization/scim-tokens/', headers: authHeader(plain), payload: { name: 'x' } })).statusCode).toBe(403);
  });
});
