import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { statementChunks, tables, type Database } from '@ona/db';
import { hashSecretToken, newSecretToken } from '../../apps/server/src/modules/auth/secret-token.ts';
import { defaultQuestionnaire } from '../../apps/server/src/modules/survey/default-questionnaire.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../apps/server/src/testing/fixtures.ts';

/**
 * What the durability benchmarks share: an open engagement whose employees may save answers, an
 * instant survey with joined participants, workers that keep both saving (each save with a growing
 * `sequence`, recorded as sent and as acknowledged), and the check of every acknowledged answer.
 */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = { 'content-type': 'application/json' };

export interface EngagementSeed {
  engagementId: number;
  questionIds: number[];
  employeeIds: number[];
  /** The employees' API tokens, by index. */
  tokens: string[];
  hostEmail: string;
}

/** An open engagement with `employees` employees who have accepted the terms, and an instant-survey host. */
export async function seedEngagement(d: Database, options: { label: string; employees: number }): Promise<EngagementSeed> {
  const { label, employees } = options;
  const org = await createOrganization(d, `${label} Ltd`);
  const [engagement] = await d
    .insert(tables.engagements)
    .values({ organizationId: org.id, name: `${label} test`, accessFrom: day(-1), accessTill: day(10), defaultLanguage: 'en', surveyCreatedAt: new Date() })
    .returning();
  const engagementId = engagement!.id;
  const questionIds = (
    await d
      .insert(tables.questions)
      .values(defaultQuestionnaire().map((q, position) => ({ engagementId, key: q.key, category: q.category, kind: q.kind, position, texts: { ...q.texts } })))
      .returning({ id: tables.questions.id })
  ).map((q) => q.id);
  const tag = label.toLowerCase().replace(/\W/g, '');
  // In statements PostgreSQL takes (at most 65,535 parameters each), for any number of employees.
  const userRows: { id: number }[] = [];
  const userValues = Array.from({ length: employees }, (_, i) => ({ email: `${tag}${i}@bench.test`, name: `${label} ${i}`, passwordHash: 'not-used', currentOrganizationId: org.id }));
  for (const chunk of statementChunks(userValues)) userRows.push(...(await d.insert(tables.users).values(chunk).returning({ id: tables.users.id })));
  for (const chunk of statementChunks(userRows.map((u) => ({ userId: u.id, organizationId: org.id })))) await d.insert(tables.memberships).values(chunk);
  const employeeIds: number[] = [];
  const employeeValues = userRows.map((u, i) => ({ engagementId, name: `${label} ${i}`, email: `${tag}${i}@bench.test`, userId: u.id }));
  for (const chunk of statementChunks(employeeValues)) employeeIds.push(...(await d.insert(tables.employees).values(chunk).returning({ id: tables.employees.id })).map((e) => e.id));
  for (const chunk of statementChunks(userRows.map((u) => ({ engagementId, userId: u.id, module: 'survey' as const, accessLevel: 'self_only' as const })))) await d.insert(tables.moduleAccess).values(chunk);
  for (const chunk of statementChunks(employeeIds.map((employeeId) => ({ engagementId, employeeId, termsAcceptedAt: new Date() })))) await d.insert(tables.surveyParticipations).values(chunk);
  const tokens = userRows.map(() => newSecretToken());
  for (const chunk of statementChunks(userRows.map((u, i) => ({ userId: u.id, tokenHash: hashSecretToken(tokens[i]!) })))) await d.insert(tables.authTokens).values(chunk);
  const hostEmail = `host@${tag}.test`;
  await createUser(d, { email: hostEmail, organizationIds: [org.id], permissions: ['instant_survey_admin'] });
  return { engagementId, questionIds, employeeIds, tokens, hostEmail };
}

export interface InstantSeed {
  survey: { id: number; public_id: string; code: string; questions: { id: number }[] };
  participants: { id: number; token: string }[];
}

/** Through the API of a running server: the host creates and starts a three-question survey, `count` participants join with its code. */
export async function startInstantSurvey(base: string, hostEmail: string, count: number): Promise<InstantSeed> {
  const login = await fetch(`${base}/auth/login/`, { method: 'POST', headers: json, body: JSON.stringify({ email: hostEmail, password: FIXTURE_PASSWORD }) });
  const hostHeaders = { ...json, authorization: `Token ${((await login.json()) as { token: string }).token}` };
  const created = await fetch(`${base}/instant-survey/surveys/start-survey/`, {
    method: 'POST',
    headers: hostHeaders,
    body: JSON.stringify({ title: 'Bench', questions: [{ label: 'One', type: 'freetext' }, { label: 'Two', type: 'freetext' }, { label: 'Three', type: 'freetext' }], participants: [] }),
  });
  const survey = (await created.json()) as InstantSeed['survey'];
  const participants: InstantSeed['participants'] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/instant-survey/surveys/${survey.public_id}/create-user/`, { method: 'POST', headers: { ...json, 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` }, body: JSON.stringify({ name: `P ${i}`, survey_code: survey.code }) });
    if (res.status !== 201) throw new Error(`join ${i}: ${res.status} ${await res.text()}`);
    participants.push((await res.json()) as { id: number; token: string });
  }
  return { survey, participants };
}

/** Sends one request (path below /api) to a server; rejects when no answer came at all. */
export type Send = (path: string, init: RequestInit) => Promise<Response>;

type Sent = { sequence: number; value: string; acknowledged: boolean };
export interface CheckResult {
  acknowledged: number;
  checked: number;
  problems: string[];
}

