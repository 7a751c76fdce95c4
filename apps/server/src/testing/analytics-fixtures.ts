import { DIMENSIONS_360, leadershipNominationsByIds, runAnalysis } from '@ona/analytics';
import { eq, tables, type Database } from '@ona/db';
import { MODULES, type TAccessLevel, type TModule } from '@ona/contracts';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD, grantAccess } from './fixtures.ts';
import { authHeader, loginAs, type TestContext } from './test-app.ts';
import { loadAnalysisInput } from '../modules/analysis/analysis-input.ts';
import { splitResult } from '../modules/analysis/result-parts.ts';
import { storeFinishedRun } from '../modules/analysis/run-repository.ts';

/** The default questionnaire of DECISIONS.md (key, category, kind). */
export const DEFAULT_QUESTIONS = [
  ['cooperation', 'work_cooperation', 'cooperation'],
  ['advice', 'work_info', 'advice'],
  ['expertise', 'quality_work_connection', 'expertise'],
  ['personal', 'trust', 'personal'],
  ['news', 'corporate_info', 'corporate_news'],
  ['attention', 'active_info', 'attention'],
  ['opinion', 'opinion', 'opinion'],
  ['idea', 'idea', 'idea'],
  ['values', 'corporate_values', 'values'],
  ['recognition', 'trust', 'recognition'],
  ['feedback', 'work_info', 'feedback'],
  ['development', 'quality_work_connection', 'development'],
  ['sympathy', 'trust', 'sympathy'],
] as const;
type QuestionKey = (typeof DEFAULT_QUESTIONS)[number][0];

/** Every analytics module at one level. */
export function everyModule(level: TAccessLevel): Record<TModule, TAccessLevel> {
  return Object.fromEntries(MODULES.map((m) => [m, level])) as Record<TModule, TAccessLevel>;
}

export type PersonKey = 'ceo' | 'leadA' | 'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6' | 'leadB' | 'b1' | 'b2' | 'b3';

export interface AnalyticsOrganisation {
  orgId: number;
  engagementId: number;
  /** Same organisation, never analysed: every analytics call answers 409 there. */
  unanalysedEngagementId: number;
  otherOrgEngagementId: number;
  people: Record<PersonKey, number>;
  units: { company: number; sales: number; support: number };
  questionIds: Record<QuestionKey, number>;
  tokens: { admin: string; leader: string; member: string; noAccess: string; disabled: string; otherOrg: string };
}

/**
 * A company of twelve: a CEO with two leaders; leader A has six members (a6 never answers),
 * leader B three (b3 never answers), so team A has five respondents and team B two: one group
 * above and one below the privacy minimum of five. Member a1 names the leader on nothing (or
 * every member in `neglecting`, for the tests of what a leader may read about such members).
 */
