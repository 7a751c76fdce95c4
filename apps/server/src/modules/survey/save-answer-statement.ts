import { and, eq, preparedStatement, tables, type Database } from '@ona/db';

/**
 * An employee's save in one statement (one round trip, one commit): the question must be one of
 * the engagement's, every named colleague one of its employees; then the answer is upserted —
 * unless both it and the stored one carry a sequence and the incoming one is not above it (a
 * delayed or replayed earlier save, migration 0008) — and, only when it was applied, the question
 * becomes where the survey resumes. `$7` is what the caller already knows (survey open, terms
 * accepted, not naming oneself): false writes nothing but still answers the checks, so that the
 * errors keep their order (404 for an unknown question before 409 for a closed survey).
 *
 * For a stale save, `stored` reads the stored answer with FOR SHARE: a row that a concurrent save
 * changed after this statement's snapshot is read in its newest committed version (READ COMMITTED
 * follows the update), never the older one of the snapshot. Only a row whose first save committed
 * while this statement ran is not there at all (two first saves of one answer at the same moment);
 * then `stored` is false and the caller reads it once more.
 */
export const SAVE_ANSWER_SQL = `
with question as (
  select id from questions where id = $3 and engagement_id = $1
),
unknown as (
  select coalesce(array_agg(s.id order by s.position), '{}'::int[]) as ids
  from unnest($4::int[]) with ordinality as s(id, position)
  where not exists (select 1 from employees e where e.id = s.id and e.engagement_id = $1)
),
saved as (
  insert into answers as a (engagement_id, employee_id, question_id, selected_employee_ids, answered_at, sequence)
  select $1, $2, question.id, $4::int[], $5::timestamptz, $6::bigint
  from question, unknown
  where $7::boolean and cardinality(unknown.ids) = 0
  on conflict (employee_id, question_id) do update
    set selected_employee_ids = excluded.selected_employee_ids, answered_at = excluded.answered_at, sequence = excluded.sequence
    where excluded.sequence is null or a.sequence is null or a.sequence < excluded.sequence
  returning a.selected_employee_ids, a.sequence
),
progress as (
  update survey_participations set last_question_id = $3
  where engagement_id = $1 and employee_id = $2 and exists (select 1 from saved)
),
stored as (
  select selected_employee_ids, sequence from answers
  where employee_id = $2 and question_id = $3 and not exists (select 1 from saved)
  for share
)
select
  exists (select 1 from question) as question_found,
  (select ids from unknown) as unknown_ids,
  exists (select 1 from saved) as applied,
  coalesce((select selected_employee_ids from saved), (select selected_employee_ids from stored)) as selected,
  case when exists (select 1 from saved) then (select sequence from saved) else (select sequence from stored) end as sequence,
  exists (select 1 from saved) or exists (select 1 from stored) as stored
`;

type Row = {
  question_found: boolean;
  unknown_ids: number[];
  applied: boolean;
  selected: number[] | null;
  /** bigint: a string on node-postgres, a number or bigint on PGlite. */
  sequence: string | number | bigint | null;
  stored: boolean;
};

const runSaveAnswer = preparedStatement<Row>('survey_save_answer', SAVE_ANSWER_SQL);

export type SaveAnswerOutcome =
  | { kind: 'unknown_question' }
  | { kind: 'refused' }
  | { kind: 'unknown_colleagues'; ids: number[] }
  | { kind: 'saved'; applied: boolean; selected: number[]; sequence: number | null };

export async function saveAnswerStatement(
  db: Database,
  save: { engagementId: number; employeeId: number; questionId: number; selected: number[]; at: Date; sequence: number | null; allowed: boolean },
): Promise<SaveAnswerOutcome> {
  const [row] = await runSaveAnswer(db, [save.engagementId, save.employeeId, save.questionId, save.selected, save.at, save.sequence, save.allowed]);
  if (!row?.question_found) return { kind: 'unknown_question' };
  if (!save.allowed) return { kind: 'refused' };
  if (row.unknown_ids.length > 0) return { kind: 'unknown_colleagues', ids: row.unknown_ids };
  if (row.stored) return { kind: 'saved', applied: row.applied, selected: row.selected ?? save.selected, sequence: row.sequence === null ? null : Number(row.sequence) };
  // Stale against a first save that committed while this one ran: read what it stored.
  const [stored] = await db
    .select({ selected: tables.answers.selectedEmployeeIds, sequence: tables.answers.sequence })
    .from(tables.answers)
    .where(and(eq(tables.answers.employeeId, save.employeeId), eq(tables.answers.questionId, save.questionId)))
    .limit(1);
  return { kind: 'saved', applied: false, selected: stored?.selected ?? save.selected, sequence: stored?.sequence ?? null };
}
