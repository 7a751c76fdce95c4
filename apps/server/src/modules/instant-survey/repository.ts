import { and, asc, databaseErrorOf, desc, eq, gt, inArray, isNull, perDatabase, sql, statementChunks, tables, type Database } from '@ona/db';
import {
  INSTANT_DEFAULT_POINTS,
  ZInstantAnswerValue,
  type TInstantAnswer,
  type TInstantParticipant,
  type TInstantQuestion,
  type TInstantSurveyState,
  type TInstantSurveySummary,
} from '@ona/contracts';
import { takeCountedAttempt, type TAttempt } from '../../limits/counted-attempts.ts';
import type { TSurveyInput } from './survey-validation.ts';
import { newSurveyCode } from './survey-code.ts';

const { instantSurveys, instantSurveyQuestions, instantSurveyParticipants, instantSurveyAnswers, instantParticipantTokens, instantCodeFailures } = tables;

export type TSurveyRow = typeof instantSurveys.$inferSelect;
type TQuestionRow = typeof instantSurveyQuestions.$inferSelect;
type TParticipantRow = typeof instantSurveyParticipants.$inferSelect;
type TAnswerRow = typeof instantSurveyAnswers.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toQuestion(row: TQuestionRow): TInstantQuestion {
  return {
    id: row.id,
    label: row.label,
    type: row.type as TInstantQuestion['type'],
    options: row.options,
    layout_orientation: row.layoutOrientation === 'vertical' ? 'vertical' : 'horizontal',
    multiple_selection: row.multipleSelection,
    allow_multiple_groups: row.allowMultipleGroups,
    points_total: row.pointsTotal,
  };
}

export function toParticipant(row: TParticipantRow): TInstantParticipant {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    joined: row.joinedAt !== null,
    invited_at: iso(row.invitedAt),
    finished: row.finishedAt !== null,
    current_question_index: row.currentQuestionIndex,
  };
}

export function toAnswer(row: TAnswerRow): TInstantAnswer {
  return {
    id: row.id,
    participant_id: row.participantId,
    question_id: row.questionId,
    value: ZInstantAnswerValue.parse(row.value),
    answered_at: row.answeredAt.toISOString(),
    sequence: row.sequence,
  };
}

export function toSummary(row: TSurveyRow, counts: { questions: number; participants: number }): TInstantSurveySummary {
  const state = row.state as TInstantSurveyState;
  return {
    id: row.id,
    public_id: row.publicId,
    title: row.title,
    code: row.code,
    state,
    closed: state === 'closed',
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    closed_at: iso(row.closedAt),
    question_count: counts.questions,
    participant_count: counts.participants,
  };
}

/** Postgres' unique_violation, on both drivers. */
function isUniqueViolation(err: unknown): boolean {
  return databaseErrorOf(err)?.code === '23505';
}

/**
 * A new survey with a fresh code; a clash with an open survey's code (1 in 10^14) draws again.
 * Each attempt runs in its own savepoint: on PostgreSQL a unique violation aborts the whole
 * surrounding transaction, so without one the next attempt (and the survey's questions) would fail.
 * A fixed `code` (the demo's) is tried once; `drawCode` lets a test force a clash.
 */
export async function insertSurvey(
  db: Database,
  organizationId: number,
  userId: number | null,
  title: string,
  code?: string,
  drawCode: () => string = newSurveyCode,
): Promise<TSurveyRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.transaction(async (savepoint) => {
        const [inserted] = await savepoint.insert(instantSurveys).values({ organizationId, createdBy: userId, title, code: code ?? drawCode() }).returning();
        return inserted;
      });
      if (!row) throw new Error('survey insert returned nothing');
      return row;
    } catch (err) {
      if (code !== undefined || attempt >= 5 || !isUniqueViolation(err)) throw err;
    }
  }
}

export async function findSurvey(db: Database, organizationId: number, surveyId: number): Promise<TSurveyRow | undefined> {
  const [row] = await db.select().from(instantSurveys).where(and(eq(instantSurveys.id, surveyId), eq(instantSurveys.organizationId, organizationId))).limit(1);
  return row;
}

