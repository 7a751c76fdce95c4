import { and, eq, inArray, tables } from '@ona/db';
import { DEFAULT_QUESTIONS, everyModule, analyseThroughApi, type AnalyticsOrganisation } from './analytics-fixtures.ts';
import { grantAccess } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

export type EarlierPersonKey = 'ceo' | 'leadA' | 'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'x1' | 'leadB' | 'b1' | 'b2' | 'b3';

export interface EarlierWave {
  engagementId: number;
  people: Record<EarlierPersonKey, number>;
  units: { company: number; sales: number; fieldSales: number; support: number };
}

/**
 * The wave before the analytics fixture's "Acme spring 2026": "Acme autumn 2025", analysed, with
 * the same e-mails. Then, a4 and a5 sat in "Field Sales" (a sub-unit of Sales that is gone now),
 * x1 worked in team A and bridged to b1 of Support and has left since, a6 had not joined yet, and
 * b3 answered. Team A's members name the leader, the next and the one after on cooperation (x1
 * last in the ring), the leader names the CEO and the team. The admin gets all_access, the
 * leader subtree on every module; the member (a2) nothing, so their comparisons answer 403.
 */
export async function addEarlierWave(ctx: TestContext, org: AnalyticsOrganisation): Promise<EarlierWave> {
  const db = ctx.db.db;
  const [engagement] = await db.insert(tables.engagements).values({ organizationId: org.orgId, name: 'Acme autumn 2025', accessFrom: '2025-10-01', accessTill: '2025-10-21', defaultLanguage: 'en' }).returning();
  if (!engagement) throw new Error('no engagement');
  const engagementId = engagement.id;
  const unit = async (name: string, parentId: number | null, position: number) => {
    const [row] = await db.insert(tables.units).values({ engagementId, name, parentId, position }).returning();
    if (!row) throw new Error('no unit');
    return row.id;
  };
  const company = await unit('Company', null, 0);
  const sales = await unit('Sales', company, 1);
  const fieldSales = await unit('Field Sales', sales, 2);
  const support = await unit('Support', company, 3);
  const people = {} as Record<EarlierPersonKey, number>;
  const add = async (key: EarlierPersonKey, unitId: number, leader: EarlierPersonKey | null) => {
    const [row] = await db
      .insert(tables.employees)
      .values({ engagementId, unitId, leaderId: leader ? people[leader] : null, name: `Person ${key}`, email: `${key.toLowerCase()}@acme.test` })
      .returning();
    if (!row) throw new Error('no employee');
    people[key] = row.id;
  };
  await add('ceo', company, null);
  await add('leadA', sales, 'ceo');
  for (const key of ['a1', 'a2', 'a3', 'x1'] as const) await add(key, sales, 'leadA');
  for (const key of ['a4', 'a5'] as const) await add(key, fieldSales, 'leadA');
  await add('leadB', support, 'ceo');
  for (const key of ['b1', 'b2', 'b3'] as const) await add(key, support, 'leadB');

  const questionIds: Record<string, number> = {};
  for (const [position, [key, category, kind]] of DEFAULT_QUESTIONS.entries()) {
    const [row] = await db.insert(tables.questions).values({ engagementId, key, category, kind, position, texts: { en: `Question ${key}`, hu: `Kérdés ${key}` } }).returning();
    if (!row) throw new Error('no question');
    questionIds[key] = row.id;
  }

  const nominations: [EarlierPersonKey, string, EarlierPersonKey[]][] = [];
  const ring = (team: readonly EarlierPersonKey[], leader: EarlierPersonKey) => {
    team.forEach((member, i) => {
      const next = team[(i + 1) % team.length]!;
      const after = team[(i + 2) % team.length]!;
      nominations.push([member, 'cooperation', [leader, next, after]], [member, 'advice', [leader, next]], [member, 'sympathy', [next]]);
      for (const question of ['attention', 'recognition', 'feedback'] as const) nominations.push([member, question, [leader]]);
    });
    nominations.push([leader, 'cooperation', ['ceo', ...team]], [leader, 'advice', ['ceo']]);
  };
  ring(['a1', 'a2', 'a3', 'a4', 'a5', 'x1'], 'leadA');
  ring(['b1', 'b2', 'b3'], 'leadB');
  // x1 and b1 work together across the two teams.
  nominations.push(['x1', 'opinion', ['b1']], ['b1', 'opinion', ['x1']]);
  nominations.find(([from, question]) => from === 'x1' && question === 'cooperation')![2].push('b1');
  nominations.find(([from, question]) => from === 'b1' && question === 'cooperation')![2].push('x1');
  nominations.push(['ceo', 'cooperation', ['leadA', 'leadB']]);
  await db.insert(tables.answers).values(
    nominations.map(([from, question, to]) => ({ engagementId, employeeId: people[from], questionId: questionIds[question]!, selectedEmployeeIds: to.map((p) => people[p]), answeredAt: new Date('2025-10-05T10:00:00Z') })),
  );

  const users = await db.select().from(tables.users).where(inArray(tables.users.email, ['admin@acme.test', 'leada@acme.test']));
  for (const user of users) {
    if (user.email === 'leada@acme.test') await db.update(tables.employees).set({ userId: user.id }).where(and(eq(tables.employees.id, people.leadA)));
    await grantAccess(db, engagementId, user.id, everyModule(user.email === 'admin@acme.test' ? 'all_access' : 'subtree'));
  }
  await analyseThroughApi(ctx, engagementId, org.tokens.admin);
  return { engagementId, people, units: { company, sales, fieldSales, support } };
}
