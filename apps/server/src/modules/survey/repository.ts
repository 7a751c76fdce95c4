import { and, asc, eq, isNull, perDatabase, sql, tables, type Database } from '@ona/db';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';

const { answers, employees, questions, surveyParticipations, units } = tables;

export type QuestionRow = typeof questions.$inferSelect;

/**
 * Everything a survey call needs about the caller, in one round trip (the survey is the hot path
 * under load): the engagement of their organisation, their survey level, whether anything else
 * makes the engagement visible to them, their own employee record and its progress. Built once
 * per database (a prepared statement: its SQL is not rebuilt for every save).
 */
export async function loadSurveyCaller(db: Database, organizationId: number, engagementId: number, userId: number) {
  const [row] = await surveyCallerQuery(db).execute({ organizationId, engagementId, userId });
  return row;
}

export const surveyCallerQuery = perDatabase((db) => {
  const { engagements, moduleAccess } = tables;
  const userId = sql.placeholder('userId');
  return db
    .select({
      engagement: engagements,
      surveyLevel: sql<string | null>`(select ${moduleAccess.accessLevel} from ${moduleAccess} where ${moduleAccess.engagementId} = ${engagements.id} and ${moduleAccess.userId} = ${userId} and ${moduleAccess.module} = 'survey' and 'survey' = any(${engagements.modules}))`,
      hasGrant: sql<boolean>`exists (select 1 from ${moduleAccess} where ${moduleAccess.engagementId} = ${engagements.id} and ${moduleAccess.userId} = ${userId} and ${moduleAccess.accessLevel} <> 'no_access' and ${moduleAccess.module} = any(${engagements.modules}))`,
      employeeId: employees.id,
      employeeName: employees.name,
      termsAcceptedAt: surveyParticipations.termsAcceptedAt,
      finishedAt: surveyParticipations.finishedAt,
      lastQuestionId: surveyParticipations.lastQuestionId,
    })
    .from(engagements)
    .leftJoin(employees, and(eq(employees.engagementId, engagements.id), eq(employees.userId, userId)))
    .leftJoin(surveyParticipations, and(eq(surveyParticipations.engagementId, engagements.id), eq(surveyParticipations.employeeId, employees.id)))
    .where(and(eq(engagements.id, sql.placeholder('engagementId')), eq(engagements.organizationId, sql.placeholder('organizationId'))))
    .orderBy(asc(employees.id))
    .limit(1)
    .prepare('survey_caller');
});

export async function loadQuestions(db: DbExecutor, engagementId: number): Promise<QuestionRow[]> {
  return db.select().from(questions).where(eq(questions.engagementId, engagementId)).orderBy(asc(questions.position), asc(questions.id));
}

export async function findQuestion(db: DbExecutor, engagementId: number, questionId: number) {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.engagementId, engagementId)))
    .limit(1);
  return row;
}

/** Colleagues with their unit, in name order (the survey's picker list). */
export async function loadColleagues(db: DbExecutor, engagementId: number) {
  return db
    .select({ id: employees.id, name: employees.name, unitId: units.id, unitName: units.name })
    .from(employees)
    .leftJoin(units, eq(units.id, employees.unitId))
    .where(eq(employees.engagementId, engagementId))
    .orderBy(asc(employees.name), asc(employees.id));
}

export async function loadOwnAnswers(db: DbExecutor, employeeId: number) {
  return db
    .select({ questionId: answers.questionId, selected: answers.selectedEmployeeIds, sequence: answers.sequence })
    .from(answers)
    .where(eq(answers.employeeId, employeeId));
}

export async function findOwnAnswer(db: DbExecutor, employeeId: number, questionId: number) {
  const [row] = await db
    .select({ selected: answers.selectedEmployeeIds, sequence: answers.sequence })
    .from(answers)
    .where(and(eq(answers.employeeId, employeeId), eq(answers.questionId, questionId)))
    .limit(1);
  return row;
}

