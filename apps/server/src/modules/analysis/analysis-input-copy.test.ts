import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql, tables } from '@ona/db';
import { leadershipNominationsByIds, nominationsByIds } from '@ona/analytics';
import { generateDemoLogins, generateDemoOrganisation } from '../../demo/generate-demo.ts';
import { loadDemo } from '../../demo/load-demo.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { loadAnalysisInput } from './analysis-input.ts';

/**
 * The worker streams an engagement's answers and 360 answers through COPY and parses the bytes
 * (at 100,000 people 4.2 million rows). The columns it makes are the rows' own selections, read
 * here through the ORM as objects: a selection of someone outside the engagement or of oneself is
 * left out of the survey's, a leader chosen twice in one answer counts once, and a respondent's own
 * choice of themself stays in the 360 block.
 */
let ctx: TestContext;
let engagementId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const company = generateDemoOrganisation({ size: 150, earlierWave: false });
  await loadDemo(ctx.db.db, [company], generateDemoLogins(company));
  const [first] = await ctx.db.db.select({ id: tables.engagements.id }).from(tables.engagements).orderBy(asc(tables.engagements.id)).limit(1);
  engagementId = first?.id ?? 0;
  // Edge cases the generator does not make: an empty selection, a NULL element, a colleague twice,
  // someone of no engagement, oneself; a leader chosen twice in one 360 answer.
  const db = ctx.db.db;
  const answerOrder = [asc(tables.answers.employeeId), asc(tables.answers.questionId)] as const;
  const [answer, other] = await db.select().from(tables.answers).where(eq(tables.answers.engagementId, engagementId)).orderBy(...answerOrder).limit(2);
  if (!answer || !other) throw new Error('the demo has no answers');
  const answerIs = (a: typeof answer) => and(eq(tables.answers.engagementId, engagementId), eq(tables.answers.employeeId, a.employeeId), eq(tables.answers.questionId, a.questionId));
  const colleague = answers2nd(other, answer);
  await db.update(tables.answers).set({ selectedEmployeeIds: sql`ARRAY[${colleague}::int, NULL, ${colleague}::int, 999999999, ${answer.employeeId}::int]` }).where(answerIs(answer));
  await db.update(tables.answers).set({ selectedEmployeeIds: [] }).where(answerIs(other));
  const [choice] = await db.select().from(tables.leadershipAnswers).where(eq(tables.leadershipAnswers.engagementId, engagementId)).orderBy(asc(tables.leadershipAnswers.employeeId), asc(tables.leadershipAnswers.itemId)).limit(1);
  if (!choice) throw new Error('the demo has no 360 answers');
  const leader = choice.selectedLeaderIds[0] ?? choice.employeeId;
  await db
    .update(tables.leadershipAnswers)
    .set({ selectedLeaderIds: [leader, leader, choice.employeeId] })
    .where(and(eq(tables.leadershipAnswers.engagementId, engagementId), eq(tables.leadershipAnswers.employeeId, choice.employeeId), eq(tables.leadershipAnswers.itemId, choice.itemId)));
});
afterAll(() => ctx.close());

/** Someone of the engagement other than the answer's respondent: the other answer's, else its first choice. */
function answers2nd(other: { employeeId: number; selectedEmployeeIds: (number | null)[] }, answer: { employeeId: number }): number {
  return other.employeeId !== answer.employeeId ? other.employeeId : (other.selectedEmployeeIds.find((id): id is number => id !== null && id !== answer.employeeId) ?? other.employeeId);
}

describe('the analysis input read through COPY', () => {
  it('holds exactly the selections of the answers and the 360 answers, in their order', async () => {
    const db = ctx.db.db;
    const input = await loadAnalysisInput(db, engagementId);
    const known = new Set(input.employees.map((e) => e.id));

    const answers = await db.select().from(tables.answers).where(eq(tables.answers.engagementId, engagementId)).orderBy(asc(tables.answers.employeeId), asc(tables.answers.questionId));
    const expected = answers.flatMap((a) =>
      a.selectedEmployeeIds
        .filter((id): id is number => id !== null && known.has(String(id)) && id !== a.employeeId)
        .map((id) => ({ questionId: String(a.questionId), sourceId: String(a.employeeId), targetId: String(id) })),
    );
    expect(expected.length).toBeGreaterThan(500);
    expect(input.nominations).toEqual(nominationsByIds(input.employees, input.questions, expected));

    const choices = await db.select().from(tables.leadershipAnswers).where(eq(tables.leadershipAnswers.engagementId, engagementId)).orderBy(asc(tables.leadershipAnswers.employeeId), asc(tables.leadershipAnswers.itemId));
    const items = input.leadership360?.items ?? [];
    const expected360 = choices.flatMap((a) =>
      [...new Set(a.selectedLeaderIds)]
        .filter((id): id is number => id !== null && known.has(String(id)))
        .map((id) => ({ itemId: String(a.itemId), sourceId: String(a.employeeId), leaderId: String(id) })),
    );
    expect(expected360.length).toBeGreaterThan(100);
    expect(input.leadership360?.nominations).toEqual(leadershipNominationsByIds(input.employees, items, expected360));
  });
});
