import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES, type TEngagement, type TSurveyAdminOverview } from '@ona/contracts';
import { and, eq, sql, tables } from '@ona/db';
import { DEFAULT_LEADERSHIP_ITEMS } from '../../demo/demo-leadership-items.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, dayFromToday, type SurveyOrganisation } from '../survey/survey-test-setup.ts';

let ctx: TestContext;
let org: SurveyOrganisation;
let mainQuestionIds: number[] = [];

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: unknown, language = 'en-US') =>
  ctx.app.inject({ method, url: `/api${url}`, headers: { ...authHeader(token), 'accept-language': language }, ...(payload === undefined ? {} : { payload: payload as object }) });

const ANALYTICS = ['survey', 'graph_visualization', 'key_people_analytics', 'analytics360_reports'] as const;
const newJourney = (overrides: Record<string, unknown> = {}) => ({
  name: 'Autumn journey',
  access_from: dayFromToday(5),
  access_till: dayFromToday(30),
  default_language: 'en',
  modules: [...ANALYTICS],
  questionnaire: { source: 'default' },
  ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}, token = org.tokens.admin) => call('POST', '/engagements/', token, newJourney(overrides));
const createOk = async (overrides: Record<string, unknown> = {}) => {
  const res = await create(overrides);
  expect(res.statusCode).toBe(201);
  return res.json<TEngagement>();
};

async function countRows(engagementId: number) {
  const db = ctx.db.db;
  const n = async (table: typeof tables.questions | typeof tables.leadershipItems | typeof tables.moduleAccess | typeof tables.employees | typeof tables.units | typeof tables.emailTemplates) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.engagementId, engagementId));
    return row?.n ?? 0;
  };
  return { questions: await n(tables.questions), leadershipItems: await n(tables.leadershipItems), access: await n(tables.moduleAccess), employees: await n(tables.employees), units: await n(tables.units), templates: await n(tables.emailTemplates) };
}
const engagementCount = async () => (await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(tables.engagements))[0]?.n ?? 0;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
  const created = await call('POST', `/engagements/${org.engagementId}/survey/`, org.tokens.admin);
  mainQuestionIds = created.json<TSurveyAdminOverview>().questionnaire.questions.map((q) => q.id);
  // The organisation's own wording of one question, in two languages: a copy must keep it.
  await ctx.db.db.update(tables.questions).set({ texts: { en: 'Whom do you ask about budgets?', hu: 'Kitől kérdez a költségvetésről?' } }).where(eq(tables.questions.id, mainQuestionIds[1] ?? 0));
});
afterAll(async () => ctx.close());