export async function createAnalyticsOrganisation(db: Database, neglecting: readonly PersonKey[] = ['a1']): Promise<Omit<AnalyticsOrganisation, 'tokens'> & { emails: Record<keyof AnalyticsOrganisation['tokens'], string> }> {
  const org = await createOrganization(db, 'Acme');
  const [engagement] = await db.insert(tables.engagements).values({ organizationId: org.id, name: 'Acme spring 2026', accessFrom: '2026-03-01', accessTill: '2026-03-21', defaultLanguage: 'en' }).returning();
  if (!engagement) throw new Error('no engagement');
  const engagementId = engagement.id;
  const unit = async (name: string, parentId: number | null, position: number) => {
    const [row] = await db.insert(tables.units).values({ engagementId, name, parentId, position }).returning();
    if (!row) throw new Error('no unit');
    return row.id;
  };
  const company = await unit('Company', null, 0);
  const sales = await unit('Sales', company, 1);
  const support = await unit('Support', company, 2);
  const people = {} as Record<PersonKey, number>;
  const addPerson = async (key: PersonKey, unitId: number, leader: PersonKey | null, extra: { generation?: string; entryDate?: string; gender?: string } = {}) => {
    const [row] = await db
      .insert(tables.employees)
      .values({ engagementId, unitId, leaderId: leader ? people[leader] : null, name: `Person ${key}`, email: `${key.toLowerCase()}@acme.test`, ...extra })
      .returning();
    if (!row) throw new Error('no employee');
    people[key] = row.id;
  };
  await addPerson('ceo', company, null, { generation: 'x', entryDate: '2005-01-10', gender: 'f' });
  await addPerson('leadA', sales, 'ceo', { generation: 'y', entryDate: '2015-06-01', gender: 'm' });
  for (const [i, key] of (['a1', 'a2', 'a3', 'a4', 'a5', 'a6'] as const).entries()) await addPerson(key, sales, 'leadA', { generation: i % 2 ? 'z' : 'y', entryDate: `202${i}-02-01` });
  await addPerson('leadB', support, 'ceo', { generation: 'bb', entryDate: '1999-09-09' });
  for (const key of ['b1', 'b2', 'b3'] as const) await addPerson(key, support, 'leadB', { generation: 'x' });

  const questionIds = {} as Record<QuestionKey, number>;
  for (const [position, [key, category, kind]] of DEFAULT_QUESTIONS.entries()) {
    const [row] = await db.insert(tables.questions).values({ engagementId, key, category, kind, position, texts: { en: `Question ${key}`, hu: `Kérdés ${key}` } }).returning();
    if (!row) throw new Error('no question');
    questionIds[key] = row.id;
  }

  const teamA = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'] as const;
  const teamB = ['b1', 'b2', 'b3'] as const;
  const nominations = new Map<string, PersonKey[]>();
  const name = (from: PersonKey, question: QuestionKey, to: PersonKey[]) => nominations.set(`${from}|${question}`, to);
  const memberAnswers = (team: readonly PersonKey[], leader: PersonKey, neglecting: ReadonlySet<PersonKey>) => {
    team.forEach((member, i) => {
      const next = team[(i + 1) % team.length]!;
      const after = team[(i + 2) % team.length]!;
      const boss: PersonKey[] = neglecting.has(member) ? [] : [leader];
      name(member, 'cooperation', [...boss, next, after]);
      name(member, 'advice', [...boss, next]);
      name(member, 'expertise', [...boss, after]);
      name(member, 'personal', i % 2 === 0 ? [...boss, next] : [next]);
      for (const q of ['news', 'attention', 'idea', 'values', 'recognition', 'feedback', 'development'] as const) name(member, q, [...boss]);
      name(member, 'opinion', [next]);
      name(member, 'sympathy', [next, after]);
    });
  };
  memberAnswers(teamA.slice(0, 5), 'leadA', new Set(neglecting));
  memberAnswers(teamB.slice(0, 2), 'leadB', new Set());
  for (const [leader, team] of [['leadA', teamA], ['leadB', teamB]] as const) {
    name(leader, 'cooperation', ['ceo', ...team]);
    name(leader, 'opinion', [...team]);
    name(leader, 'expertise', [...team]);
    name(leader, 'sympathy', team.slice(0, 2));
    name(leader, 'advice', ['ceo']);
    name(leader, 'attention', ['ceo']);
    name(leader, 'recognition', ['ceo']);
  }
  name('ceo', 'cooperation', ['leadA', 'leadB']);
  name('ceo', 'opinion', ['leadA', 'leadB']);
  name('ceo', 'sympathy', ['leadA']);
  const answerRows = [...nominations.entries()].map(([k, to]) => {
    const [from, question] = k.split('|') as [PersonKey, QuestionKey];
    const day = 2 + (people[from] % 3);
    return { engagementId, employeeId: people[from], questionId: questionIds[question], selectedEmployeeIds: to.map((p) => people[p]), answeredAt: new Date(`2026-03-0${day}T10:00:00Z`) };
  });
  await db.insert(tables.answers).values(answerRows);

  const admin = await createUser(db, { email: 'admin@acme.test', organizationIds: [org.id], permissions: ['engagement_admin'] });
  const leader = await createUser(db, { email: 'leada@acme.test', organizationIds: [org.id] });
  const member = await createUser(db, { email: 'a2@acme.test', organizationIds: [org.id] });
  const noAccess = await createUser(db, { email: 'a3@acme.test', organizationIds: [org.id] });
  const disabled = await createUser(db, { email: 'b1@acme.test', organizationIds: [org.id] });
  const link = async (userId: number, person: PersonKey) => db.update(tables.employees).set({ userId }).where(eq(tables.employees.id, people[person]));
  await link(leader.id, 'leadA');
  await link(member.id, 'a2');
  await link(noAccess.id, 'a3');
  await link(disabled.id, 'b1');
  await grantAccess(db, engagementId, admin.id, everyModule('all_access'));
  await grantAccess(db, engagementId, leader.id, everyModule('subtree'));
  await grantAccess(db, engagementId, member.id, everyModule('self_only'));
  await grantAccess(db, engagementId, disabled.id, everyModule('module_disabled'));

  const unanalysed = await createEngagement(db, org.id, 'Acme autumn');
  await grantAccess(db, unanalysed.engagement.id, admin.id, everyModule('all_access'));

  const globex = await createOrganization(db, 'Globex');
  const globexEngagement = await createEngagement(db, globex.id, 'Globex spring');
  const otherAdmin = await createUser(db, { email: 'admin@globex.test', organizationIds: [globex.id], permissions: ['engagement_admin'] });
  await grantAccess(db, globexEngagement.engagement.id, otherAdmin.id, everyModule('all_access'));

  return {
    orgId: org.id,
    engagementId,
    unanalysedEngagementId: unanalysed.engagement.id,
    otherOrgEngagementId: globexEngagement.engagement.id,
    people,
    units: { company, sales, support },
    questionIds,
    emails: { admin: admin.email, leader: leader.email, member: member.email, noAccess: noAccess.email, disabled: disabled.email, otherOrg: otherAdmin.email },
  };
}