export async function findParticipation(db: DbExecutor, engagementId: number, employeeId: number) {
  const [row] = await db
    .select()
    .from(surveyParticipations)
    .where(and(eq(surveyParticipations.engagementId, engagementId), eq(surveyParticipations.employeeId, employeeId)))
    .limit(1);
  return row;
}

export async function acceptTerms(db: DbExecutor, engagementId: number, employeeId: number, at: Date): Promise<void> {
  await db
    .insert(surveyParticipations)
    .values({ engagementId, employeeId, termsAcceptedAt: at })
    .onConflictDoUpdate({
      target: [surveyParticipations.engagementId, surveyParticipations.employeeId],
      // Accepting again keeps the first acceptance time.
      set: { termsAcceptedAt: sql`coalesce(${surveyParticipations.termsAcceptedAt}, excluded.terms_accepted_at)` },
    });
}

export async function markFinished(db: DbExecutor, engagementId: number, employeeId: number, at: Date): Promise<void> {
  await db
    .update(surveyParticipations)
    .set({ finishedAt: sql`coalesce(${surveyParticipations.finishedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(surveyParticipations.engagementId, engagementId), eq(surveyParticipations.employeeId, employeeId)));
}

export async function countAnswers(db: DbExecutor, engagementId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(answers).where(eq(answers.engagementId, engagementId));
  return row?.n ?? 0;
}

/** Participants to write to: everyone with an e-mail, or (reminders) those who have not finished. */
export async function loadRecipients(db: DbExecutor, engagementId: number, onlyUnfinished: boolean) {
  const rows = await db
    .select({ id: employees.id, name: employees.name, email: employees.email, userId: employees.userId, finishedAt: surveyParticipations.finishedAt })
    .from(employees)
    .leftJoin(surveyParticipations, and(eq(surveyParticipations.employeeId, employees.id), eq(surveyParticipations.engagementId, employees.engagementId)))
    // A leaver the directory reported while the journey was open gets no invitation or reminder.
    .where(and(eq(employees.engagementId, engagementId), isNull(employees.leftAt)))
    .orderBy(asc(employees.id));
  return rows.filter((r) => !onlyUnfinished || r.finishedAt === null);
}

export async function recordInvitations(db: DbExecutor, engagementId: number, employeeIds: number[], kind: 'invitation' | 'reminder', at: Date): Promise<void> {
  if (employeeIds.length === 0) return;
  for (let i = 0; i < employeeIds.length; i += 1000) {
    const chunk = employeeIds.slice(i, i + 1000);
    await db
      .insert(surveyParticipations)
      .values(chunk.map((employeeId) => (kind === 'invitation' ? { engagementId, employeeId, invitedAt: at } : { engagementId, employeeId, remindedAt: at })))
      .onConflictDoUpdate({
        target: [surveyParticipations.engagementId, surveyParticipations.employeeId],
        set: kind === 'invitation' ? { invitedAt: at } : { remindedAt: at },
      });
  }
}

export async function participationCounts(db: DbExecutor, engagementId: number) {
  const p = surveyParticipations;
  const [row] = await db
    .select({
      invited: sql<number>`count(*) filter (where ${p.invitedAt} is not null)::int`,
      accepted: sql<number>`count(*) filter (where ${p.termsAcceptedAt} is not null)::int`,
      finished: sql<number>`count(*) filter (where ${p.finishedAt} is not null)::int`,
    })
    .from(p)
    .where(eq(p.engagementId, engagementId));
  const [people] = await db
    .select({ all: sql<number>`count(*)::int`, withEmail: sql<number>`count(${employees.email})::int` })
    .from(employees)
    .where(eq(employees.engagementId, engagementId));
  const [answered] = await db
    .select({ n: sql<number>`count(distinct ${answers.employeeId})::int` })
    .from(answers)
    .where(eq(answers.engagementId, engagementId));
  return {
    participants: people?.all ?? 0,
    withEmail: people?.withEmail ?? 0,
    invited: row?.invited ?? 0,
    accepted: row?.accepted ?? 0,
    finished: row?.finished ?? 0,
    answered: answered?.n ?? 0,
  };
}