/** Employees and participants saving all the time through `send`; every save is recorded as sent, then as acknowledged (200) or not. */
export class SaveLoad {
  readonly statuses = new Map<string, number>();
  private readonly employeeSaves = new Map<string, Sent[]>();
  private readonly instantSaves = new Map<string, Sent[]>();
  private sequenceClock = 0;
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly engagement: EngagementSeed,
    private readonly instant: InstantSeed,
  ) {}

  count(label: string): void {
    this.statuses.set(label, (this.statuses.get(label) ?? 0) + 1);
  }

  start(send: Send): void {
    this.running = true;
    this.workers = [...this.engagement.employeeIds.map((_, i) => this.employeeWorker(i, send)), ...this.instant.participants.map((_, i) => this.participantWorker(i, send))];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private nextSequence(): number {
    this.sequenceClock = Math.max(Date.now(), this.sequenceClock + 1);
    return this.sequenceClock;
  }

  private async employeeWorker(index: number, send: Send): Promise<void> {
    const { engagementId, questionIds, employeeIds, tokens } = this.engagement;
    const headers = { ...json, authorization: `Token ${tokens[index]}`, 'x-forwarded-for': `10.8.${index >> 8}.${index & 255}` };
    while (this.running) {
      const questionId = questionIds[randomInt(questionIds.length)]!;
      const selection = employeeIds.filter((_, i) => i !== index && randomInt(10) === 0).slice(0, 5);
      const sent: Sent = { sequence: this.nextSequence(), value: JSON.stringify(selection), acknowledged: false };
      const key = `${employeeIds[index]}:${questionId}`;
      this.employeeSaves.set(key, [...(this.employeeSaves.get(key) ?? []), sent]);
      try {
        const res = await send(`/engagements/${engagementId}/survey/answers/${questionId}/`, { method: 'PUT', headers, body: JSON.stringify({ selected_users: selection, sequence: sent.sequence }) });
        this.count(`employee ${res.status}`);
        await res.arrayBuffer();
        if (res.status === 200) sent.acknowledged = true;
        else await pause(50);
      } catch {
        this.count('employee no answer');
        await pause(100);
      }
    }
  }

  private async participantWorker(index: number, send: Send): Promise<void> {
    const { survey, participants } = this.instant;
    const p = participants[index]!;
    const headers = { ...json, authorization: `InstantToken ${p.token}`, 'x-forwarded-for': `10.9.${index >> 8}.${index & 255}` };
    while (this.running) {
      const questionId = survey.questions[randomInt(survey.questions.length)]!.id;
      const sequence = this.nextSequence();
      const sent: Sent = { sequence, value: `answer ${sequence}`, acknowledged: false };
      const key = `${p.id}:${questionId}`;
      this.instantSaves.set(key, [...(this.instantSaves.get(key) ?? []), sent]);
      try {
        const res = await send(`/instant-survey/surveys/${survey.public_id}/save-answer/`, { method: 'POST', headers, body: JSON.stringify({ question_id: questionId, value: { type: 'freetext', text: sent.value }, sequence }) });
        this.count(`instant ${res.status}`);
        await res.arrayBuffer();
        if (res.status === 200) sent.acknowledged = true;
        else await pause(50);
      } catch {
        this.count('instant no answer');
        await pause(100);
      }
    }
  }

  /**
   * Every acknowledged answer against the database: the stored one must be a save somebody sent,
   * with a sequence at least that of the newest acknowledged save of that answer (a newer save in
   * flight may have landed) — never older, never a value nobody sent. Also counts instant answers
   * stored more than once for one participant and question.
   */
  async check(d: Database): Promise<{ employee: CheckResult; instant: CheckResult; doubledInstant: number }> {
    const employeeRows = await d.select().from(tables.answers);
    const employeeStored = new Map(employeeRows.map((r) => [`${r.employeeId}:${r.questionId}`, { sequence: r.sequence, value: JSON.stringify(r.selectedEmployeeIds) }]));
    const instantRows = await d.select().from(tables.instantSurveyAnswers);
    const instantStored = new Map(instantRows.map((r) => [`${r.participantId}:${r.questionId}`, { sequence: r.sequence, value: (r.value as { text: string }).text }]));
    const doubled = await d.execute<{ n: string }>(
      sql`select count(*) as n from (select participant_id, question_id from instant_survey_answers group by 1, 2 having count(*) > 1) as d`,
    );
    return { employee: checkSaves(this.employeeSaves, employeeStored), instant: checkSaves(this.instantSaves, instantStored), doubledInstant: Number(doubled.rows[0]?.n ?? 0) };
  }
}

function checkSaves(saves: Map<string, Sent[]>, stored: Map<string, { sequence: number | null; value: string }>): CheckResult {
  let acknowledged = 0;
  let checked = 0;
  const problems: string[] = [];
  for (const [key, sent] of saves) {
    const acks = sent.filter((s) => s.acknowledged);
    acknowledged += acks.length;
    if (acks.length === 0) continue;
    checked += 1;
    const newestAck = Math.max(...acks.map((s) => s.sequence));
    const row = stored.get(key);
    const match = row && sent.find((s) => s.sequence === row.sequence && s.value === row.value);
    if (!row || !match || (row.sequence ?? 0) < newestAck) problems.push(`${key}: stored ${JSON.stringify(row)}, newest acknowledged ${newestAck}`);
  }
  return { acknowledged, checked, problems };
}