export async function findSurveyById(db: Database, surveyId: number): Promise<TSurveyRow | undefined> {
  const [row] = await db.select().from(instantSurveys).where(eq(instantSurveys.id, surveyId)).limit(1);
  return row;
}

const PUBLIC_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The survey of a participant-facing id; anything not shaped like one is simply not found. */
export async function findSurveyByPublicId(db: Database, publicId: string): Promise<TSurveyRow | undefined> {
  if (!PUBLIC_ID_SHAPE.test(publicId)) return undefined;
  const [row] = await db.select().from(instantSurveys).where(eq(instantSurveys.publicId, publicId)).limit(1);
  return row;
}

/**
 * The survey a code names: the open one (codes are unique among open surveys), else the one that
 * closed last, so a participant who comes late learns that it has closed rather than that nothing
 * has that code.
 */
export async function findSurveyByCode(db: Database, code: string): Promise<TSurveyRow | undefined> {
  const [row] = await db
    .select()
    .from(instantSurveys)
    .where(eq(instantSurveys.code, code))
    .orderBy(sql`${instantSurveys.state} = 'closed'`, desc(instantSurveys.closedAt), desc(instantSurveys.id))
    .limit(1);
  return row;
}

export async function updateSurveyTitle(db: Database, surveyId: number, title: string): Promise<void> {
  await db.update(instantSurveys).set({ title, updatedAt: new Date() }).where(eq(instantSurveys.id, surveyId));
}

/** Moves the survey only if it is still in `from`: two hosts clicking at once change it once. */
export async function changeState(db: Database, surveyId: number, from: TInstantSurveyState, to: TInstantSurveyState): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(instantSurveys)
    .set({ state: to, updatedAt: now, ...(to === 'started' ? { startedAt: now } : {}), ...(to === 'closed' ? { closedAt: now } : {}) })
    .where(and(eq(instantSurveys.id, surveyId), eq(instantSurveys.state, from)))
    .returning({ id: instantSurveys.id });
  return rows.length > 0;
}

export async function deleteSurvey(db: Database, surveyId: number): Promise<void> {
  await db.delete(instantSurveys).where(eq(instantSurveys.id, surveyId));
}

