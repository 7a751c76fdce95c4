import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql, tables } from '@ona/db';
import type { TEngagement } from '@ona/contracts';
import { countRequestStatements, countStatements } from '../../testing/count-statements.ts';
import { createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { loginAs } from '../../testing/test-app.ts';
import { authHeader } from '../../testing/test-app.ts';
import { createOpenSurveyApp } from '../survey/survey-test-setup.ts';

/**
 * The journeys list keeps each journey's head counts and the callers' subtree sizes under the
 * journey's roster version and respondent version (engagement-summaries.ts). Every change that moves
 * a count is seen on the very next request — saves through the API, plain SQL writes, deletes;
 * what does not move a count (the journey's row, leader codes) is not counted again.
 */
let opened: Awaited<ReturnType<typeof createOpenSurveyApp>>;
beforeAll(async () => {
  opened = await createOpenSurveyApp();
});
afterAll(async () => opened.ctx.close());

const db = () => opened.ctx.db.db;
const journeyOf = async (token: string): Promise<TEngagement> => {
  const res = await opened.ctx.app.inject({ method: 'GET', url: '/api/engagements/', headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  const journey = (res.json() as TEngagement[]).find((e) => e.id === opened.org.engagementId);
  if (!journey) throw new Error('journey not listed');
  return journey;
};
const one = async (token: string): Promise<TEngagement> => {
  const res = await opened.ctx.app.inject({ method: 'GET', url: `/api/engagements/${opened.org.engagementId}/`, headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as TEngagement;
};
const save = async (token: string, questionId: number, selected: number[], sequence: number) => {
  const res = await opened.ctx.app.inject({
    method: 'PUT',
    url: `/api/engagements/${opened.org.engagementId}/survey/answers/${questionId}/`,
    headers: authHeader(token),
    payload: { selected_users: selected, sequence },
  });
  expect(res.statusCode).toBe(200);
};

describe('journeys list: kept counts follow every change', () => {
  it('a list whose counts are kept sends one statement; after a change of employees, two (the counts again)', async () => {
    const request = { method: 'GET' as const, url: '/api/engagements/', headers: authHeader(opened.org.tokens.admin) };
    await opened.ctx.app.inject(request);
    expect((await countRequestStatements(opened.ctx, request)).statements).toHaveLength(1);
    await db().update(tables.employees).set({ name: 'Boss, renamed' }).where(eq(tables.employees.id, opened.org.people.boss));
    const changed = await countRequestStatements(opened.ctx, request);
    expect(changed.statements).toHaveLength(2);
    expect((await countRequestStatements(opened.ctx, request)).statements).toHaveLength(1);
  });

  it("the journey's own row and its leader codes are read with the list, without counting again", async () => {
    const { engagementId, people, tokens } = opened.org;
    const request = { method: 'GET' as const, url: '/api/engagements/', headers: authHeader(tokens.admin) };
    await opened.ctx.app.inject(request);
    await db().update(tables.engagements).set({ name: 'Acme spring, renamed' }).where(eq(tables.engagements.id, engagementId));
    const renamed = await countRequestStatements(opened.ctx, request);
    expect(renamed.statements).toHaveLength(1);
    expect((renamed.response.json() as TEngagement[]).find((e) => e.id === engagementId)?.name).toBe('Acme spring, renamed');
    // What a finishing analysis writes: it moves the data version of kept analysis answers, not the counts.
    const [{ dataVersion: before } = { dataVersion: 0 }] = await db().select({ dataVersion: tables.engagements.dataVersion }).from(tables.engagements).where(eq(tables.engagements.id, engagementId));
    await db().insert(tables.leaderReportCodes).values({ engagementId, leaderEmployeeId: people.boss, code: 'ROSTER-TEST' });
    const [{ dataVersion: after } = { dataVersion: 0 }] = await db().select({ dataVersion: tables.engagements.dataVersion }).from(tables.engagements).where(eq(tables.engagements.id, engagementId));
    expect(after).not.toBe(before);
    expect((await countRequestStatements(opened.ctx, request)).statements).toHaveLength(1);
    await db().delete(tables.leaderReportCodes).where(eq(tables.leaderReportCodes.engagementId, engagementId));
  });

  it('lists asked at once after a change count once between them, and each gets the new counts', async () => {
    const { engagementId } = opened.org;
    const request = { method: 'GET' as const, url: '/api/engagements/', headers: authHeader(opened.org.tokens.admin) };
    const before = (await opened.ctx.app.inject(request)).json() as TEngagement[];
    const [added] = await db().insert(tables.questions).values({ engagementId, key: 'q_at_once', category: 'work_cooperation', kind: 'cooperation', position: 98, texts: { en: 'At once', hu: 'Egyszerre', de: 'Zugleich', ru: 'Сразу' } }).returning({ id: tables.questions.id });
    const { result: responses, statements } = await countStatements(opened.ctx.db, () => Promise.all(Array.from({ length: 5 }, () => opened.ctx.app.inject(request))));
    // Five reads of the journeys, one count: the others waited for it instead of counting again.
    expect(statements).toHaveLength(6);
    const counts = responses.map((response) => {
      expect(response.statusCode).toBe(200);
      const journey = (response.json() as TEngagement[]).find((e) => e.id === engagementId);
      return [journey?.participant_count, journey?.survey.question_count];
    });
    expect(new Set(counts.map((c) => JSON.stringify(c))).size).toBe(1);
    expect(counts[0]?.[1]).toBe((before.find((e) => e.id === engagementId)?.survey.question_count ?? 0) + 1);
    await db().delete(tables.questions).where(eq(tables.questions.id, added?.id ?? 0));
  });

  it('answer count: a first answer counts at once, a further answer or a re-save does not, deleted answers uncount', async () => {
    const { tokens, people } = opened.org;
    const [q1, q2] = opened.questionIds as [number, number];
    expect((await journeyOf(tokens.admin)).answer_count).toBe(0);
    await save(tokens.member, q1, [people.boss], 1);
    expect((await journeyOf(tokens.admin)).answer_count).toBe(1);
    expect((await one(tokens.admin)).has_answers).toBe(true);
    await save(tokens.member, q2, [people.lead], 2);
    await save(tokens.member, q1, [people.lead], 3);
    expect((await journeyOf(tokens.admin)).answer_count).toBe(1);
    await save(tokens.lead, q1, [people.boss], 1);
    expect((await journeyOf(tokens.admin)).answer_count).toBe(2);
    // Plain SQL, as an import or a script would write.
    await db().insert(tables.answers).values({ engagementId: opened.org.engagementId, employeeId: people.boss, questionId: q2, selectedEmployeeIds: [people.lead] });
    expect((await journeyOf(tokens.admin)).answer_count).toBe(3);
    await db().delete(tables.answers).where(eq(tables.answers.employeeId, people.lead));
    expect((await journeyOf(tokens.admin)).answer_count).toBe(2);
    await db().delete(tables.answers).where(and(eq(tables.answers.employeeId, people.member), eq(tables.answers.questionId, q1)));
    expect((await journeyOf(tokens.admin)).answer_count).toBe(2);
  });

  it('participants, questions and the subtree follow employees and questions; progress and analysis are read live', async () => {
    const { tokens, people, engagementId, userIds } = opened.org;
    const before = await journeyOf(tokens.admin);
    const [newcomer] = await db().insert(tables.employees).values({ engagementId, name: 'New', email: 'new@x.test', leaderId: people.member }).returning({ id: tables.employees.id });
    const afterHire = await journeyOf(tokens.admin);
    expect(afterHire.participant_count).toBe(before.participant_count + 1);
    await db().insert(tables.questions).values({ engagementId, key: 'q_extra', category: 'work_cooperation', kind: 'cooperation', position: 99, texts: { en: 'Extra', hu: 'Extra', de: 'Extra', ru: 'Экстра' } });
    expect((await journeyOf(tokens.admin)).survey.question_count).toBe(before.survey.question_count + 1);

    // The lead sees their subtree in leader reports: themself, the member and now the newcomer.
    await db().insert(tables.moduleAccess).values({ engagementId, userId: userIds.lead, module: 'leader_reports', accessLevel: 'subtree' });
    expect((await journeyOf(tokens.lead)).leader_reports).toEqual({ access_level: 'subtree', involved_employee_count: 3 });
    await db().update(tables.employees).set({ leaderId: null }).where(eq(tables.employees.id, newcomer?.id ?? 0));
    expect((await journeyOf(tokens.lead)).leader_reports.involved_employee_count).toBe(2);
    await db().update(tables.moduleAccess).set({ accessLevel: 'all_access' }).where(and(eq(tables.moduleAccess.userId, userIds.lead), eq(tables.moduleAccess.module, 'leader_reports')));
    expect((await journeyOf(tokens.lead)).leader_reports).toEqual({ access_level: 'all_access', involved_employee_count: before.participant_count + 1 });

    const [q3] = opened.questionIds.slice(2) as [number];
    await save(tokens.lead, q3, [people.boss], 10);
    expect((await journeyOf(tokens.lead)).survey.last_question_id).toBe(q3);

    expect((await journeyOf(tokens.admin)).state).not.toBe('analysed');
    await db().insert(tables.analysisRuns).values({ engagementId, status: 'done', progress: 100 });
    expect((await journeyOf(tokens.admin)).state).toBe('analysed');
    await db().delete(tables.employees).where(eq(tables.employees.id, newcomer?.id ?? 0));
    expect((await journeyOf(tokens.admin)).participant_count).toBe(before.participant_count);
  });
});

describe('journeys list: an answer is kept under what it is built from', () => {
  it('the same request answers the same bytes until one of its inputs changes', async () => {
    const request = { method: 'GET' as const, url: '/api/engagements/', headers: authHeader(opened.org.tokens.admin) };
    const first = await opened.ctx.app.inject(request);
    expect((await opened.ctx.app.inject(request)).body).toBe(first.body);
    await db().update(tables.engagements).set({ name: 'Acme spring, kept?' }).where(eq(tables.engagements.id, opened.org.engagementId));
    const renamed = (await opened.ctx.app.inject(request)).json() as TEngagement[];
    expect(renamed.find((e) => e.id === opened.org.engagementId)?.name).toBe('Acme spring, kept?');
    await db().update(tables.engagements).set({ name: 'Acme spring' }).where(eq(tables.engagements.id, opened.org.engagementId));
  });

  it('an admin and a member whose journeys read alike are each told their own role', async () => {
    const { engagementId, otherEngagementId, orgId, userIds, tokens } = opened.org;
    // Only the main journey is current, and the member holds the admin's levels there: the
    // statement reads the same text for both (no own employee, the same access).
    await db().update(tables.engagements).set({ archivedAt: new Date() }).where(eq(tables.engagements.id, otherEngagementId));
    const twin = await createUser(db(), { email: 'twin@acme.test', name: 'Tia Twin', organizationIds: [orgId] });
    const adminLevels = await db().select({ module: tables.moduleAccess.module, level: tables.moduleAccess.accessLevel }).from(tables.moduleAccess).where(and(eq(tables.moduleAccess.engagementId, engagementId), eq(tables.moduleAccess.userId, userIds.admin)));
    await grantAccess(db(), engagementId, twin.id, Object.fromEntries(adminLevels.map((row) => [row.module, row.level])));
    const twinToken = await loginAs(opened.ctx.app, 'twin@acme.test', FIXTURE_PASSWORD);
    try {
      const asAdmin = (await opened.ctx.app.inject({ method: 'GET', url: '/api/engagements/', headers: authHeader(tokens.admin) })).json() as TEngagement[];
      const asTwin = (await opened.ctx.app.inject({ method: 'GET', url: '/api/engagements/', headers: authHeader(twinToken) })).json() as TEngagement[];
      expect(asAdmin.map((e) => [e.id, e.is_admin])).toEqual([[engagementId, true]]);
      expect(asTwin.map((e) => [e.id, e.is_admin])).toEqual([[engagementId, false]]);
      expect({ ...asTwin[0], is_admin: true }).toEqual(asAdmin[0]);
    } finally {
      await db().update(tables.engagements).set({ archivedAt: null }).where(eq(tables.engagements.id, otherEngagementId));
    }
  });

  it('a new day is seen: the same journeys three days earlier are a draft', async () => {
    const request = { method: 'GET' as const, url: '/api/engagements/', headers: authHeader(opened.org.tokens.admin) };
    const stateNow = async () => ((await opened.ctx.app.inject(request)).json() as TEngagement[]).find((e) => e.id === opened.org.engagementId)?.state;
    await db().delete(tables.analysisRuns).where(eq(tables.analysisRuns.engagementId, opened.org.engagementId));
    expect(await stateNow()).toBe('open');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() - 3 * 24 * 3600 * 1000);
      expect(await stateNow()).toBe('draft');
    } finally {
      vi.useRealTimers();
    }
    expect(await stateNow()).toBe('open');
  });

  it('the closing time goes out to the millisecond, as the driver read it, and archiving is seen', async () => {
    const { engagementId, tokens } = opened.org;
    const one = async () => (await opened.ctx.app.inject({ method: 'GET', url: `/api/engagements/${engagementId}/`, headers: authHeader(tokens.admin) })).json() as TEngagement;
    // Microseconds are cut, not rounded (what node-postgres' Date of the column kept).
    await db().execute(sql`update engagements set closed_at = '2026-03-04 05:06:07.891999+00' where id = ${engagementId}`);
    expect((await journeyOf(tokens.admin)).closed_at).toBe('2026-03-04T05:06:07.891Z');
    await db().execute(sql`update engagements set archived_at = now() where id = ${engagementId}`);
    expect(await one()).toMatchObject({ archived: true, closed_at: '2026-03-04T05:06:07.891Z', state: 'closed' });
    await db().update(tables.engagements).set({ closedAt: null, archivedAt: null }).where(eq(tables.engagements.id, engagementId));
    expect(await journeyOf(tokens.admin)).toMatchObject({ archived: false, closed_at: null });
  });
});
