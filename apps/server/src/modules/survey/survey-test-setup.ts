import { eq, tables, type Database } from '@ona/db';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { todayUtc } from './survey-window.ts';

/** A date `days` from today (UTC), for survey windows relative to the test's own clock. */
export function dayFromToday(days: number): string {
  const date = new Date(`${todayUtc()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface SurveyOrganisation {
  orgId: number;
  engagementId: number;
  otherEngagementId: number;
  otherOrgEngagementId: number;
  people: { boss: number; lead: number; member: number };
  otherEngagementMember: number;
  tokens: { admin: string; lead: string; member: string; noAccess: string; disabled: string; otherOrgAdmin: string };
  userIds: { admin: number; lead: number; member: number; noAccess: number; disabled: number; otherOrgAdmin: number };
}

/**
 * Acme with an open engagement (boss → lead → member, window from two days ago to ten days
 * ahead) whose lead and member are signed-in users, a second Acme engagement, and Globex.
 */
export async function createSurveyOrganisation(ctx: TestContext): Promise<SurveyOrganisation> {
  const db: Database = ctx.db.db;
  const acme = await createOrganization(db, 'Acme');
  const globex = await createOrganization(db, 'Globex');
  const main = await createEngagement(db, acme.id, 'Acme spring');
  const other = await createEngagement(db, acme.id, 'Acme autumn');
  const globexEngagement = await createEngagement(db, globex.id, 'Globex spring');
  for (const id of [main.engagement.id, other.engagement.id, globexEngagement.engagement.id]) {
    await db.update(tables.engagements).set({ accessFrom: dayFromToday(-2), accessTill: dayFromToday(10), defaultLanguage: 'en' }).where(eq(tables.engagements.id, id));
  }
  const admin = await createUser(db, { email: 'admin@acme.test', name: 'Ada Admin', organizationIds: [acme.id], permissions: ['engagement_admin'] });
  const lead = await createUser(db, { email: 'lead@acme.test', name: 'Lee Lead', organizationIds: [acme.id] });
  const member = await createUser(db, { email: 'member@acme.test', name: 'Mia Member', organizationIds: [acme.id] });
  const noAccess = await createUser(db, { email: 'noaccess@acme.test', name: 'Nora None', organizationIds: [acme.id] });
  const disabled = await createUser(db, { email: 'disabled@acme.test', name: 'Dan Disabled', organizationIds: [acme.id] });
  const otherOrgAdmin = await createUser(db, { email: 'admin@globex.test', name: 'Gus Globex', organizationIds: [globex.id], permissions: ['engagement_admin'] });
  const link = (userId: number, employeeId: number) => db.update(tables.employees).set({ userId }).where(eq(tables.employees.id, employeeId));
  await link(lead.id, main.employees.lead.id);
  await link(member.id, main.employees.member.id);
  await link(noAccess.id, main.employees.boss.id);
  await link(disabled.id, other.employees.boss.id);
  await grantAccess(db, main.engagement.id, admin.id, { survey: 'all_access', statistics: 'all_access' });
  await grantAccess(db, main.engagement.id, lead.id, { survey: 'self_only' });
  await grantAccess(db, main.engagement.id, member.id, { survey: 'self_only' });
  await grantAccess(db, main.engagement.id, noAccess.id, { survey: 'no_access' });
  await grantAccess(db, main.engagement.id, disabled.id, { survey: 'module_disabled' });
  await grantAccess(db, globexEngagement.engagement.id, otherOrgAdmin.id, { survey: 'all_access' });
  const users = { admin, lead, member, noAccess, disabled, otherOrgAdmin };
  const tokens = {} as SurveyOrganisation['tokens'];
  for (const [role, user] of Object.entries(users) as [keyof SurveyOrganisation['tokens'], { email: string }][]) tokens[role] = await loginAs(ctx.app, user.email, FIXTURE_PASSWORD);
  return {
    orgId: acme.id,
    engagementId: main.engagement.id,
    otherEngagementId: other.engagement.id,
    otherOrgEngagementId: globexEngagement.engagement.id,
    people: { boss: main.employees.boss.id, lead: main.employees.lead.id, member: main.employees.member.id },
    otherEngagementMember: other.employees.member.id,
    tokens,
    userIds: { admin: admin.id, lead: lead.id, member: member.id, noAccess: noAccess.id, disabled: disabled.id, otherOrgAdmin: otherOrgAdmin.id },
  };
}

export async function setWindow(db: Database, engagementId: number, accessFrom: string, accessTill: string): Promise<void> {
  await db.update(tables.engagements).set({ accessFrom, accessTill }).where(eq(tables.engagements.id, engagementId));
}

/** Creates the survey of the main engagement and has the lead and the member accept its terms: both can save. */
export async function openSurveyForTakers(ctx: TestContext, org: SurveyOrganisation): Promise<{ questionIds: number[] }> {
  const created = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.engagementId}/survey/`, headers: { authorization: `Token ${org.tokens.admin}` } });
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`survey create answered ${created.statusCode}: ${created.body}`);
  for (const token of [org.tokens.lead, org.tokens.member]) {
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.engagementId}/survey/accept-terms/`, headers: { authorization: `Token ${token}` } });
    if (accepted.statusCode !== 200) throw new Error(`accept-terms answered ${accepted.statusCode}: ${accepted.body}`);
  }
  const questions = (created.json() as { questionnaire: { questions: { id: number }[] } }).questionnaire.questions;
  return { questionIds: questions.map((q) => q.id) };
}

/** A test app with the survey organisation and its open survey, whose lead and member can save. */
export async function createOpenSurveyApp() {
  const ctx = await createTestApp();
  const org = await createSurveyOrganisation(ctx);
  const { questionIds } = await openSurveyForTakers(ctx, org);
  return { ctx, org, questionIds };
}