/** Runs the analysis through the API and waits for the worker to finish it. */
export async function analyseThroughApi(ctx: TestContext, engagementId: number, adminToken: string): Promise<void> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${engagementId}/run-analysis/`, headers: authHeader(adminToken) });
  if (res.statusCode !== 202) throw new Error(`run-analysis answered ${res.statusCode}: ${res.body}`);
  ctx.app.analysisJobs.wake();
  await ctx.app.analysisJobs.idle();
}

/** Builds the organisation, logs everyone in and runs the analysis once. */
export async function setUpAnalysedOrganisation(ctx: TestContext, neglecting?: readonly PersonKey[]): Promise<AnalyticsOrganisation> {
  const { emails, ...org } = await createAnalyticsOrganisation(ctx.db.db, neglecting);
  const tokens = {} as AnalyticsOrganisation['tokens'];
  for (const [role, email] of Object.entries(emails) as [keyof AnalyticsOrganisation['tokens'], string][]) tokens[role] = await loginAs(ctx.app, email, FIXTURE_PASSWORD);
  await analyseThroughApi(ctx, org.engagementId, tokens.admin);
  return { ...org, tokens };
}

/** GET with a token (and optionally a language). */
export function getAs(ctx: Pick<TestContext, 'app'>, token: string, url: string, locale?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { ...authHeader(token), ...(locale ? { 'accept-language': locale } : {}) } });
}

/**
 * Stores a finished run whose input carries a hand-made 360 block with known values (the
 * fixture's engagement has no leadership items or answers in its tables): every member of a team
 * picks their leader on the first item of each dimension, and leaders pick themselves on every
 * trust item.
 */
export async function storeAnalysisWith360(db: Database, engagementId: number): Promise<void> {
  const input = await loadAnalysisInput(db, engagementId);
  const items = Object.entries(DIMENSIONS_360).flatMap(([dimension, count]) =>
    Array.from({ length: count }, (_, i) => ({ id: `${dimension}-${i + 1}`, dimension: dimension as keyof typeof DIMENSIONS_360 })),
  );
  const nominations = input.employees.flatMap((e) => {
    const own = e.leaderId && e.hasAnswered ? items.filter((item) => item.id.endsWith('-1')).map((item) => ({ itemId: item.id, sourceId: e.id, leaderId: e.leaderId as string })) : [];
    const self = input.employees.some((m) => m.leaderId === e.id) ? items.filter((item) => item.dimension === 'trust').map((item) => ({ itemId: item.id, sourceId: e.id, leaderId: e.id })) : [];
    return [...own, ...self];
  });
  const result = runAnalysis({ ...input, leadership360: { items, nominations: leadershipNominationsByIds(input.employees, items, nominations) } });
  await storeFinishedRun(db, { engagementId }, splitResult(result));
}