describe('POST /engagements/ (new journey)', () => {
  it('creates a journey with the default questionnaire and the 360 block, and gives the creator all_access to every module that is on', async () => {
    const journey = await createOk();
    expect(journey).toMatchObject({ name: 'Autumn journey', state: 'draft', modules: [...ANALYTICS], archived: false, has_answers: false, previous_engagement_id: null, closed_at: null, is_admin: true });
    expect(journey.survey.question_count).toBe(13);
    expect(journey.key_people_analytics.access_level).toBe('all_access');
    expect(journey.graph_visualization.access_level).toBe('all_access');
    // Modules that are off are no_access, whatever anyone holds.
    expect(journey.retention_analytics.access_level).toBe('no_access');
    expect(journey.statistics.access_level).toBe('no_access');
    const counts = await countRows(journey.id);
    expect(counts).toMatchObject({ questions: 13, leadershipItems: DEFAULT_LEADERSHIP_ITEMS.length, access: ANALYTICS.length });
    const [row] = await ctx.db.db.select().from(tables.engagements).where(eq(tables.engagements.id, journey.id));
    expect(row).toMatchObject({ createdBy: org.userIds.admin, organizationId: org.orgId, defaultLanguage: 'en' });
    expect(row?.surveyCreatedAt).not.toBeNull();
    const listed = (await call('GET', '/engagements/', org.tokens.admin)).json<TEngagement[]>();
    expect(listed.map((e) => e.id)).toContain(journey.id);
  });

  it('leaves the 360 block out when 360 reports are off', async () => {
    const journey = await createOk({ modules: ['survey', 'graph_visualization'] });
    expect(await countRows(journey.id)).toMatchObject({ questions: 13, leadershipItems: 0, access: 2 });
  });

  it('copies the questions of an earlier journey of the same organisation: same keys, categories, kinds and texts', async () => {
    const journey = await createOk({ questionnaire: { source: 'copy', engagement_id: org.engagementId } });
    const read = (id: number) => ctx.db.db.select({ key: tables.questions.key, category: tables.questions.category, kind: tables.questions.kind, texts: tables.questions.texts, position: tables.questions.position }).from(tables.questions).where(eq(tables.questions.engagementId, id)).orderBy(tables.questions.position);
    const strip = (rows: Awaited<ReturnType<typeof read>>) => rows.map(({ position: _position, ...rest }) => rest);
    expect(strip(await read(journey.id))).toEqual(strip(await read(org.engagementId)));
    expect((await read(journey.id)).find((q) => q.key === 'advice')?.texts).toEqual({ en: 'Whom do you ask about budgets?', hu: 'Kitől kérdez a költségvetésről?' });
  });

  it('creates an empty journey for an import: no questions, no 360 items, survey not created yet', async () => {
    const journey = await createOk({ questionnaire: { source: 'empty' } });
    expect(journey.survey.question_count).toBe(0);
    expect(await countRows(journey.id)).toMatchObject({ questions: 0, leadershipItems: 0 });
    const overview = (await call('GET', `/engagements/${journey.id}/survey/overview/`, org.tokens.admin)).json<TSurveyAdminOverview>();
    expect(overview.survey_created_at).toBeNull();
  });

  it('answers 404 for a copy of another organisation’s journey and stores nothing', async () => {
    const before = await engagementCount();
    const res = await create({ questionnaire: { source: 'copy', engagement_id: org.otherOrgEngagementId } });
    expect(res.statusCode).toBe(404);
    expect(await engagementCount()).toBe(before);
  });

  it('refuses a copy of a journey without questions with a field error, storing nothing', async () => {
    const before = await engagementCount();
    const res = await create({ questionnaire: { source: 'copy', engagement_id: org.otherEngagementId } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'copy_source_empty', errors: { 'questionnaire.engagement_id': ['The chosen journey has no questions to copy.'] } });
    expect(await engagementCount()).toBe(before);
  });

  it('refuses reversed dates and a past end date in the user’s language, storing nothing', async () => {
    const before = await engagementCount();
    const reversed = await call('POST', '/engagements/', org.tokens.admin, newJourney({ access_from: dayFromToday(10), access_till: dayFromToday(9) }), 'hu');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'dates_reversed', errors: { access_till: ['A záró dátum nem lehet korábbi a kezdő dátumnál.'] } });
    const past = await call('POST', '/engagements/', org.tokens.admin, newJourney({ access_from: dayFromToday(-10), access_till: dayFromToday(-1) }), 'de');
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'end_date_in_past', errors: { access_till: ['Das Enddatum einer neuen Erhebung darf nicht in der Vergangenheit liegen.'] } });
    expect(await engagementCount()).toBe(before);
  });

  it('refuses missing fields, an unknown module and an unknown questionnaire source with field errors', async () => {
    const before = await engagementCount();
    const { name: _name, access_from: _from, ...missing } = newJourney();
    const res = await call('POST', '/engagements/', org.tokens.admin, missing);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['name', 'access_from']));
    const unknown = await create({ modules: ['survey', 'mind_reading'] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['modules.1']);
    expect((await create({ modules: [] })).statusCode).toBe(400);
    expect((await create({ questionnaire: { source: 'telepathy' } })).statusCode).toBe(400);
    expect(await engagementCount()).toBe(before);
  });
});

