import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import { getTableColumns } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { tables } from '@ona/db';
import { surveyCallerQuery } from '../../apps/server/src/modules/survey/repository.ts';
import { SAVE_ANSWER_SQL } from '../../apps/server/src/modules/survey/save-answer-statement.ts';
import { WRITE_ANSWER_SQL } from '../../apps/server/src/modules/instant-survey/save-answer-statements.ts';

/**
 * The anchor of bench/request-path.bench.ts: plain Fastify and pg doing the product's database work
 * on the same routes, without its framework (no validation, no rate limit, no helmet, no i18n): the
 * callers' tokens in a Map (what a warm caller cache gives), the same SQL text as named prepared
 * statements, the same live message to hosts over a websocket. What the product costs above it is
 * the price of its safety nets and framework. PORT and DATABASE_URL as for the server.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenOf = (header: string | undefined, scheme: string) => (header?.startsWith(`${scheme} `) ? header.slice(scheme.length + 1) : '');

const callers = new Map<string, { userId: number; organizationId: number }>();
const { rows: tokenRows } = await pool.query<{ token_hash: string; user_id: number; organization_id: number }>(
  'select t.token_hash, t.user_id, u.current_organization_id as organization_id from auth_tokens t join users u on u.id = t.user_id where t.revoked_at is null',
);
for (const row of tokenRows) callers.set(row.token_hash, { userId: row.user_id, organizationId: row.organization_id });

// The product's survey-caller query as text, with its placeholders in order.
const callerQuery = surveyCallerQuery(drizzle(pool, { schema: tables }) as never).getQuery();
const callerParams = callerQuery.params.map((p) => (p as { name: string }).name);
// Its columns: the engagement's, the survey level, whether a grant exists, then the employee id.
const EMPLOYEE_ID_COLUMN = Object.keys(getTableColumns(tables.engagements)).length + 2;

const participants = new Map<string, { id: number; surveyId: number }>();
/** The hosts' sockets by survey id (only `send` is used). */
const hosts = new Map<string, Set<{ send(data: string): void }>>();

const app = Fastify({ logger: false });
await app.register(websocket);
app.get('/api/health/', async () => ({ status: 'ok' }));

app.get('/api/engagements/', async (request, reply) => {
  const caller = callers.get(hash(tokenOf(request.headers.authorization, 'Token')));
  if (!caller) return reply.status(401).send({ code: 'invalid_token' });
  const { rows } = await pool.query({ name: 'anchor_engagements', text: 'select id, name, access_from, access_till, modules, archived_at from engagements where organization_id = $1 order by id', values: [caller.organizationId] });
  return rows;
});

app.put<{ Params: { id: string; questionId: string }; Body: { selected_users: number[]; sequence?: number } }>('/api/engagements/:id/survey/answers/:questionId/', async (request, reply) => {
  const caller = callers.get(hash(tokenOf(request.headers.authorization, 'Token')));
  if (!caller) return reply.status(401).send({ code: 'invalid_token' });
  const named = { organizationId: caller.organizationId, engagementId: Number(request.params.id), userId: caller.userId };
  const { rows: found } = await pool.query<unknown[]>({ name: 'survey_caller', text: callerQuery.sql, values: callerParams.map((name) => named[name as keyof typeof named]), rowMode: 'array' });
  const employeeId = found[0]?.[EMPLOYEE_ID_COLUMN];
  if (employeeId === undefined || employeeId === null) return reply.status(404).send({ code: 'not_found' });
  const values = [named.engagementId, employeeId, Number(request.params.questionId), request.body.selected_users, new Date(), request.body.sequence ?? null, true];
  const { rows } = await pool.query<{ selected: number[]; sequence: string | null }>({ name: 'survey_save_answer', text: SAVE_ANSWER_SQL, values });
  const row = rows[0];
  return { question: Number(request.params.questionId), answered: true, seen: true, selected_users: row?.selected ?? [], sequence: row?.sequence === null || row === undefined ? null : Number(row.sequence) };
});

app.post<{ Params: { id: string }; Body: { question_id: number; value: unknown; sequence?: number } }>('/api/instant-survey/surveys/:id/save-answer/', async (request, reply) => {
  const tokenHash = hash(tokenOf(request.headers.authorization, 'InstantToken'));
  let participant = participants.get(tokenHash);
  if (!participant) {
    const { rows } = await pool.query<{ id: number; survey_id: number }>('select p.id, p.survey_id from instant_participant_tokens t join instant_survey_participants p on p.id = t.participant_id where t.token_hash = $1', [tokenHash]);
    if (!rows[0]) return reply.status(401).send({ code: 'invalid_token' });
    participant = { id: rows[0].id, surveyId: rows[0].survey_id };
    participants.set(tokenHash, participant);
  }
  const values = [participant.surveyId, request.body.question_id, participant.id, JSON.stringify(request.body.value), new Date(), request.body.sequence ?? null, null, false];
  const { rows } = await pool.query<{ applied: boolean }>({ name: 'instant_write_answer', text: WRITE_ANSWER_SQL, values });
  if (rows[0]?.applied) {
    const message = JSON.stringify({ type: 'answer', survey: participant.surveyId, participant: participant.id, question: request.body.question_id, sent_at: Date.now() });
    for (const socket of hosts.get(String(participant.surveyId)) ?? []) socket.send(message);
  }
  return { created: false, answer: rows[0] };
});

// The host's socket: the first message authenticates (here: anything), `ready` says it is live.
app.get<{ Params: { id: string } }>('/ws/instant-survey/:id/', { websocket: true }, (socket, request) => {
  const id = request.params.id;
  socket.once('message', () => {
    let set = hosts.get(id);
    if (!set) hosts.set(id, (set = new Set()));
    set.add(socket);
    socket.send(JSON.stringify({ type: 'ready' }));
  });
  socket.on('close', () => hosts.get(id)?.delete(socket));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