export async function listSurveys(db: Database, organizationId: number, page: number, pageSize: number) {
  const where = eq(instantSurveys.organizationId, organizationId);
  const [totalRow] = await db.select({ n: sql<number>`count(*)::int` }).from(instantSurveys).where(where);
  const rows = await db
    .select({
      survey: instantSurveys,
      questions: sql<number>`(select count(*)::int from instant_survey_questions q where q.survey_id = instant_surveys.id)`,
      participants: sql<number>`(select count(*)::int from instant_survey_participants p where p.survey_id = instant_surveys.id)`,
    })
    .from(instantSurveys)
    .where(where)
    .orderBy(desc(instantSurveys.createdAt), desc(instantSurveys.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: totalRow?.n ?? 0, rows };
}

export async function loadQuestions(db: Database, surveyId: number): Promise<TInstantQuestion[]> {
  const rows = await db.select().from(instantSurveyQuestions).where(eq(instantSurveyQuestions.surveyId, surveyId)).orderBy(asc(instantSurveyQuestions.position), asc(instantSurveyQuestions.id));
  return rows.map(toQuestion);
}

export async function loadParticipantRows(db: Database, surveyId: number): Promise<TParticipantRow[]> {
  return db.select().from(instantSurveyParticipants).where(eq(instantSurveyParticipants.surveyId, surveyId)).orderBy(asc(instantSurveyParticipants.position), asc(instantSurveyParticipants.id));
}

export async function findParticipant(db: Database, surveyId: number, participantId: number): Promise<TParticipantRow | undefined> {
  const [row] = await db.select().from(instantSurveyParticipants).where(and(eq(instantSurveyParticipants.id, participantId), eq(instantSurveyParticipants.surveyId, surveyId))).limit(1);
  return row;
}

export async function loadAnswers(db: Database, surveyId: number, participantId?: number): Promise<TInstantAnswer[]> {
  const where = participantId === undefined ? eq(instantSurveyAnswers.surveyId, surveyId) : and(eq(instantSurveyAnswers.surveyId, surveyId), eq(instantSurveyAnswers.participantId, participantId));
  const rows = await db.select().from(instantSurveyAnswers).where(where).orderBy(asc(instantSurveyAnswers.id));
  return rows.map(toAnswer);
}

/** Keeps questions that come back with their id (and their answers), adds new ones, drops the rest. */
export async function syncQuestions(db: Database, surveyId: number, questions: TSurveyInput['questions']): Promise<void> {
  const existing = await db.select().from(instantSurveyQuestions).where(eq(instantSurveyQuestions.surveyId, surveyId));
  const existingById = new Map(existing.map((q) => [q.id, q]));
  const kept: number[] = [];
  for (const [position, question] of questions.entries()) {
    const previous = question.id === undefined ? undefined : existingById.get(question.id);
    const used = new Set<number>();
    let next = Math.max(0, ...(previous?.options ?? []).map((o) => o.id), ...question.options.map((o) => o.id ?? 0)) + 1;
    const options = question.options
      .filter((o) => o.label.trim())
      .map((o) => {
        const id = o.id !== undefined && !used.has(o.id) ? o.id : next++;
        used.add(id);
        return { id, label: o.label.trim() };
      });
    const values = {
      surveyId,
      position,
      label: question.label.trim(),
      type: question.type,
      options,
      layoutOrientation: question.layout_orientation,
      multipleSelection: question.multiple_selection,
      allowMultipleGroups: question.allow_multiple_groups,
      pointsTotal: question.type === 'scaling' ? (question.points_total ?? INSTANT_DEFAULT_POINTS) : null,
    };
    if (previous) {
      await db.update(instantSurveyQuestions).set(values).where(eq(instantSurveyQuestions.id, previous.id));
      kept.push(previous.id);
    } else {
      const [row] = await db.insert(instantSurveyQuestions).values(values).returning({ id: instantSurveyQuestions.id });
      if (row) kept.push(row.id);
    }
  }
  const stale = existing.map((q) => q.id).filter((id) => !kept.includes(id));
  if (stale.length > 0) await db.delete(instantSurveyQuestions).where(inArray(instantSurveyQuestions.id, stale));
}

/**
 * The host's participant list. Those who joined by code stay even when a host's older copy of the
 * list leaves them out: a save must never throw away someone who is answering right now.
 */
export async function syncParticipants(db: Database, surveyId: number, participants: TSurveyInput['participants']): Promise<void> {
  const existing = await loadParticipantRows(db, surveyId);
  const existingIds = new Set(existing.map((p) => p.id));
  const kept: number[] = [];
  const fresh: (typeof instantSurveyParticipants.$inferInsert)[] = [];
  for (const [position, participant] of participants.entries()) {
    const values = { name: participant.name.trim(), email: participant.email?.trim() || null, position };
    if (participant.id !== undefined && existingIds.has(participant.id)) {
      await db.update(instantSurveyParticipants).set(values).where(eq(instantSurveyParticipants.id, participant.id));
      kept.push(participant.id);
    } else {
      fresh.push({ surveyId, ...values });
    }
  }
  for (const chunk of statementChunks(fresh)) await db.insert(instantSurveyParticipants).values(chunk);
  const stale = existing.filter((p) => p.joinedAt === null && !kept.includes(p.id)).map((p) => p.id);
  if (stale.length > 0) await db.delete(instantSurveyParticipants).where(inArray(instantSurveyParticipants.id, stale));
}

export async function insertJoinedParticipant(db: Database, surveyId: number, name: string, email: string | null, tokenHash: string): Promise<TParticipantRow> {
  const [position] = await db.select({ n: sql<number>`coalesce(max(${instantSurveyParticipants.position}), -1)::int + 1` }).from(instantSurveyParticipants).where(eq(instantSurveyParticipants.surveyId, surveyId));
  const [row] = await db.insert(instantSurveyParticipants).values({ surveyId, name, email, position: position?.n ?? 0, joinedAt: new Date() }).returning();
  if (!row) throw new Error('participant insert returned nothing');
  await db.insert(instantParticipantTokens).values({ participantId: row.id, surveyId, tokenHash });
  return row;
}

export async function addParticipantToken(db: Database, participantId: number, surveyId: number, tokenHash: string): Promise<void> {
  await db.insert(instantParticipantTokens).values({ participantId, surveyId, tokenHash });
}

export async function markInvited(db: Database, participantIds: number[]): Promise<void> {
  if (participantIds.length > 0) await db.update(instantSurveyParticipants).set({ invitedAt: new Date() }).where(inArray(instantSurveyParticipants.id, participantIds));
}

/**
 * The participant behind an instant token, with its survey's public id (every participant request
 * and every instant save starts with it): built once per database as a prepared statement, so a
 * save sends only the values, not SQL rebuilt by the query builder and planned again.
 */
const participantByTokenQuery = perDatabase((db) =>
  db
    .select({ participant: instantSurveyParticipants, surveyPublicId: instantSurveys.publicId, tokenId: instantParticipantTokens.id, lastUsedAt: instantParticipantTokens.lastUsedAt })
    .from(instantParticipantTokens)
    .innerJoin(instantSurveyParticipants, eq(instantSurveyParticipants.id, instantParticipantTokens.participantId))
    .innerJoin(instantSurveys, eq(instantSurveys.id, instantParticipantTokens.surveyId))
    .where(and(eq(instantParticipantTokens.tokenHash, sql.placeholder('tokenHash')), gt(instantParticipantTokens.lastUsedAt, sql.placeholder('idleSince'))))
    .limit(1)
    .prepare('instant_participant_by_token'),
);

/** The participant behind an instant token that has not been idle for longer than `idleSince`. */
export async function findParticipantByToken(db: Database, tokenHash: string, idleSince: Date) {
  const [row] = await participantByTokenQuery(db).execute({ tokenHash, idleSince });
  return row;
}

/**
 * Whether an invitation token (an instant token an invitation e-mail carried) was issued for this
 * survey, however long it has been idle: it proves its holder was invited, which is all a new
 * join needs.
 */
export async function isInvitationTokenOf(db: Database, surveyId: number, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: instantParticipantTokens.id })
    .from(instantParticipantTokens)
    .where(and(eq(instantParticipantTokens.tokenHash, tokenHash), eq(instantParticipantTokens.surveyId, surveyId)))
    .limit(1);
  return row !== undefined;
}