describe('PATCH /engagements/{id}/', () => {
  it('changes the name, language, modules and dates of a journey nobody has answered; a module switched on is the editor’s at once', async () => {
    const journey = await createOk({ modules: ['survey'] });
    const res = await call('PATCH', `/engagements/${journey.id}/`, org.tokens.admin, {
      name: 'Renamed',
      default_language: 'de',
      modules: ['survey', 'statistics', 'analytics360_reports'],
      access_from: dayFromToday(1),
      access_till: dayFromToday(40),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', default_language: 'de', modules: ['survey', 'statistics', 'analytics360_reports'], access_from: dayFromToday(1), access_till: dayFromToday(40) });
    expect(res.json<TEngagement>().statistics.access_level).toBe('all_access');
    // 360 switched on before the survey starts brings the default 360 block.
    expect((await countRows(journey.id)).leadershipItems).toBe(DEFAULT_LEADERSHIP_ITEMS.length);
  });

  it('refuses reversed dates and moving the end into the past, but accepts unchanged dates', async () => {
    const journey = await createOk();
    const reversed = await call('PATCH', `/engagements/${journey.id}/`, org.tokens.admin, { access_till: dayFromToday(1) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'dates_reversed', errors: { access_till: [expect.any(String)] } });
    const past = await call('PATCH', `/engagements/${journey.id}/`, org.tokens.admin, { access_from: dayFromToday(-5), access_till: dayFromToday(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('end_date_in_past');
    const unchanged = await call('PATCH', `/engagements/${journey.id}/`, org.tokens.admin, { name: 'Same dates', access_from: journey.access_from, access_till: journey.access_till });
    expect(unchanged.statusCode).toBe(200);
  });

  it('keeps the start date once someone has answered (409) while the name, end date and modules still change', async () => {
    await call('POST', `/engagements/${org.engagementId}/survey/accept-terms/`, org.tokens.member);
    const saved = await call('PUT', `/engagements/${org.engagementId}/survey/answers/${mainQuestionIds[0]}/`, org.tokens.member, { selected_users: [org.people.lead] });
    expect(saved.statusCode).toBe(200);
    const locked = await call('PATCH', `/engagements/${org.engagementId}/`, org.tokens.admin, { access_from: dayFromToday(-3) });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('access_from_locked');
    const ok = await call('PATCH', `/engagements/${org.engagementId}/`, org.tokens.admin, { name: 'Acme spring (main)', access_till: dayFromToday(12), modules: [...MODULES] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Acme spring (main)', access_till: dayFromToday(12), has_answers: true, state: 'open' });
  });
});

describe('modules that are off', () => {
  it('read as no_access for everybody, close their routes (403) and refuse access-right changes (400 module_off)', async () => {
    const off = await call('PATCH', `/engagements/${org.engagementId}/`, org.tokens.admin, { modules: MODULES.filter((m) => m !== 'statistics') });
    expect(off.statusCode).toBe(200);
    expect(off.json<TEngagement>().statistics.access_level).toBe('no_access');
    expect((await call('GET', `/engagements/${org.engagementId}/survey-statistics/`, org.tokens.admin)).statusCode).toBe(403);
    const rights = (await call('GET', `/engagements/${org.engagementId}/access-rights/`, org.tokens.admin)).json<{ id: number; access_rights: Record<string, string> }[]>();
    expect(rights.find((r) => r.id === org.userIds.admin)?.access_rights.statistics).toBe('no_access');
    const bulk = await call('POST', `/engagements/${org.engagementId}/access-rights/bulk-update/`, org.tokens.admin, { users: [org.userIds.lead], access_rights: { statistics: 'all_access', survey: 'self_only' } });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json()).toMatchObject({ code: 'module_off', errors: { 'access_rights.statistics': [expect.any(String)] } });
    // Switched on again, the stored level is back.
    const on = await call('PATCH', `/engagements/${org.engagementId}/`, org.tokens.admin, { modules: [...MODULES] });
    expect(on.json<TEngagement>().statistics.access_level).toBe('all_access');
    expect((await call('GET', `/engagements/${org.engagementId}/survey-statistics/`, org.tokens.admin)).statusCode).toBe(200);
  });

  it('a survey switched off is closed to its participants (403)', async () => {
    await call('PATCH', `/engagements/${org.engagementId}/`, org.tokens.admin, { modules: MODULES.filter((m) => m !== 'survey') });
    expect((await call('GET', `/engagements/${org.engagementId}/survey/`, org.tokens.member)).statusCode).toBe(403);
    await call('PATCH', `/engagements/${org.engagementId}/`, org.tokens.admin, { modules: [...MODULES] });
    expect((await call('GET', `/engagements/${org.engagementId}/survey/`, org.tokens.member)).statusCode).toBe(200);
  });
});

describe('DELETE /engagements/{id}/', () => {
  it('deletes a journey nobody has answered with everything of it', async () => {
    const journey = await createOk();
    const [unit] = await ctx.db.db.insert(tables.units).values({ engagementId: journey.id, name: 'Unit' }).returning();
    await ctx.db.db.insert(tables.employees).values({ engagementId: journey.id, unitId: unit?.id ?? null, name: 'Eve', email: 'eve@acme.test' });
    await ctx.db.db.insert(tables.emailTemplates).values({ engagementId: journey.id, kind: 'invitation', language: 'en', subject: 'Hi', body: 'Hello {{name}} {{link}}' });
    expect(Object.values(await countRows(journey.id)).every((n) => n > 0)).toBe(true);
    const res = await call('DELETE', `/engagements/${journey.id}/`, org.tokens.admin);
    expect(res.statusCode).toBe(204);
    expect(await countRows(journey.id)).toEqual({ questions: 0, leadershipItems: 0, access: 0, employees: 0, units: 0, templates: 0 });
    expect((await call('GET', `/engagements/${journey.id}/`, org.tokens.admin)).statusCode).toBe(404);
  });

  it('refuses a journey with answers (409) and says it can be archived instead', async () => {
    const res = await call('DELETE', `/engagements/${org.engagementId}/`, org.tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('engagement_has_answers');
    expect(res.json().detail).toContain('archive');
    expect((await countRows(org.engagementId)).questions).toBe(13);
  });
});

describe('archive and unarchive', () => {
  it('hides an archived journey from the list (admins list it with ?archived=true) and from everybody but admins', async () => {
    const res = await call('POST', `/engagements/${org.engagementId}/archive/`, org.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json<TEngagement>().archived).toBe(true);
    const ids = async (url: string, token = org.tokens.admin) => (await call('GET', url, token)).json<TEngagement[]>().map((e) => e.id);
    expect(await ids('/engagements/')).not.toContain(org.engagementId);
    expect(await ids('/engagements/?archived=true')).toEqual([org.engagementId]);
    expect((await call('GET', `/engagements/${org.engagementId}/`, org.tokens.admin)).statusCode).toBe(200);
    expect(await ids('/engagements/', org.tokens.member)).not.toContain(org.engagementId);
    expect((await call('GET', `/engagements/${org.engagementId}/`, org.tokens.member)).statusCode).toBe(404);
    expect((await call('GET', `/engagements/${org.engagementId}/survey/`, org.tokens.member)).statusCode).toBe(404);
    expect((await call('GET', '/engagements/?archived=true', org.tokens.member)).statusCode).toBe(403);
    const back = await call('POST', `/engagements/${org.engagementId}/unarchive/`, org.tokens.admin);
    expect(back.json<TEngagement>().archived).toBe(false);
    expect(await ids('/engagements/')).toContain(org.engagementId);
    expect(await ids('/engagements/', org.tokens.member)).toContain(org.engagementId);
  });
});

describe('close now and reopen', () => {
  it('closes the survey at once: saves answer 409 survey_closed and the state is closed; reopening opens it again', async () => {
    const closed = await call('POST', `/engagements/${org.engagementId}/close/`, org.tokens.admin);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'closed', closed_at: expect.any(String) });
    const save = await call('PUT', `/engagements/${org.engagementId}/survey/answers/${mainQuestionIds[1]}/`, org.tokens.member, { selected_users: [org.people.boss] });
    expect(save.statusCode).toBe(409);
    expect(save.json().code).toBe('survey_closed');
    expect((await call('GET', `/engagements/${org.engagementId}/survey/`, org.tokens.member)).json().is_open).toBe(false);
    // Nobody is invited to a survey that would refuse their answers.
    const invite = await call('POST', `/engagements/${org.engagementId}/survey/send-invitation/`, org.tokens.admin, { kind: 'reminder' });
    expect(invite.statusCode).toBe(409);
    expect(invite.json().code).toBe('survey_closed');
    const again = await call('POST', `/engagements/${org.engagementId}/close/`, org.tokens.admin);
    expect(again.json().closed_at).toBe(closed.json().closed_at);
    const reopened = await call('POST', `/engagements/${org.engagementId}/reopen/`, org.tokens.admin);
    expect(reopened.json()).toMatchObject({ state: 'open', closed_at: null });
    expect((await call('PUT', `/engagements/${org.engagementId}/survey/answers/${mainQuestionIds[1]}/`, org.tokens.member, { selected_users: [org.people.boss] })).statusCode).toBe(200);
  });

  it('does not reopen a journey whose last day has passed (409)', async () => {
    await ctx.db.db.update(tables.engagements).set({ accessFrom: dayFromToday(-20), accessTill: dayFromToday(-2) }).where(eq(tables.engagements.id, org.otherEngagementId));
    const res = await call('POST', `/engagements/${org.otherEngagementId}/reopen/`, org.tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('reopen_after_end');
  });
});

describe('permissions and tenancy', () => {
  const writes = (id: number): [Method, string, unknown][] => [
    ['PATCH', `/engagements/${id}/`, { name: 'x' }],
    ['DELETE', `/engagements/${id}/`, undefined],
    ['POST', `/engagements/${id}/archive/`, undefined],
    ['POST', `/engagements/${id}/unarchive/`, undefined],
    ['POST', `/engagements/${id}/close/`, undefined],
    ['POST', `/engagements/${id}/reopen/`, undefined],
    ['POST', `/engagements/${id}/next-wave/`, { name: 'Next', access_from: dayFromToday(1), access_till: dayFromToday(20) }],
  ];

  it('answers 403 to a user without engagement_admin on every journey write', async () => {
    expect((await create({}, org.tokens.lead)).statusCode).toBe(403);
    for (const [method, url, body] of writes(org.engagementId)) {
      const res = await call(method, url, org.tokens.lead, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await ctx.db.db.select().from(tables.engagements).where(eq(tables.engagements.id, org.engagementId));
    expect(row).toMatchObject({ archivedAt: null, closedAt: null, name: 'Acme spring (main)' });
  });

  it('answers 404 for another organisation’s journey on every route', async () => {
    for (const [method, url, body] of [['GET', `/engagements/${org.otherOrgEngagementId}/`, undefined] as [Method, string, unknown], ...writes(org.otherOrgEngagementId)]) {
      const res = await call(method, url, org.tokens.admin, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await ctx.db.db.select().from(tables.engagements).where(and(eq(tables.engagements.id, org.otherOrgEngagementId)));
    expect(row).toMatchObject({ archivedAt: null, closedAt: null, name: 'Globex spring' });
  });
});

describe('the OpenAPI description', () => {
  it('lists every journey route with its schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> }>();
    expect(Object.keys(doc.paths['/api/engagements/'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/engagements/{id}/'] ?? {})).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
    for (const action of ['archive', 'unarchive', 'close', 'reopen', 'next-wave']) expect(doc.paths[`/api/engagements/{id}/${action}/`]?.post, action).toBeDefined();
    expect(doc.paths['/api/engagements/']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/engagements/{id}/next-wave/']?.post?.responses).toHaveProperty('201');
    expect(doc.paths['/api/engagements/{id}/']?.delete?.responses).toHaveProperty('204');
  });
});
