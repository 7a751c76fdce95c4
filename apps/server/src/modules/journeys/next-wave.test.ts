import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEngagement } from '@ona/contracts';
import { asc, eq, sql, tables } from '@ona/db';
import { defaultLeadershipItems } from '../../demo/demo-leadership-items.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, dayFromToday, type SurveyOrganisation } from '../survey/survey-test-setup.ts';

let ctx: TestContext;
let org: SurveyOrganisation;
/** More than one insert chunk (500), so that the copy's chunking is exercised. */
const EXTRA_PEOPLE = 1100;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: { ...authHeader(token), 'accept-language': 'en-US' }, ...(payload === undefined ? {} : { payload: payload as object }) });
const wave = (overrides: Record<string, unknown> = {}) => ({ name: 'Acme spring, wave 2', access_from: dayFromToday(3), access_till: dayFromToday(24), ...overrides });

/** Everything a wave copies, with ids replaced by what they stand for (e-mails, unit names). */
async function content(engagementId: number) {
  const db = ctx.db.db;
  const people = await db.select().from(tables.employees).where(eq(tables.employees.engagementId, engagementId)).orderBy(asc(tables.employees.email));
  const units = await db.select().from(tables.units).where(eq(tables.units.engagementId, engagementId)).orderBy(asc(tables.units.name));
  const unitName = new Map(units.map((u) => [u.id, u.name]));
  const emailOf = new Map(people.map((p) => [p.id, p.email]));
  const questions = await db.select().from(tables.questions).where(eq(tables.questions.engagementId, engagementId)).orderBy(asc(tables.questions.position));
  const items = await db.select().from(tables.leadershipItems).where(eq(tables.leadershipItems.engagementId, engagementId)).orderBy(asc(tables.leadershipItems.position));
  const access = await db.select().from(tables.moduleAccess).where(eq(tables.moduleAccess.engagementId, engagementId));
  const templates = await db.select().from(tables.emailTemplates).where(eq(tables.emailTemplates.engagementId, engagementId)).orderBy(asc(tables.emailTemplates.kind), asc(tables.emailTemplates.language));
  return {
    employees: people.map((p) => ({
      name: p.name,
      email: p.email,
      userId: p.userId,
      unit: p.unitId === null ? null : unitName.get(p.unitId),
      leader: p.leaderId === null ? null : emailOf.get(p.leaderId),
      gender: p.gender,
      generation: p.generation,
      entryDate: p.entryDate,
      jobTitle: p.jobTitle,
      attributes: p.attributes,
    })),
    units: units.map((u) => ({ name: u.name, parent: u.parentId === null ? null : unitName.get(u.parentId), position: u.position })),
    questions: questions.map((q) => ({ key: q.key, category: q.category, kind: q.kind, texts: q.texts })),
    items: items.map((i) => ({ dimension: i.dimension, texts: i.texts })),
    access: access.map((a) => `${a.userId}:${a.module}:${a.accessLevel}`).sort(),
    templates: templates.map((t) => ({ kind: t.kind, language: t.language, subject: t.subject, body: t.body })),
  };
}

async function countOf(table: typeof tables.answers | typeof tables.surveyParticipations | typeof tables.analysisRuns | typeof tables.leaderReportCodes | typeof tables.leadershipAnswers, engagementId: number) {
  const [row] = await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.engagementId, engagementId));
  return row?.n ?? 0;
}

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
  const db = ctx.db.db;
  const id = org.engagementId;
  await call('POST', `/engagements/${id}/survey/`, org.tokens.admin);
  await db.update(tables.employees).set({ gender: 'female', generation: 'x', entryDate: '2004-05-06', jobTitle: 'Managing director', attributes: { location: 'Wien' } }).where(eq(tables.employees.id, org.people.boss));
  await db.update(tables.engagements).set({ defaultLanguage: 'hu', modules: ['survey', 'graph_visualization', 'analytics360_reports'] }).where(eq(tables.engagements.id, id));
  const items = defaultLeadershipItems().slice(0, 3);
  const itemRows = await db.insert(tables.leadershipItems).values(items.map((item, i) => ({ engagementId: id, dimension: item.dimension, position: i + 1, texts: item.texts }))).returning();
  await db.insert(tables.emailTemplates).values({ engagementId: id, kind: 'invitation', language: 'hu', subject: 'Meghívó: {{engagement}}', body: 'Kedves {{name}}! {{link}}' });
  const [team] = await db.select().from(tables.units).where(eq(tables.units.engagementId, id)).orderBy(asc(tables.units.id)).offset(1).limit(1);
  const extra = await db
    .insert(tables.employees)
    .values(Array.from({ length: EXTRA_PEOPLE }, (_, i) => ({ engagementId: id, unitId: team?.id ?? null, name: `Person ${i}`, email: `person-${i}@acme.test`, attributes: { shift: i % 2 === 0 ? 'early' : 'late' } })))
    .returning({ id: tables.employees.id });
  // A chain: each extra person reports to the one before, the first to the lead.
  await db.execute(sql`update employees set leader_id = case when id = ${extra[0]?.id} then ${org.people.lead}::int else id - 1 end where id between ${extra[0]?.id} and ${extra.at(-1)?.id}`);
  // Answers, a 360 answer, an analysis run and a leader code: none of them may travel.
  await call('POST', `/engagements/${id}/survey/accept-terms/`, org.tokens.member);
  const [question] = await db.select().from(tables.questions).where(eq(tables.questions.engagementId, id)).orderBy(asc(tables.questions.position)).limit(1);
  expect((await call('PUT', `/engagements/${id}/survey/answers/${question?.id}/`, org.tokens.member, { selected_users: [org.people.lead] })).statusCode).toBe(200);
  await db.insert(tables.leadershipAnswers).values({ engagementId: id, employeeId: org.people.member, itemId: itemRows[0]?.id ?? 0, selectedLeaderIds: [org.people.lead] });
  await db.insert(tables.analysisRuns).values({ engagementId: id, status: 'failed' });
  await db.insert(tables.leaderReportCodes).values({ engagementId: id, leaderEmployeeId: org.people.lead, code: 'ABCDEFGH' });
});
afterAll(async () => ctx.close());

