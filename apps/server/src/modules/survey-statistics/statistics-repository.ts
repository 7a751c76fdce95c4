import { eq, sql, tables, type Database } from '@ona/db';

export interface ResponseFacts {
  /** Respondents (anyone with an answer or a finished survey) and the day of their last answer. */
  respondedOn: Map<number, string>;
  finished: Set<number>;
  /** Nominations given over all questions. */
  nominationsGiven: Map<number, number>;
}

/** Read live from the answers, so the statistics work while the survey runs, before any analysis. */
export async function loadResponseFacts(db: Database, engagementId: number): Promise<ResponseFacts> {
  const [answerRows, participationRows] = await Promise.all([
    db
      .select({ employeeId: tables.answers.employeeId, selected: tables.answers.selectedEmployeeIds, answeredAt: tables.answers.answeredAt })
      .from(tables.answers)
      .where(eq(tables.answers.engagementId, engagementId)),
    db
      .select({ employeeId: tables.surveyParticipations.employeeId, finishedAt: tables.surveyParticipations.finishedAt })
      .from(tables.surveyParticipations)
      .where(eq(tables.surveyParticipations.engagementId, engagementId)),
  ]);
  const last = new Map<number, Date>();
  const nominationsGiven = new Map<number, number>();
  for (const a of answerRows) {
    const previous = last.get(a.employeeId);
    if (!previous || previous < a.answeredAt) last.set(a.employeeId, a.answeredAt);
    nominationsGiven.set(a.employeeId, (nominationsGiven.get(a.employeeId) ?? 0) + a.selected.length);
  }
  const finished = new Set<number>();
  for (const p of participationRows) {
    if (!p.finishedAt) continue;
    finished.add(p.employeeId);
    last.set(p.employeeId, p.finishedAt);
  }
  return { respondedOn: new Map([...last].map(([id, at]) => [id, at.toISOString().slice(0, 10)])), finished, nominationsGiven };
}

/**
 * What the statistics read of the answers, in one row: a save sets answered_at to its time and
 * changes the count or the nominations' sum when it adds or changes a selection's size; finishing
 * changes the finished count. The statistics answer is kept under it (with the engagement's data
 * version for the employees and units), so it is rebuilt after any save, never served stale.
 */
export async function responseFactsVersion(db: Database, engagementId: number): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`
    select concat_ws(':',
      (select concat_ws(':', count(*), max(answered_at), sum(cardinality(selected_employee_ids))) from answers where engagement_id = ${engagementId}),
      (select concat_ws(':', count(finished_at), max(finished_at)) from survey_participations where engagement_id = ${engagementId})
    ) as version`);
  return result.rows[0]?.version ?? '';
}
