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
  // Parents before children, leaders before their people: each row can name the id of the one before.
  const unitTree = [['Company', null], ['Sales', 'Company'], ['Field Sales', 'Sales'], ['Support', 'Company']] as const;
  const unitIds = new Map<string, number>();
  for (const [position, [name, parent]] of unitTree.entries()) {
    const [row] = await db.insert(tables.units).values({ engagementId, name, position, parentId: parent === null ? null : unitIds.get(parent)! }).returning({ id: tables.units.id });
    unitIds.set(name, row!.id);
  }
  const roster: [EarlierPersonKey, string, EarlierPersonKey | null][] = [
    ['ceo', 'Company', null],
    ['leadA', 'Sales', 'ceo'],
    ...(['a1', 'a2', 'a3', 'x1'] as const).map((key): [EarlierPersonKey, string, EarlierPersonKey] => [key, 'Sales', 'leadA']),
    ...(['a4', 'a5'] as const).map((key): [EarlierPersonKey, string, EarlierPersonKey] => [key, 'Field Sales', 'leadA']),
    ['leadB', 'Support', 'ceo'],
    ...(['b1', 'b2', 'b3'] as const).map((key): [EarlierPersonKey, string, EarlierPersonKey] => [key, 'Support', 'leadB']),
  ];
  const people = {} as Record<EarlierPersonKey, number>;
  for (const [key, unitName, leader] of roster) {
    const [row] = await db
      .insert(tables.employees)
      .values({ engagementId, unitId: unitIds.get(unitName)!, leaderId: leader === null ? null : people[leader], name: `Person ${key}`, email: `${key.toLowerCase()}@acme.test` })
      .returning({ id: tables.employees.id });
    people[key] = row!.id;
  }
  const questionRows = await db
    .insert(tables.questions)
    .values(DEFAULT_QUESTIONS.map(([key, category, kind], position) => ({ engagementId, key, category, kind, position, texts: { en: `Question ${key}`, hu: `Kérdés ${key}` } })))
    .returning({ id: tables.questions.id, key: tables.questions.key });
  const questionIds = Object.fromEntries(questionRows.map((q) => [q.key, q.id]));

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
  return { engagementId, people, units: { company: unitIds.get('Company')!, sales: unitIds.get('Sales')!, fieldSales: unitIds.get('Field Sales')!, support: unitIds.get('Support')! } };
}
