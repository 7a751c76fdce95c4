import type { FastifyInstance } from 'fastify';
import type {
  TInstantCodeLoginResponse,
  TInstantFillInfo,
  TInstantParticipantSurvey,
  TInstantSaveAnswer,
  TInstantSurvey,
  TInstantSurveyList,
  TInstantSurveyState,
  TInstantSurveyUser,
} from '@ona/contracts';
import { onOneConnection, type Database, type HeldConnection } from '@ona/db';
import { ApiError, conflict, notFound } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import { checkAnswer, peopleNamedIn } from './answer-validation.ts';
import type { TParticipantContext } from './instant-auth.ts';
import type { TKeptParticipant } from './kept-participant.ts';
import { publishLive } from './live.ts';
import * as repo from './repository.ts';
import { findSaveTarget, isParticipantGone, writeAnswer } from './save-answer-statements.ts';
import { checkSurveyCode, normaliseSurveyCode } from './survey-code.ts';
import { validateSurveyInput, type TSurveyInput } from './survey-validation.ts';

export const CODE_FAILURE_LIMIT = 20;
export const CODE_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const asState = (row: repo.TSurveyRow) => row.state as TInstantSurveyState;

/** A survey of the host's organisation; another organisation's id answers 404 (never reveal it). */
export async function hostSurvey(db: Database, auth: AuthContext, surveyId: number): Promise<repo.TSurveyRow> {
  const row = await repo.findSurvey(db, auth.organizationId, surveyId);
  if (!row) throw notFound();
  return row;
}

export async function describeForHost(db: Database, row: repo.TSurveyRow): Promise<TInstantSurvey> {
  const [questions, participants, answers] = await Promise.all([repo.loadQuestions(db, row.id), repo.loadParticipantRows(db, row.id), repo.loadAnswers(db, row.id)]);
  return {
    ...repo.toSummary(row, { questions: questions.length, participants: participants.length }),
    questions,
    participants: participants.map(repo.toParticipant),
    answers,
    login_codes: row.state === 'closed' ? [] : [row.code],
  };
}

export function surveyUser(participant: TParticipantContext): TInstantSurveyUser {
  return {
    id: participant.id,
    name: participant.name,
    survey: participant.surveyPublicId,
    current_question_index: participant.currentQuestionIndex,
    finished: participant.finishedAt !== null,
  };
}

/** Without a token only what the join page needs; with one the questions, names and own answers. */
export async function describeForParticipant(db: Database, row: repo.TSurveyRow, participant: TParticipantContext | null): Promise<TInstantParticipantSurvey> {
  const base = { id: row.publicId, title: row.title, state: asState(row), closed: row.state === 'closed' };
  if (!participant) return base;
  const [questions, participants, answers] = await Promise.all([repo.loadQuestions(db, row.id), repo.loadParticipantRows(db, row.id), repo.loadAnswers(db, row.id, participant.id)]);
  return { ...base, questions, participants: participants.map((p) => ({ id: p.id, name: p.name })), answers, user: surveyUser(participant) };
}

export async function listSurveys(db: Database, auth: AuthContext, page: number, pageSize: number): Promise<TInstantSurveyList> {
  const { total, rows } = await repo.listSurveys(db, auth.organizationId, page, pageSize);
  return { total, data: rows.map((r) => repo.toSummary(r.survey, { questions: r.questions, participants: r.participants })) };
}

async function writeContent(tx: Database, surveyId: number, input: TSurveyInput): Promise<void> {
  await repo.syncQuestions(tx, surveyId, input.questions);
  await repo.syncParticipants(tx, surveyId, input.participants);
}

export async function createSurvey(app: FastifyInstance, auth: AuthContext, input: TSurveyInput): Promise<repo.TSurveyRow> {
  validateSurveyInput(input);
  return app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const row = await repo.insertSurvey(tx, auth.organizationId, auth.user.id, input.title.trim());
    await writeContent(tx, row.id, input);
    return row;
  });
}

/**
 * Answers are stored in the shape of their question's type: a user_select answer read as a mood
 * would be nonsense in the table, the graph and the export. So an answered question keeps its type.
 */
