import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditLogPage } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, TEST_SECRETS_KEY, type TestContext } from '../../testing/test-app.ts';
import { auditKeyFrom } from './audit-chain.ts';
import { appendAuditEntry, type AuditRecord } from './audit-repository.ts';

let ctx: TestContext;
let admin: string;
let other: string;
let adminId: number;
let ours: Awaited<ReturnType<typeof createEngagement>>;
let theirs: Awaited<ReturnType<typeof createEngagement>>;
const key = auditKeyFrom(TEST_SECRETS_KEY);
const eqName = (name: string) => eq(tables.organizations.name, name);

const read = (organizationId: number, actorUserId: number, engagementId: number, subjectEmployeeId: number): AuditRecord => ({
  organizationId, occurredAt: new Date(), action: 'individual_report.read', outcome: 'success', actorUserId, apiKeyId: null, scimTokenId: null, sessionId: null,
  route: 'GET /api/engagements/{id}/individual-reports/{reportId}/', engagementId, subjectEmployeeId, subjectUserId: null, targetIds: {}, ipAddress: '203.0.113.9', userAgent: 'test',
});

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db.db;
  const org = await createOrganization(db, 'Named Ltd');
  const otherOrg = await createOrganization(db, 'Other Named Ltd');
  adminId = (await createUser(db, { email: 'admin@named.test', name: 'Ann Auditor', organizationIds: [org.id], permissions: ['organization_admin'] })).id;
  await createUser(db, { email: 'admin@other-named.test', organizationIds: [otherOrg.id], permissions: ['organization_admin'] });
  admin = await loginAs(ctx.app, 'admin@named.test', FIXTURE_PASSWORD);
  other = await loginAs(ctx.app, 'admin@other-named.test', FIXTURE_PASSWORD);
  ours = await createEngagement(db, org.id, 'Spring 2026');
  theirs = await createEngagement(db, otherOrg.id, 'Their survey');
  // Both organisations' journeys have a "Lead"; each log names its own only.
  await appendAuditEntry(db, key, read(org.id, adminId, ours.engagement.id, ours.employees.lead.id));
  await appendAuditEntry(db, key, read(org.id, adminId, ours.engagement.id, ours.employees.member.id));
  // An entry of the other organisation that names our person's id (as a tampered or mistaken row would).
  await appendAuditEntry(db, key, read(otherOrg.id, adminId, ours.engagement.id, ours.employees.lead.id));
  await appendAuditEntry(db, key, read(otherOrg.id, adminId, theirs.engagement.id, theirs.employees.lead.id));
});
afterAll(async () => ctx.close());

async function page(token: string, query = ''): Promise<ReturnType<typeof ZAuditLogPage.parse>> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/organization/audit-log/${query}`, headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  return ZAuditLogPage.parse(res.json());
}

describe('the audit log page names the ids it shows', () => {
  it('gives the current name of each actor, subject person and journey on the page', async () => {
    const { entries, names } = await page(admin, '?action=individual_report.read');
    expect(entries).toHaveLength(2);
    expect(names.users[String(adminId)]).toBe('Ann Auditor');
    expect(names.people).toEqual({ [String(ours.employees.lead.id)]: 'Lead', [String(ours.employees.member.id)]: 'Member' });
    expect(names.journeys).toEqual({ [String(ours.engagement.id)]: 'Spring 2026' });
  });

  it('never names another organisation’s people or journeys, even for an id its own log holds', async () => {
    const { entries, names } = await page(other, '?action=individual_report.read');
    expect(entries.map((e) => e.subject_employee_id).sort()).toEqual([ours.employees.lead.id, theirs.employees.lead.id].sort());
    expect(names.people).toEqual({ [String(theirs.employees.lead.id)]: 'Lead' });
    expect(names.journeys).toEqual({ [String(theirs.engagement.id)]: 'Their survey' });
  });

  it('finds the entries about a person by a part of their name or e-mail, in its own organisation only', async () => {
    const byName = await page(admin, '?subject_search=lea');
    expect(byName.entries.map((e) => e.subject_employee_id)).toEqual([ours.employees.lead.id]);
    const byEmail = await page(admin, `?subject_search=${encodeURIComponent(`member-${ours.engagement.id}@`)}`);
    expect(byEmail.entries.map((e) => e.subject_employee_id)).toEqual([ours.employees.member.id]);
    // The other organisation's entry about our Lead stays out: the search looks among its own journeys' people.
    const theirsByName = await page(other, '?subject_search=LEAD');
    expect(theirsByName.entries.map((e) => e.subject_employee_id)).toEqual([theirs.employees.lead.id]);
  });

  it('names the directory person of a data-subject export, and of nothing else whose id happens to match', async () => {
    const db = ctx.db.db;
    const [org] = await db.select().from(tables.organizations).where(eqName('Named Ltd'));
    const [person] = await db.insert(tables.directoryPeople).values({ organizationId: org?.id ?? 0, externalId: 'E-7', userName: 'vera@named.test', email: 'vera@named.test', displayName: 'Vera Named' }).returning();
    const exported: AuditRecord = { ...read(org?.id ?? 0, adminId, ours.engagement.id, 0), action: 'personal_data.export', route: 'GET /api/organization/directory/people/{id}/personal-data/', engagementId: null, subjectEmployeeId: null, targetIds: { id: person?.id ?? 0 } };
    await appendAuditEntry(db, key, exported);
    const { names } = await page(admin, '?action=personal_data.export');
    expect(names.directory_people).toEqual({ [String(person?.id)]: 'Vera Named' });
    // Another organisation's log that names the same id (a stray row) gets no name for it.
    const [otherOrg] = await db.select().from(tables.organizations).where(eqName('Other Named Ltd'));
    await appendAuditEntry(db, key, { ...exported, organizationId: otherOrg?.id ?? 0 });
    expect((await page(other, '?action=personal_data.export')).names.directory_people).toEqual({});
  });

  it('matches LIKE’s wildcards as themselves and refuses a one-character search', async () => {
    expect((await page(admin, `?subject_search=${encodeURIComponent('%_')}`)).entries).toEqual([]);
    const short = await ctx.app.inject({ method: 'GET', url: '/api/organization/audit-log/?subject_search=a', headers: { ...authHeader(admin), 'accept-language': 'hu' } });
    expect(short.statusCode).toBe(400);
  });
});
