import { expect } from 'vitest';
import { MODULES } from '@ona/contracts';
import { and, asc, eq, tables } from '@ona/db';
import { analyseThroughApi } from '../../testing/analytics-fixtures.ts';
import { authHeader, type TestContext } from '../../testing/test-app.ts';

/**
 * The company of the directory-journey tests (issue 30), whether it arrives through SCIM or an HR
 * file: a CEO, five unit leads and 114 staff; staff member n sits in unit (n % 5) + 1 under that
 * unit's lead. Next month staff 0–24 move to the next unit, 25–54 leave (25–29 retired) and 40
 * join unit 3 (staff 200–239).
 */
export const UNITS = [1, 2, 3, 4, 5].map((n) => `Contoso / Unit ${n}`);
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
export const staffId = (n: number) => `S${String(n).padStart(3, '0')}`;
export const leadId = (unit: number) => `L${unit}`;
export const unitOf = (n: number) => (n % 5) + 1;
export const nextUnit = (n: number) => (unitOf(n) % 5) + 1;
export const emailOf = (externalId: string) => `${externalId.toLowerCase()}@contoso.test`;
export const movers = Array.from({ length: 25 }, (_, n) => n);
export const leavers = Array.from({ length: 30 }, (_, n) => 25 + n);
export const retired = leavers.slice(0, 5);
export const joiners = Array.from({ length: 40 }, (_, n) => 200 + n);

/** An administrator's way into the test app. */
export interface TAdminSession {
  ctx: TestContext;
  token: string;
}

export async function createJourney(s: TAdminSession, name: string, from: string, till: string): Promise<number> {
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: '/api/engagements/',
    headers: authHeader(s.token),
    payload: { name, access_from: from, access_till: till, default_language: 'en', modules: [...MODULES], questionnaire: { source: 'default' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

export const fromDirectory = (s: TAdminSession, journey: number, units: string[] | null, locale = 'en') =>
  s.ctx.app.inject({ method: 'POST', url: `/api/engagements/${journey}/employees/from-directory/`, headers: { ...authHeader(s.token), 'accept-language': locale }, payload: { units } });

/** Everyone who is still there names their leader and two colleagues of their unit on cooperation. */
export async function answerAndAnalyse(s: TAdminSession, journey: number): Promise<void> {
  const db = s.ctx.db.db;
  const [question] = await db.select().from(tables.questions).where(and(eq(tables.questions.engagementId, journey), eq(tables.questions.key, 'cooperation')));
  const people = await db.select().from(tables.employees).where(eq(tables.employees.engagementId, journey)).orderBy(asc(tables.employees.id));
  const present = people.filter((p) => p.leftAt === null);
  await db.insert(tables.answers).values(
    present.map((p) => {
      const colleagues = present.filter((c) => c.unitId === p.unitId && c.id !== p.id).slice(0, 2).map((c) => c.id);
      return { engagementId: journey, employeeId: p.id, questionId: question!.id, selectedEmployeeIds: [...(p.leaderId ? [p.leaderId] : []), ...colleagues], answeredAt: new Date() };
    }),
  );
  await analyseThroughApi(s.ctx, journey, s.token);
}

export const employeesOf = async (s: TAdminSession, journey: number) =>
  (await s.ctx.db.db.select().from(tables.employees).where(eq(tables.employees.engagementId, journey)).orderBy(asc(tables.employees.id))).map((e) => ({
    id: e.id,
    email: e.email,
    unitId: e.unitId,
    leaderId: e.leaderId,
    leftAt: e.leftAt,
    directoryPersonId: e.directoryPersonId,
  }));

/** The journey's unit path of each employee, by e-mail. */
export async function unitPathsOf(s: TAdminSession, journey: number): Promise<Map<string, string>> {
  const db = s.ctx.db.db;
  const units = await db.select().from(tables.units).where(eq(tables.units.engagementId, journey));
  const byId = new Map(units.map((u) => [u.id, u]));
  const pathOf = (id: number | null): string => {
    const unit = id === null ? undefined : byId.get(id);
    if (!unit) return '';
    const parent = pathOf(unit.parentId);
    return parent ? `${parent} / ${unit.name}` : unit.name;
  };
  const people = await db.select().from(tables.employees).where(eq(tables.employees.engagementId, journey));
  return new Map(people.map((p) => [p.email!, pathOf(p.unitId)]));
}

/** The earlier journey (answered, analysed, closed) and the open one, both from the whole directory of 120. */
export async function earlierAndOpenJourneys(s: TAdminSession): Promise<{ earlier: number; open: number }> {
  const earlier = await createJourney(s, 'Spring wave', day(-30), day(5));
  const started = await fromDirectory(s, earlier, null);
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json()).toEqual({ created_count: 120, updated_count: 0, left_count: 0, removed_count: 0, unit_count: 6 });
  const open = await createJourney(s, 'Autumn wave', day(-2), day(10));
  expect((await fromDirectory(s, open, null)).statusCode).toBe(200);
  await answerAndAnalyse(s, earlier);
  expect((await s.ctx.app.inject({ method: 'POST', url: `/api/engagements/${earlier}/close/`, headers: authHeader(s.token) })).statusCode).toBe(200);
  return { earlier, open };
}
