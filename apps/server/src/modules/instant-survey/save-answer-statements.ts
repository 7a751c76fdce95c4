import { databaseErrorOf, preparedStatement, type Database, type HeldConnection } from '@ona/db';
import type { TInstantAnswer, TInstantSurveyState } from '@ona/contracts';
import { toAnswer, toQuestion } from './repository.ts';

/**
 * The two statements of an instant save (after the participant's token): what the answer is
 * checked against, then the write. Both are hand-written prepared statements, so a busy room does
 * not rebuild their SQL for every save, and both can run on one held connection
 * (`onOneConnection`, service.ts) as well as through the pool.
 */

const SAVE_TARGET_SQL = `
select s.state,
  q.id, q.survey_id as "surveyId", q.position, q.label, q.type, q.options, q.layout_orientation as "layoutOrientation",
  q.multiple_selection as "multipleSelection", q.allow_multiple_groups as "allowMultipleGroups", q.points_total as "pointsTotal",
  -- Which of the people the answer names take part in this survey.
  array(select p.id from instant_survey_participants p where p.survey_id = s.id and p.id = any($3::int[])) as known
from instant_surveys s
left join instant_survey_questions q on q.survey_id = s.id and q.id = $2
where s.id = $1
limit 1`;

interface SaveTargetRow extends Record<string, unknown> {
  state: string;
  id: number | null;
  surveyId: number;
  position: number;
  label: string;
  type: string;
  options: { id: number; label: string }[];
  layoutOrientation: string;
  multipleSelection: boolean;
  allowMultipleGroups: boolean;
  pointsTotal: number | null;
  known: number[];
}

const runSaveTarget = preparedStatement<SaveTargetRow>('instant_save_target', SAVE_TARGET_SQL);

/** The survey's state, the question (of this survey only) and which named people are its participants, in one round trip. */
export async function findSaveTarget(target: Database | HeldConnection, surveyId: number, questionId: number, named: number[]) {
  const [row] = await runSaveTarget(target, [surveyId, questionId, named]);
  if (!row) return undefined;
  const { state, known, id, ...question } = row;
  return { state: state as TInstantSurveyState, question: id === null ? undefined : toQuestion({ id, ...question }), known: new Set(known.map(Number)) };
}

/**
 * Insert or replace the answer and, when it was applied, the participant's progress, in one
 * statement (one commit): a retried save changes the answer, never adds one; a save whose
 * sequence is not above the stored one's (a delayed or replayed earlier one) leaves the stored
 * answer and the progress alone. `created` comes from xmax, 0 for a freshly inserted row. The
 * stored answer of a stale save is read FOR SHARE, in its newest committed version (see the
 * employee twin, survey/save-answer-statement.ts, for the one race where it is not there yet).
 */
export const WRITE_ANSWER_SQL = `
with saved as (
  insert into instant_survey_answers as a (survey_id, question_id, participant_id, value, answered_at, sequence)
  values ($1, $2, $3, $4::text::jsonb, $5::timestamptz, $6::bigint)
  on conflict (participant_id, question_id) do update
    set value = excluded.value, answered_at = excluded.answered_at, sequence = excluded.sequence
    where excluded.sequence is null or a.sequence is null or a.sequence < excluded.sequence
  returning a.id, a.survey_id, a.question_id, a.participant_id, a.value, a.answered_at, a.sequence, (a.xmax = 0) as created
),
progress as (
  update instant_survey_participants
  set current_question_index = coalesce($7::int, current_question_index),
      finished_at = case when $8::boolean then $5::timestamptz else finished_at end
  where id = $3 and exists (select 1 from saved) and ($7::int is not null or $8::boolean)
),
stored as (
  select id, survey_id, question_id, participant_id, value, answered_at, sequence from instant_survey_answers
  where participant_id = $3 and question_id = $2 and not exists (select 1 from saved)
  for share
)
select id, survey_id, question_id, participant_id, value, answered_at, sequence, created, true as applied from saved
union all
select id, survey_id, question_id, participant_id, value, answered_at, sequence, false, false from stored
`;

type WrittenRow = {
  id: number;
  survey_id: number;
  question_id: number;
  participant_id: number;
  value: unknown;
  answered_at: Date;
  sequence: string | number | bigint | null;
  created: boolean;
  applied: boolean;
};

const runWriteAnswer = preparedStatement<WrittenRow>('instant_write_answer', WRITE_ANSWER_SQL);
const runStoredAnswer = preparedStatement<Omit<WrittenRow, 'created' | 'applied'>>(
  'instant_stored_answer',
  'select id, survey_id, question_id, participant_id, value, answered_at, sequence from instant_survey_answers where participant_id = $1 and question_id = $2 limit 1',
);

const answerOf = (row: Omit<WrittenRow, 'created' | 'applied'>): TInstantAnswer =>
  toAnswer({ id: row.id, surveyId: row.survey_id, questionId: row.question_id, participantId: row.participant_id, value: row.value, answeredAt: new Date(row.answered_at), sequence: row.sequence === null ? null : Number(row.sequence) });

export async function writeAnswer(
  target: Database | HeldConnection,
  save: { surveyId: number; questionId: number; participantId: number; value: unknown; sequence?: number | undefined; currentQuestionIndex?: number | undefined; finished?: boolean | undefined },
): Promise<{ answer: TInstantAnswer; created: boolean; applied: boolean }> {
  const values = [save.surveyId, save.questionId, save.participantId, JSON.stringify(save.value), new Date(), save.sequence ?? null, save.currentQuestionIndex ?? null, save.finished === true];
  const [row] = await runWriteAnswer(target, values);
  if (row) return { answer: answerOf(row), created: row.created, applied: row.applied };
  // Stale against a first save that committed while this one ran: read what it stored (on the same connection).
  const [stored] = await runStoredAnswer(target, [save.participantId, save.questionId]);
  if (!stored) throw new Error('answer upsert returned nothing');
  return { answer: answerOf(stored), created: false, applied: false };
}

/**
 * The write named a participant who is no longer there (deleted outside the server while this
 * instance still kept them): PostgreSQL's foreign_key_violation on the answer's participant.
 */
export function isParticipantGone(err: unknown): boolean {
  const failure = databaseErrorOf(err);
  return failure?.code === '23503' && (failure.constraint?.startsWith('instant_survey_answers_participant_id') ?? false);
}