async function refuseTypeChangeOfAnswered(tx: Database, surveyId: number, input: TSurveyInput): Promise<void> {
  const [types, answered] = await Promise.all([repo.questionTypes(tx, surveyId), repo.answeredQuestionIds(tx, surveyId)]);
  const changed = input.questions.some((q) => q.id !== undefined && answered.has(q.id) && types.get(q.id) !== undefined && types.get(q.id) !== q.type);
  if (changed) throw conflict('question_type_locked', 'instant.errors.question_type_locked');
}

export async function updateSurvey(app: FastifyInstance, auth: AuthContext, surveyId: number, input: TSurveyInput): Promise<repo.TSurveyRow> {
  const row = await hostSurvey(app.db, auth, surveyId);
  if (row.state === 'closed') throw conflict('survey_closed', 'instant.errors.survey_closed');
  validateSurveyInput(input);
  await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await refuseTypeChangeOfAnswered(tx, surveyId, input);
    await repo.updateSurveyTitle(tx, surveyId, input.title.trim());
    await writeContent(tx, surveyId, input);
  });
  // Participants may have been renamed or removed: their kept entries go, here and on every instance.
  await app.callerCache.forget({ instantSurvey: surveyId });
  await publishLive(app, row, { type: 'state', state: asState(row) });
  return (await repo.findSurveyById(app.db, surveyId)) ?? row;
}

/** pending → started; a started survey 409 survey_already_started, a closed one 409 survey_closed. */
export async function startSurvey(app: FastifyInstance, auth: AuthContext, surveyId: number): Promise<repo.TSurveyRow> {
  const row = await hostSurvey(app.db, auth, surveyId);
  if (row.state === 'closed') throw conflict('survey_closed', 'instant.errors.survey_closed');
  if (row.state === 'started' || !(await repo.changeState(app.db, surveyId, 'pending', 'started'))) {
    throw conflict('survey_already_started', 'instant.errors.survey_already_started');
  }
  await publishLive(app, row, { type: 'state', state: 'started' });
  return (await repo.findSurveyById(app.db, surveyId)) ?? row;
}

/** started → closed; a pending survey 409 survey_not_started, a closed one 409 survey_closed. */
export async function closeSurvey(app: FastifyInstance, auth: AuthContext, surveyId: number): Promise<repo.TSurveyRow> {
  const row = await hostSurvey(app.db, auth, surveyId);
  if (row.state === 'pending') throw conflict('survey_not_started', 'instant.errors.survey_not_started');
  if (row.state === 'closed' || !(await repo.changeState(app.db, surveyId, 'started', 'closed'))) {
    throw conflict('survey_closed', 'instant.errors.survey_closed');
  }
  await publishLive(app, row, { type: 'state', state: 'closed' });
  return (await repo.findSurveyById(app.db, surveyId)) ?? row;
}

export async function deleteSurvey(app: FastifyInstance, auth: AuthContext, surveyId: number): Promise<void> {
  const row = await hostSurvey(app.db, auth, surveyId);
  await repo.deleteSurvey(app.db, surveyId);
  // Its participants' tokens are gone: no instance may take them for a save from its cache.
  await app.callerCache.forget({ instantSurvey: surveyId });
  // Participants still on the page learn that it is gone (their next load answers 404).
  await publishLive(app, row, { type: 'state', state: 'closed' });
}

function requireJoinable(row: repo.TSurveyRow): void {
  if (row.state === 'closed') throw conflict('survey_closed', 'instant.errors.survey_closed');
}

function codeProblemError(problem: NonNullable<ReturnType<typeof checkSurveyCode>>): ApiError {
  const key = problem === 'required' ? 'errors.field_required' : problem === 'length' ? 'instant.errors.code_length' : 'instant.errors.code_special_characters';
  return new ApiError(400, 'invalid_survey_code', key, { survey_code: [key] });
}

const surveyNotFound = () => new ApiError(404, 'survey_not_found', 'instant.errors.code_not_found', { survey_code: ['instant.errors.code_not_found'] });

/**
 * Takes one guess of this address BEFORE the code is checked (atomically, in the database, on
 * every instance): 20 wrong codes in 15 minutes, then 429. The caller forgets the guess when it
 * proves right, so only wrong codes count and a room behind one NAT can still join.
 */