export async function touchToken(db: Database, tokenId: number): Promise<void> {
  await db.update(instantParticipantTokens).set({ lastUsedAt: new Date() }).where(eq(instantParticipantTokens.id, tokenId));
}

/** A participant arriving through an invitation link counts as joined from then on; true the first time only. */
export async function markJoined(db: Database, participantId: number): Promise<boolean> {
  const rows = await db
    .update(instantSurveyParticipants)
    .set({ joinedAt: new Date() })
    .where(and(eq(instantSurveyParticipants.id, participantId), isNull(instantSurveyParticipants.joinedAt)))
    .returning({ id: instantSurveyParticipants.id });
  return rows.length > 0;
}

/**
 * Insert or replace: a retried save of the same question changes the answer, never adds one. A
 * save whose sequence is not above the stored answer's (a delayed or replayed earlier one) leaves
 * the stored answer, which comes back with `applied: false`.
 */
export async function upsertAnswer(db: Database, surveyId: number, questionId: number, participantId: number, value: unknown, sequence?: number): Promise<{ answer: TInstantAnswer; created: boolean; applied: boolean }> {
  const now = new Date();
  const [row] = await db
    .insert(instantSurveyAnswers)
    .values({ surveyId, questionId, participantId, value, answeredAt: now, sequence: sequence ?? null })
    .onConflictDoUpdate({
      target: [instantSurveyAnswers.participantId, instantSurveyAnswers.questionId],
      set: { value, answeredAt: now, sequence: sequence ?? null },
      setWhere: sql`excluded.sequence is null or ${instantSurveyAnswers.sequence} is null or ${instantSurveyAnswers.sequence} < excluded.sequence`,
    })
    .returning({
      id: instantSurveyAnswers.id,
      surveyId: instantSurveyAnswers.surveyId,
      questionId: instantSurveyAnswers.questionId,
      participantId: instantSurveyAnswers.participantId,
      value: instantSurveyAnswers.value,
      answeredAt: instantSurveyAnswers.answeredAt,
      sequence: instantSurveyAnswers.sequence,
      // xmax is 0 for a freshly inserted row and set when ON CONFLICT updated an existing one.
      created: sql<boolean>`(xmax = 0)`,
    });
  if (row) {
    const { created, ...answer } = row;
    return { answer: toAnswer(answer), created: Boolean(created), applied: true };
  }
  const [stored] = await db
    .select()
    .from(instantSurveyAnswers)
    .where(and(eq(instantSurveyAnswers.participantId, participantId), eq(instantSurveyAnswers.questionId, questionId)))
    .limit(1);
  if (!stored) throw new Error('answer upsert returned nothing');
  return { answer: toAnswer(stored), created: false, applied: false };
}