describe('POST /engagements/{id}/next-wave/', () => {
  it('refuses a journey that is still open (409 journey_not_finished)', async () => {
    const res = await call('POST', `/engagements/${org.engagementId}/next-wave/`, org.tokens.admin, wave());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('journey_not_finished');
  });

  it('refuses reversed or past dates once the journey is closed', async () => {
    expect((await call('POST', `/engagements/${org.engagementId}/close/`, org.tokens.admin)).json().state).toBe('closed');
    const reversed = await call('POST', `/engagements/${org.engagementId}/next-wave/`, org.tokens.admin, wave({ access_till: dayFromToday(1) }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().code).toBe('dates_reversed');
    const past = await call('POST', `/engagements/${org.engagementId}/next-wave/`, org.tokens.admin, wave({ access_from: dayFromToday(-9), access_till: dayFromToday(-1) }));
    expect(past.json().code).toBe('end_date_in_past');
    const missing = await call('POST', `/engagements/${org.engagementId}/next-wave/`, org.tokens.admin, { name: '' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['name', 'access_from', 'access_till']));
  });

  it('copies employees, units, filters, questionnaire, 360 items, modules, language, access rows and e-mail texts, without answers', async () => {
    const before = await content(org.engagementId);
    const res = await call('POST', `/engagements/${org.engagementId}/next-wave/`, org.tokens.admin, wave());
    expect(res.statusCode).toBe(201);
    const next = res.json<TEngagement>();
    expect(next).toMatchObject({
      name: 'Acme spring, wave 2',
      previous_engagement_id: org.engagementId,
      default_language: 'hu',
      modules: ['survey', 'graph_visualization', 'analytics360_reports'],
      state: 'draft',
      has_answers: false,
      participant_count: 3 + EXTRA_PEOPLE,
      closed_at: null,
      archived: false,
    });
    expect(next.id).not.toBe(org.engagementId);
    const after = await content(next.id);
    expect(after.employees).toEqual(before.employees);
    expect(after.units).toEqual(before.units);
    expect(after.questions).toEqual(before.questions);
    expect(after.questions.map((q) => q.key)).toHaveLength(13);
    expect(after.items).toEqual(before.items);
    expect(after.templates).toEqual(before.templates);
    // The source's rows, plus all_access for the caller where they held no level of a module that is on.
    expect(after.access).toEqual(expect.arrayContaining(before.access));
    expect(after.access.filter((row) => !before.access.includes(row))).toEqual([`${org.userIds.admin}:analytics360_reports:all_access`, `${org.userIds.admin}:graph_visualization:all_access`]);
    for (const table of [tables.answers, tables.surveyParticipations, tables.analysisRuns, tables.leaderReportCodes, tables.leadershipAnswers]) expect(await countOf(table, next.id)).toBe(0);
    // The source keeps everything.
    expect(await countOf(tables.answers, org.engagementId)).toBe(1);
    expect(await content(org.engagementId)).toEqual(before);
    const [row] = await ctx.db.db.select().from(tables.engagements).where(eq(tables.engagements.id, next.id));
    expect(row).toMatchObject({ createdBy: org.userIds.admin, previousEngagementId: org.engagementId });
    // Participants may take the new wave's survey once it opens: the survey exists.
    expect(row?.surveyCreatedAt).not.toBeNull();
  });

  it('starts from an archived journey too (kept for waves), and answers 403 / 404 like every journey write', async () => {
    await call('POST', `/engagements/${org.engagementId}/archive/`, org.tokens.admin);
    const res = await call('POST', `/engagements/${org.engagementId}/next-wave/`, org.tokens.admin, wave({ name: 'Wave 3' }));
    expect(res.statusCode).toBe(201);
    expect((await call('POST', `/engagements/${org.engagementId}/next-wave/`, org.tokens.lead, wave())).statusCode).toBe(404);
    await call('POST', `/engagements/${org.engagementId}/unarchive/`, org.tokens.admin);
    expect((await call('POST', `/engagements/${org.engagementId}/next-wave/`, org.tokens.lead, wave())).statusCode).toBe(403);
    expect((await call('POST', `/engagements/${org.otherOrgEngagementId}/next-wave/`, org.tokens.admin, wave())).statusCode).toBe(404);
  });
});