async function takeGuess(db: Database, ip: string): Promise<number> {
  const attempt = await repo.takeCodeAttempt(db, ip, new Date(Date.now() - CODE_FAILURE_WINDOW_MS), CODE_FAILURE_LIMIT);
  if (!attempt.allowed) throw new ApiError(429, 'too_many_requests', 'instant.errors.too_many_codes');
  return attempt.id;
}

/**
 * The survey of public id `publicId` if `rawCode` is its code. Every way in without a token (the
 * code entry, the join page, create-user) goes through the same guess counter.
 */
async function surveyOfCode(db: Database, publicId: string, rawCode: string, ip: string): Promise<repo.TSurveyRow> {
  const problem = checkSurveyCode(rawCode);
  if (problem) throw codeProblemError(problem);
  const guess = await takeGuess(db, ip);
  const row = await repo.findSurveyByPublicId(db, publicId);
  if (!row || row.code !== normaliseSurveyCode(rawCode)) throw surveyNotFound();
  await repo.forgetCodeAttempt(db, guess);
  return row;
}

/** The survey of public id `publicId` if `invitationToken` was issued by one of its invitations (counted like a code). */
async function surveyOfInvitation(db: Database, publicId: string, invitationToken: string, ip: string): Promise<repo.TSurveyRow> {
  const guess = await takeGuess(db, ip);
  const row = await repo.findSurveyByPublicId(db, publicId);
  if (!row || !(await repo.isInvitationTokenOf(db, row.id, hashSecretToken(invitationToken.trim())))) throw surveyNotFound();
  await repo.forgetCodeAttempt(db, guess);
  return row;
}

/**
 * The code entry (§5 rules), case-insensitive; 20 wrong codes from one address in 15 minutes: 429.
 * The code of a closed survey answers that survey (`closed: true`): its join page then says it has
 * closed, in the product's words.
 */
export async function loginWithCode(db: Database, rawCode: string, ip: string): Promise<TInstantCodeLoginResponse> {
  const problem = checkSurveyCode(rawCode);
  if (problem) throw codeProblemError(problem);
  const guess = await takeGuess(db, ip);
  const row = await repo.findSurveyByCode(db, normaliseSurveyCode(rawCode));
  if (!row) throw surveyNotFound();
  await repo.forgetCodeAttempt(db, guess);
  return { survey: await describeForParticipant(db, row, null), user: null };
}

const given = (value: string | null | undefined): value is string => value !== undefined && value !== null && value.trim() !== '';

/** The join page without a token: title and state, only for someone who has the survey's code (without one: 404). */
export async function describeForCodeHolder(db: Database, publicId: string, rawCode: string | undefined, ip: string): Promise<TInstantParticipantSurvey> {
  if (!given(rawCode)) throw surveyNotFound();
  return describeForParticipant(db, await surveyOfCode(db, publicId, rawCode, ip), null);
}

/**
 * An invited participant counts as joined when they first use their link; the hosts hear
 * `new_user` then, as for a participant who joins by code, so their list shows them joined at once.
 * Only the request that marks them announces them, however many arrive together.
 */
export async function markJoinedAndAnnounce(app: FastifyInstance, participant: Pick<TParticipantContext, 'id' | 'name' | 'surveyId' | 'surveyPublicId' | 'joinedAt'>): Promise<void> {
  if (participant.joinedAt !== null) return;
  if (await repo.markJoined(app.db, participant.id)) {
    await publishLive(app, { id: participant.surveyId, publicId: participant.surveyPublicId }, { type: 'new_user', user: { id: participant.id, name: participant.name } });
  }
}

/**
 * A participant joins with the survey's code (or the token of an invitation to it): 201 with the
 * instant token, once; the host hears `new_user`. Without either proof, 404 as for a wrong one:
 * the survey's id alone never admits anyone.
 */
export async function joinSurvey(
  app: FastifyInstance,
  publicId: string,
  join: { name: string; email: string | null; code: string | undefined; invitationToken: string | undefined },
  ip: string,
) {
  const row = given(join.code)
    ? await surveyOfCode(app.db, publicId, join.code, ip)
    : given(join.invitationToken)
      ? await surveyOfInvitation(app.db, publicId, join.invitationToken, ip)
      : null;
  if (!row) throw surveyNotFound();
  requireJoinable(row);
  const token = newSecretToken();
  const participant = await repo.insertJoinedParticipant(app.db, row.id, join.name.trim(), join.email?.trim() || null, hashSecretToken(token));
  await publishLive(app, row, { type: 'new_user', user: { id: participant.id, name: participant.name } });
  return { id: participant.id, name: participant.name, token, survey: row.publicId };
}

