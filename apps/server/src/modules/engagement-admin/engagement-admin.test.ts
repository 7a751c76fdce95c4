import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccessRightsDetails, TAccessRightsRow, TAdminUnit, TCustomAttribute } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, type SurveyOrganisation } from '../survey/survey-test-setup.ts';

let ctx: TestContext;
let org: SurveyOrganisation;
const url = (suffix: string, id = org.engagementId) => `/api/engagements/${id}/${suffix}`;
const get = (path: string, token = org.tokens.admin) => ctx.app.inject({ method: 'GET', url: path, headers: authHeader(token) });
const bulk = (payload: object, token = org.tokens.admin) => ctx.app.inject({ method: 'POST', url: url('access-rights/bulk-update/'), headers: authHeader(token), payload });

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('GET /engagements/{id}/access-rights/', () => {
  it('lists the organisation’s users with their unit and level per module', async () => {
    const res = await get(url('access-rights/'));
    expect(res.statusCode).toBe(200);
    const rows = res.json<TAccessRightsRow[]>();
    expect(rows.map((r) => r.email).sort()).toEqual(['admin@acme.test', 'disabled@acme.test', 'lead@acme.test', 'member@acme.test', 'noaccess@acme.test']);
    const lead = rows.find((r) => r.email === 'lead@acme.test');
    expect(lead).toMatchObject({ name: 'Lee Lead', unit: { id: expect.any(Number), name: 'Team A' }, employee_id: org.people.lead });
    expect(lead?.access_rights.survey).toBe('self_only');
    expect(lead?.access_rights.leader_reports).toBe('no_access');
    expect(rows.find((r) => r.email === 'admin@acme.test')?.unit).toBeNull();
  });

  it('searches name, e-mail and unit with q', async () => {
    expect((await get(url('access-rights/?q=lee'))).json<TAccessRightsRow[]>().map((r) => r.email)).toEqual(['lead@acme.test']);
    expect((await get(url('access-rights/?q=TEAM a'))).json<TAccessRightsRow[]>().map((r) => r.email).sort()).toEqual(['lead@acme.test', 'member@acme.test']);
    expect((await get(url('access-rights/?q=nobody-like-this'))).json()).toEqual([]);
  });

  it('shows a selection’s shared level per module, or mixed', async () => {
    const res = await get(url(`access-rights/details/?users=${org.userIds.lead},${org.userIds.member}`));
    expect(res.statusCode).toBe(200);
    const details = res.json<TAccessRightsDetails>();
    expect(details.users).toHaveLength(2);
    expect(details.access_rights.survey).toBe('self_only');
    const mixed = (await get(url(`access-rights/details/?users=${org.userIds.lead},${org.userIds.admin}`))).json<TAccessRightsDetails>();
    expect(mixed.access_rights.survey).toBe('mixed');
    expect(mixed.access_rights.graph_visualization).toBe('no_access');
    expect((await get(url('access-rights/details/?users=abc'))).statusCode).toBe(400);
    expect((await get(url(`access-rights/details/?users=${org.userIds.otherOrgAdmin}`))).statusCode).toBe(404);
  });

  it('bulk-updates only the given modules of the given users', async () => {
    const res = await bulk({ users: [org.userIds.lead, org.userIds.member], access_rights: { leader_reports: 'subtree', statistics: 'all_access' } });
    expect(res.statusCode).toBe(200);
    const rows = res.json<TAccessRightsRow[]>();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.access_rights).toMatchObject({ survey: 'self_only', leader_reports: 'subtree', statistics: 'all_access', retention_analytics: 'no_access' });
    const engagement = (await get(`/api/engagements/${org.engagementId}/`, org.tokens.lead)).json();
    expect(engagement.leader_reports.access_level).toBe('subtree');
  });

  it('refuses a bad module, the level mixed and a user of another organisation, changing nothing', async () => {
    expect((await bulk({ users: [org.userIds.lead], access_rights: { payroll: 'all_access' } })).statusCode).toBe(400);
    expect((await bulk({ users: [org.userIds.lead], access_rights: { survey: 'mixed' } })).statusCode).toBe(400);
    expect((await bulk({ users: [org.userIds.lead], access_rights: {} })).statusCode).toBe(400);
    expect((await bulk({ users: [], access_rights: { survey: 'all_access' } })).statusCode).toBe(400);
    const stranger = await bulk({ users: [org.userIds.lead, org.userIds.otherOrgAdmin], access_rights: { survey: 'all_access' } });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors.users).toEqual([`These users are not members of the organisation: ${org.userIds.otherOrgAdmin}.`]);
    const rows = await ctx.db.db.select().from(tables.moduleAccess).where(eq(tables.moduleAccess.userId, org.userIds.lead));
    expect(rows.find((r) => r.module === 'survey' && r.engagementId === org.engagementId)?.accessLevel).toBe('self_only');
    expect(rows.some((r) => r.userId === org.userIds.otherOrgAdmin)).toBe(false);
  });

  it('is for engagement admins (403) of the organisation (404)', async () => {
    expect((await get(url('access-rights/'), org.tokens.lead)).statusCode).toBe(403);
    expect((await bulk({ users: [org.userIds.lead], access_rights: { survey: 'all_access' } }, org.tokens.member)).statusCode).toBe(403);
    expect((await get(url('access-rights/'), org.tokens.otherOrgAdmin)).statusCode).toBe(404);
    expect((await get(url('access-rights/', org.otherOrgEngagementId))).statusCode).toBe(404);
  });
});

describe('units, employees and filters lists', () => {
  it('lists units with parent and head count', async () => {
    const units = (await get(url('units/'))).json<TAdminUnit[]>();
    expect(units.map((u) => [u.name, u.employee_count])).toEqual([['Company', 1], ['Team A', 2]]);
    expect(units[1]?.parent_id).toBe(units[0]?.id);
  });

  it('lists custom attributes with their values', async () => {
    await ctx.db.db.update(tables.employees).set({ attributes: { location: 'Budapest', contract: 'full' } }).where(eq(tables.employees.id, org.people.lead));
    await ctx.db.db.update(tables.employees).set({ attributes: { location: 'Vienna' } }).where(eq(tables.employees.id, org.people.member));
    expect((await get(url('filters/'))).json<TCustomAttribute[]>()).toEqual([
      { key: 'contract', values: ['full'], employee_count: 1 },
      { key: 'location', values: ['Budapest', 'Vienna'], employee_count: 2 },
    ]);
  });

  it('lists employees with unit and leader, for admins only', async () => {
    const res = await get(url('employees/'));
    expect(res.statusCode).toBe(200);
    const member = res.json<{ name: string; leader: { name: string } | null; unit: { name: string } | null }[]>().find((e) => e.name === 'Member');
    expect(member).toMatchObject({ leader: { name: 'Lead' }, unit: { name: 'Team A' } });
    expect((await get(url('employees/'), org.tokens.member)).statusCode).toBe(403);
    expect((await get(url('units/'), org.tokens.otherOrgAdmin)).statusCode).toBe(404);
    expect((await get(url('filters/'), org.tokens.lead)).statusCode).toBe(403);
  });
});