export async function updateProgress(db: Database, participantId: number, progress: { currentQuestionIndex?: number | undefined; finished?: boolean | undefined }): Promise<void> {
  const set: Partial<typeof instantSurveyParticipants.$inferInsert> = {};
  if (progress.currentQuestionIndex !== undefined) set.currentQuestionIndex = progress.currentQuestionIndex;
  if (progress.finished) set.finishedAt = new Date();
  if (Object.keys(set).length > 0) await db.update(instantSurveyParticipants).set(set).where(eq(instantSurveyParticipants.id, participantId));
}

export async function answerCounts(db: Database, surveyId: number) {
  return db
    .select({ questionId: instantSurveyAnswers.questionId, count: sql<number>`count(*)::int` })
    .from(instantSurveyAnswers)
    .where(eq(instantSurveyAnswers.surveyId, surveyId))
    .groupBy(instantSurveyAnswers.questionId);
}

/** Ids of the survey's questions that have at least one answer (their type is then fixed). */
export async function answeredQuestionIds(db: Database, surveyId: number): Promise<Set<number>> {
  const rows = await db.selectDistinct({ id: instantSurveyAnswers.questionId }).from(instantSurveyAnswers).where(eq(instantSurveyAnswers.surveyId, surveyId));
  return new Set(rows.map((r) => r.id));
}

/** The stored type of each of the survey's questions. */
export async function questionTypes(db: Database, surveyId: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: instantSurveyQuestions.id, type: instantSurveyQuestions.type }).from(instantSurveyQuestions).where(eq(instantSurveyQuestions.surveyId, surveyId));
  return new Map(rows.map((r) => [r.id, r.type]));
}

/**
 * Takes one code attempt of this address before the code is checked (atomically, see
 * takeCountedAttempt): of any number of parallel guesses exactly `limit` in the window are checked.
 */
export function takeCodeAttempt(db: Database, ip: string, since: Date, limit: number): Promise<TAttempt> {
  return takeCountedAttempt(db, {
    lockKey: `instant-code:${ip}`,
    limit,
    count: async (tx) => (await tx.select({ n: sql<number>`count(*)::int` }).from(instantCodeFailures).where(and(eq(instantCodeFailures.ip, ip), gt(instantCodeFailures.failedAt, since))))[0]?.n ?? 0,
    record: async (tx) => (await tx.insert(instantCodeFailures).values({ ip }).returning({ id: instantCodeFailures.id }))[0]?.id ?? 0,
  });
}

/** The right code: its attempt is not a failure (a room behind one address must be able to join). */
export async function forgetCodeAttempt(db: Database, attemptId: number): Promise<void> {
  await db.delete(instantCodeFailures).where(eq(instantCodeFailures.id, attemptId));
}

/** The organisation's earlier surveys with their questions, newest first (custom templates). */
export async function recentSurveysWithQuestions(db: Database, organizationId: number, limit: number) {
  const surveys = await db.select().from(instantSurveys).where(eq(instantSurveys.organizationId, organizationId)).orderBy(desc(instantSurveys.createdAt), desc(instantSurveys.id)).limit(limit);
  if (surveys.length === 0) return [];
  const questions = await db.select().from(instantSurveyQuestions).where(inArray(instantSurveyQuestions.surveyId, surveys.map((s) => s.id))).orderBy(asc(instantSurveyQuestions.position));
  return surveys.map((survey) => ({ survey, questions: questions.filter((q) => q.surveyId === survey.id).map(toQuestion) }));
}
