import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareWaves } from '@ona/analytics';
import { and, asc, eq, isNotNull, tables, type DbHandle } from '@ona/db';
import type { AuthContext } from '../plugins/auth.ts';
import { loadComparisonSides } from '../modules/wave-comparison/comparison-sides.ts';
import { acceptTerms, participationCounts } from '../modules/survey/repository.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { DEMO_LEADER_CODE } from './analyse-demo.ts';
import { isDemoLoaded } from './load-demo.ts';
import { loadStandardDemo } from './standard-demo.ts';
import { DEFAULT_EFFECTIVE_SIGN_IN_POLICY } from '../modules/sessions/sign-in-policy.ts';

let db: DbHandle;
beforeAll(async () => {
  db = await createTestDatabase();
  await loadStandardDemo(db.db, '2026-11-22');
});
afterAll(async () => db.close());

describe('the standard demo, loaded into a database', () => {
  it('holds two organisations, the three logins and the analysed finished engagements (two waves of the company)', async () => {
    expect(await isDemoLoaded(db.db)).toBe(true);
    const orgs = await db.db.select().from(tables.organizations);
    expect(orgs).toHaveLength(2);
    const users = await db.db.select().from(tables.users);
    expect(users.map((u) => u.email).sort()).toEqual(['admin@example.com', 'employee@example.com', 'leader@example.com']);
    const runs = await db.db.select().from(tables.analysisRuns).where(eq(tables.analysisRuns.status, 'done'));
    expect(runs.length).toBe(3);
  });

  it('analyses the earlier wave first and links the spring survey to it as its next wave', async () => {
    const journeys = await db.db.select().from(tables.engagements).orderBy(asc(tables.engagements.id));
    const spring = journeys.find((j) => j.name.endsWith('spring'))!;
    const earlier = journeys.find((j) => j.name === 'Engagement survey 2025 autumn')!;
    expect(spring.previousEngagementId).toBe(earlier.id);
    // The earlier wave comes after the others in id order: their ids are those they had before it.
    expect(earlier.id).toBeGreaterThan(spring.id);
    const runs = await db.db.select().from(tables.analysisRuns).orderBy(asc(tables.analysisRuns.id));
    expect(runs.map((r) => r.engagementId).indexOf(earlier.id)).toBeLessThan(runs.map((r) => r.engagementId).indexOf(spring.id));
  });

  it('shows realistic change between the waves: people who left (some at risk 3–4 then, not all), joiners, a split team', async () => {
    const journeys = await db.db.select().from(tables.engagements);
    const spring = journeys.find((j) => j.name.endsWith('spring'))!;
    const earlier = journeys.find((j) => j.name === 'Engagement survey 2025 autumn')!;
    const [admin] = await db.db.select().from(tables.users).where(eq(tables.users.email, 'admin@example.com'));
    const auth: AuthContext = { user: admin!, tokenId: null, apiKeyId: null, organizationId: spring.organizationId, organizationName: '', organizationLanguage: 'en', permissions: ['engagement_admin'], availableOrganizations: [], signInPolicy: DEFAULT_EFFECTIVE_SIGN_IN_POLICY };
    const sides = await loadComparisonSides(db.db, auth, spring.id, earlier.id, 'retention_analytics', 'en');
    const comparison = compareWaves(sides.then.snapshot, sides.now.snapshot);
    const count = (status: string) => comparison.people.filter((p) => p.status === status).length;
    expect({ left: count('left'), unmatched: count('unmatched') }).toEqual({ left: 16, unmatched: 0 });
    expect(count('joined')).toBeGreaterThan(5);
    const leaverLevels = comparison.people.filter((p) => p.status === 'left').map((p) => p.then!.riskLevel);
    expect(leaverLevels.filter((level) => level >= 3).length).toBeGreaterThanOrEqual(3);
    expect(leaverLevels.filter((level) => level < 3).length).toBeGreaterThanOrEqual(3);
    expect(comparison.units.filter((u) => u.status !== 'matched').map((u) => u.status)).toEqual(['new']);
    const work = comparison.networks.find((n) => n.key === 'work')!.ties;
    // Rewired, not redrawn: most work ties of people who stayed are kept.
    expect(work.kept / work.then).toBeGreaterThan(0.5);
    expect(work.lostWithLeavers).toBeGreaterThan(0);
  });

  it('gives the demo leader the authorization code DEMOLEAD', async () => {
    const [leader] = await db.db.select().from(tables.users).where(eq(tables.users.email, 'leader@example.com'));
    const codes = await db.db
      .select({ code: tables.leaderReportCodes.code })
      .from(tables.leaderReportCodes)
      .innerJoin(tables.employees, eq(tables.employees.id, tables.leaderReportCodes.leaderEmployeeId))
      .where(and(eq(tables.employees.userId, leader?.id ?? 0)));
    expect(codes.map((c) => c.code)).toContain(DEMO_LEADER_CODE);
  });

  it('loads the 360 block of the finished engagement: 33 items and every finished respondent’s answers', async () => {
    const items = await db.db.select().from(tables.leadershipItems);
    expect(items).toHaveLength(33);
    const engagementId = items[0]?.engagementId ?? 0;
    expect(items.every((item) => item.engagementId === engagementId)).toBe(true);
    const perDimension: Record<string, number> = {};
    for (const item of items) perDimension[item.dimension] = (perDimension[item.dimension] ?? 0) + 1;
    expect(perDimension).toEqual({ trust: 5, respect: 5, openness: 3, improvement: 7, communication: 5, problem_solving: 6, connection_with_leader: 2 });
    expect(items.every((item) => item.texts.en.startsWith('Which leaders') && item.texts.hu && item.texts.de && item.texts.ru)).toBe(true);
    const finished = await db.db.select().from(tables.surveyParticipations).where(and(eq(tables.surveyParticipations.engagementId, engagementId), isNotNull(tables.surveyParticipations.finishedAt)));
    const answers = await db.db.select().from(tables.leadershipAnswers).where(eq(tables.leadershipAnswers.engagementId, engagementId));
    expect(answers).toHaveLength(finished.length * 33);
    const employees = new Set((await db.db.select({ id: tables.employees.id }).from(tables.employees).where(eq(tables.employees.engagementId, engagementId))).map((e) => e.id));
    expect(answers.some((a) => a.selectedLeaderIds.length > 0)).toBe(true);
    expect(answers.every((a) => a.selectedLeaderIds.length <= 3 && a.selectedLeaderIds.every((id) => employees.has(id)))).toBe(true);
  });

  it('keeps the company’s directory as its HR system would: the latest journey’s people active, those who left since an earlier one leavers with a date and a reason where the demo has one', async () => {
    const [company] = await db.db.select().from(tables.organizations).orderBy(asc(tables.organizations.id)).limit(1);
    const journeys = await db.db.select().from(tables.engagements).where(eq(tables.engagements.organizationId, company?.id ?? 0)).orderBy(asc(tables.engagements.accessFrom));
    const emailsOf = async (journeyId: number) => new Set((await db.db.select({ email: tables.employees.email }).from(tables.employees).where(eq(tables.employees.engagementId, journeyId))).map((e) => e.email?.toLowerCase()));
    const latest = await emailsOf(journeys.at(-1)?.id ?? 0);
    const earlier = new Set<string | undefined>();
    for (const journey of journeys.slice(0, -1)) for (const email of await emailsOf(journey.id)) if (!latest.has(email)) earlier.add(email);
    const people = await db.db.select().from(tables.directoryPeople).where(eq(tables.directoryPeople.organizationId, company?.id ?? 0));
    const active = people.filter((p) => p.active);
    const leavers = people.filter((p) => !p.active);
    expect(new Set(active.map((p) => p.email.toLowerCase()))).toEqual(latest);
    expect(new Set(leavers.map((p) => p.email.toLowerCase()))).toEqual(earlier);
    expect(leavers.length).toBeGreaterThan(5);
    const latestStart = journeys.at(-1)?.accessFrom ?? '';
    expect(leavers.every((p) => p.leaveDate !== null && p.leaveDate < latestStart)).toBe(true);
    expect(leavers.some((p) => p.leaveReason !== null)).toBe(true);
    // Managers are people of the directory, units are paths from the company down.
    const externalIds = new Set(people.map((p) => p.externalId));
    expect(active.filter((p) => p.managerExternalId !== null).every((p) => externalIds.has(p.managerExternalId ?? ''))).toBe(true);
    expect(active.filter((p) => p.managerExternalId === null)).toHaveLength(1);
    const top = active.find((p) => p.managerExternalId === null)?.unitPath ?? '';
    expect(top).not.toBe('');
    expect(active.every((p) => p.unitPath === top || (p.unitPath ?? '').startsWith(`${top} / `))).toBe(true);
  });

  it('links the demo employee to an employee record in both engagements of the company', async () => {
    const [employee] = await db.db.select().from(tables.users).where(eq(tables.users.email, 'employee@example.com'));
    const records = await db.db.select().from(tables.employees).where(eq(tables.employees.userId, employee?.id ?? 0));
    expect(records).toHaveLength(2);
  });

  it('invited every participant of each journey, so no overview starts more people than it invited, even once the demo logins start the open survey', async () => {
    const engagements = await db.db.select().from(tables.engagements);
    const open = engagements.find((e) => e.name.includes('autumn'));
    expect(open).toBeDefined();
    // The demo employee and leader are who a visitor signs in as; the open survey waits for them.
    const logins = await db.db
      .select({ id: tables.employees.id })
      .from(tables.employees)
      .innerJoin(tables.users, eq(tables.users.id, tables.employees.userId))
      .where(eq(tables.employees.engagementId, open?.id ?? 0));
    expect(logins.length).toBeGreaterThanOrEqual(2);
    for (const login of logins) await acceptTerms(db.db, open?.id ?? 0, login.id, new Date('2026-11-22T10:00:00Z'));
    for (const engagement of engagements) {
      const counts = await participationCounts(db.db, engagement.id);
      expect(counts.accepted, engagement.name).toBeLessThanOrEqual(counts.invited);
      expect(counts.finished, engagement.name).toBeLessThanOrEqual(counts.accepted);
    }
    // The open journey asked everyone employed; none of them had been left out of the invitation.
    const openCounts = await participationCounts(db.db, open?.id ?? 0);
    expect(openCounts.invited).toBe(openCounts.participants);
  });
});