function requireAnswerable(state: TInstantSurveyState): void {
  if (state === 'pending') throw conflict('survey_not_started', 'instant.errors.survey_not_started');
  if (state === 'closed') throw conflict('survey_closed', 'instant.errors.survey_closed');
}

/**
 * Finish: recorded even when the last question was left unanswered (then no save carries the
 * flag). Repeating it changes nothing but the time.
 */
export async function finishSurvey(app: FastifyInstance, participant: TParticipantContext, currentQuestionIndex: number | undefined): Promise<TInstantSurveyUser> {
  const row = await repo.findSurveyById(app.db, participant.surveyId);
  if (!row) throw notFound();
  requireAnswerable(asState(row));
  await markJoinedAndAnnounce(app, participant);
  await repo.updateProgress(app.db, participant.id, { currentQuestionIndex, finished: true });
  return { ...surveyUser(participant), current_question_index: currentQuestionIndex ?? participant.currentQuestionIndex, finished: true };
}

/**
 * Saves one answer of a started survey; a retry of the same save replaces it and counts once.
 * One read (survey, question, named people) and one write (answer and progress, one commit).
 * The hosts hear of the answer as soon as that write has committed, beside the acknowledgement
 * rather than after it; a stale save (older sequence) stored nothing, so nobody hears of it.
 *
 * Both statements go on one connection held for the save (docs/request-path.md): through the pool,
 * each would wait for a connection, so under load the write — and with it the host's message —
 * queued a second time behind every other save's read. Only a participant who has not joined yet
 * goes through the pool: marking them joined takes a connection of its own, and waiting for one
 * while holding another could starve the pool.
 */
export async function saveAnswer(app: FastifyInstance, participant: TKeptParticipant, body: TInstantSaveAnswer) {
  const save = (target: Database | HeldConnection) => checkAndWrite(app, target, participant, body);
  const { applied, question, ...saved } = await (participant.joinedAt === null ? save(app.db) : onOneConnection(app.db, save)).catch(async (err: unknown) => {
    if (!isParticipantGone(err)) throw err;
    // Removed outside the server while kept here: nothing was stored; no instance keeps the survey's participants any longer.
    await app.callerCache.forget({ instantSurvey: participant.surveyId });
    throw new ApiError(401, 'invalid_token', 'instant.errors.invalid_instant_token');
  });
  // A lost live message only delays a host's refresh; publishLive logs rather than throws.
  if (applied) void publishLive(app, { id: participant.surveyId, publicId: participant.surveyPublicId }, { type: 'answer', participant: participant.id, question, sent_at: Date.now() });
  return saved;
}

async function checkAndWrite(app: FastifyInstance, target: Database | HeldConnection, participant: TKeptParticipant, body: TInstantSaveAnswer) {
  const surveyId = participant.surveyId;
  const named = peopleNamedIn(body.value).filter((id) => id !== participant.id);
  const found = await findSaveTarget(target, surveyId, body.question_id, named);
  if (!found) throw notFound();
  requireAnswerable(found.state);
  const question = found.question;
  if (!question) throw notFound();
  const value = checkAnswer(question, body.value, participant.id, found.known);
  await markJoinedAndAnnounce(app, participant);
  const written = await writeAnswer(target, { surveyId, questionId: question.id, participantId: participant.id, value, sequence: body.sequence, currentQuestionIndex: body.current_question_index, finished: body.finished });
  return { ...written, question: question.id };
}

export async function fillInfo(db: Database, row: repo.TSurveyRow): Promise<TInstantFillInfo> {
  const [participants, counts] = await Promise.all([repo.loadParticipantRows(db, row.id), repo.answerCounts(db, row.id)]);
  return {
    state: asState(row),
    participant_count: participants.length,
    joined_count: participants.filter((p) => p.joinedAt !== null).length,
    finished_count: participants.filter((p) => p.finishedAt !== null).length,
    answers_per_question: counts.map((c) => ({ question_id: c.questionId, count: c.count })),
  };
}
