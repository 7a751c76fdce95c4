import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@ona/db';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let acme: { id: number };
let globex: { id: number };
let acmeEngagement: Awaited<ReturnType<typeof createEngagement>>;
let globexEngagement: Awaited<ReturnType<typeof createEngagement>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db.db;
  acme = await createOrganization(db, 'Acme');
  globex = await createOrganization(db, 'Globex');
  acmeEngagement = await createEngagement(db, acme.id, 'Acme spring');
  globexEngagement = await createEngagement(db, globex.id, 'Globex spring');
  const admin = await createUser(db, { email: 'admin@acme.test', organizationIds: [acme.id, globex.id], permissions: ['engagement_admin'], canChangeOrganization: true });
  const lead = await createUser(db, { email: 'lead@acme.test', organizationIds: [acme.id] });
  const member = await createUser(db, { email: 'member@acme.test', organizationIds: [acme.id] });
  await createUser(db, { email: 'outsider@acme.test', organizationIds: [acme.id] });
  const globexAdmin = await createUser(db, { email: 'admin@globex.test', organizationIds: [globex.id], permissions: ['engagement_admin'] });
  await db.update(tables.employees).set({ userId: lead.id }).where(eq(tables.employees.id, acmeEngagement.employees.lead.id));
  await db.update(tables.employees).set({ userId: member.id }).where(eq(tables.employees.id, acmeEngagement.employees.member.id));
  await grantAccess(db, acmeEngagement.engagement.id, admin.id, { survey: 'all_access', graph_visualization: 'all_access', leader_reports: 'all_access', retention_analytics: 'all_access', statistics: 'all_access' });
  await grantAccess(db, acmeEngagement.engagement.id, lead.id, { survey: 'self_only', leader_reports: 'subtree', retention_analytics: 'subtree', executive_reports: 'module_disabled' });
  await grantAccess(db, acmeEngagement.engagement.id, member.id, { survey: 'self_only', individual_reports: 'self_only' });
  await grantAccess(db, globexEngagement.engagement.id, globexAdmin.id, { survey: 'all_access' });
  for (const email of ['admin@acme.test', 'lead@acme.test', 'member@acme.test', 'outsider@acme.test', 'admin@globex.test']) {
    tokens[email] = await loginAs(ctx.app, email, FIXTURE_PASSWORD);
  }
});
afterAll(async () => ctx.close());

const get = (url: string, email: string) => ctx.app.inject({ method: 'GET', url, headers: authHeader(tokens[email] ?? '') });

describe('GET /api/engagements/', () => {
  it('lists the engagements of the current organisation with counts', async () => {
    const res = await get('/api/engagements/', 'admin@acme.test');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Acme spring', access_from: '2026-03-01', access_till: '2026-03-21', participant_count: 3, answer_count: 0, is_admin: true });
  });

  it('hides engagements a non-admin has no part in', async () => {
    expect((await get('/api/engagements/', 'outsider@acme.test')).json()).toEqual([]);
    expect((await get('/api/engagements/', 'member@acme.test')).json()).toHaveLength(1);
  });
});

describe('GET /api/engagements/{id}/', () => {
  it('gives each module the caller’s access level and the employees it involves', async () => {
    const res = await get(`/api/engagements/${acmeEngagement.engagement.id}/`, 'lead@acme.test');
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e.survey.access_level).toBe('self_only');
    expect(e.leader_reports).toEqual({ access_level: 'subtree', involved_employee_count: 2 });
    expect(e.executive_reports).toEqual({ access_level: 'module_disabled', involved_employee_count: 0 });
    expect(e.key_people_analytics).toEqual({ access_level: 'no_access' });
    expect(e.is_admin).toBe(false);
  });

  it('the admin sees all employees in an all_access module', async () => {
    const e = (await get(`/api/engagements/${acmeEngagement.engagement.id}/`, 'admin@acme.test')).json();
    expect(e.retention_analytics).toEqual({ access_level: 'all_access', involved_employee_count: 3 });
  });

  it('answers 404 for an engagement of another organisation, never revealing it exists', async () => {
    const other = await get(`/api/engagements/${globexEngagement.engagement.id}/`, 'admin@acme.test');
    const missing = await get('/api/engagements/999999/', 'admin@acme.test');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect((await get(`/api/engagements/${acmeEngagement.engagement.id}/`, 'admin@globex.test')).statusCode).toBe(404);
    expect((await get(`/api/engagements/${acmeEngagement.engagement.id}/hierarchy/`, 'admin@globex.test')).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await get('/api/engagements/abc/', 'admin@acme.test');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });
});

describe('GET /api/engagements/{id}/hierarchy/', () => {
  it('answers the unit tree', async () => {
    const res = await get(`/api/engagements/${acmeEngagement.engagement.id}/hierarchy/`, 'admin@acme.test');
    expect(res.json()).toEqual([{ id: expect.any(Number), name: 'Company', subunits: [{ id: expect.any(Number), name: 'Team A', subunits: [] }] }]);
  });
});

describe('organisations', () => {
  it('switching the organisation changes what the engagements list shows', async () => {
    const token = tokens['admin@acme.test'] ?? '';
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/me/set-organization/', headers: authHeader(token), payload: { organization: globex.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().organization).toEqual({ id: globex.id, name: 'Globex', default_language: 'hu' });
    const list = (await get('/api/engagements/', 'admin@acme.test')).json();
    expect(list.map((e: { name: string }) => e.name)).toEqual(['Globex spring']);
    await ctx.app.inject({ method: 'POST', url: '/api/users/me/set-organization/', headers: authHeader(token), payload: { organization: acme.id } });
  });

  it('a user who may not change organisation gets 403, an unknown organisation 400', async () => {
    const denied = await ctx.app.inject({ method: 'POST', url: '/api/users/me/set-organization/', headers: authHeader(tokens['member@acme.test'] ?? ''), payload: { organization: globex.id } });
    expect(denied.statusCode).toBe(403);
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/users/me/set-organization/', headers: authHeader(tokens['admin@acme.test'] ?? ''), payload: { organization: 424242 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.organization).toHaveLength(1);
  });

  it('the profile lists only the current organisation to a user who cannot switch', async () => {
    const me = (await get('/api/users/me/', 'member@acme.test')).json();
    expect(me.can_change_organization).toBe(false);
    expect(me.available_organizations).toEqual([{ id: acme.id, name: 'Acme' }]);
  });
});
