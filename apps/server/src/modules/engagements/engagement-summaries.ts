import { sql, type Database } from '@ona/db';

/** What the journeys list shows of one engagement for one caller, beside the engagement row. */
export interface EngagementSummary {
  participants: number;
  respondents: number;
  questionCount: number;
  analysed: boolean;
  /** The caller's stored levels of the modules that are switched on. */
  accessRows: { module: string; accessLevel: string }[];
  ownEmployeeId: number | null;
  /** The caller's own employee and everyone below them in the leader tree (cycle-safe). */
  subtreeSize: number;
  lastQuestionId: number | null;
  termsAccepted: boolean;
  finished: boolean;
}

interface SummaryRow extends Record<string, unknown> {
  id: number;
  participants: number;
  respondents: number;
  question_count: number;
  analysed: boolean;
  access_rows: { module: string; accessLevel: string }[] | null;
  own_employee_id: number | null;
  subtree_size: number;
  last_question_id: number | null;
  terms_accepted: boolean;
  finished: boolean;
}

/**
 * One statement for any number of journeys: counts, the caller's access rows, own employee,
 * subtree size and survey progress per journey. The subtree is counted by the database (a
 * recursive query whose UNION stops at cycles), so no journey's employee list leaves it.
 */
export async function loadEngagementSummaries(db: Database, userId: number, engagementIds: readonly number[]): Promise<Map<number, EngagementSummary>> {
  if (engagementIds.length === 0) return new Map();
  const ids = sql`array[${sql.join(engagementIds.map((id) => sql`${id}`), sql`, `)}]::int[]`;
  const result = await db.execute<SummaryRow>(sql`
    select e.id,
      (select count(*)::int from employees x where x.engagement_id = e.id) as participants,
      (select count(distinct a.employee_id)::int from answers a where a.engagement_id = e.id) as respondents,
      (select count(*)::int from questions q where q.engagement_id = e.id) as question_count,
      exists (select 1 from analysis_runs r where r.engagement_id = e.id and r.status = 'done') as analysed,
      (select json_agg(json_build_object('module', ma.module, 'accessLevel', ma.access_level)) from module_access ma
        where ma.engagement_id = e.id and ma.user_id = ${userId} and ma.module = any(e.modules)) as access_rows,
      own.id as own_employee_id,
      coalesce((
        with recursive below(id) as (
          select own.id where own.id is not null
          union
          select x.id from employees x join below on x.leader_id = below.id where x.engagement_id = e.id
        )
        select count(*)::int from below
      ), 0) as subtree_size,
      p.last_question_id,
      coalesce(p.terms_accepted_at is not null, false) as terms_accepted,
      coalesce(p.finished_at is not null, false) as finished
    from engagements e
    left join lateral (select x.id from employees x where x.engagement_id = e.id and x.user_id = ${userId} order by x.id limit 1) own on true
    left join survey_participations p on p.engagement_id = e.id and p.employee_id = own.id
    where e.id = any(${ids})`);
  return new Map(
    result.rows.map((row) => [
      Number(row.id),
      {
        participants: Number(row.participants),
        respondents: Number(row.respondents),
        questionCount: Number(row.question_count),
        analysed: row.analysed,
        accessRows: row.access_rows ?? [],
        ownEmployeeId: row.own_employee_id === null ? null : Number(row.own_employee_id),
        subtreeSize: Number(row.subtree_size),
        lastQuestionId: row.last_question_id === null ? null : Number(row.last_question_id),
        termsAccepted: row.terms_accepted,
        finished: row.finished,
      },
    ]),
  );
}
