import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_UPLOAD_COLUMNS, SCIM_SCHEMA, ZJourneyDirectorySyncResult, ZJourneyPeopleSource, ZRiskCalibration, type TScimTokenCreated } from '@ona/contracts';
import { and, eq, isNotNull, tables } from '@ona/db';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { multipartFile, workbookBuffer } from '../employees-import/multipart-body.ts';
import { scim, type TScimJson } from '../scim/scim-test-support.ts';
import {
  answerAndAnalyse,
  createJourney,
  day,
  earlierAndOpenJourneys,
  emailOf,
  employeesOf,
  fromDirectory,
  joiners,
  leadId,
  leavers,
  movers,
  nextUnit,
  retired,
  staffId,
  UNITS,
  unitOf,
  unitPathsOf,
} from './directory-journeys-test-support.ts';

/**
 * Issue 30: a directory of 120 people provisioned through SCIM (a CEO, five unit leads, 114 staff),
 * an earlier journey from the directory (answered, analysed, closed) and an open one; then the
 * identity provider moves 25, deactivates 30 (five of them retired) and adds 40.
 */
interface Setup {
  ctx: TestContext;
  token: string;
  scimToken: string;
  organizationId: number;
  /** SCIM ids by external id. */
  ids: Map<string, string>;
  earlier: number;
  open: number;
}

const enterprise = SCIM_SCHEMA.enterpriseUser;

async function provision(s: Pick<Setup, 'ctx' | 'scimToken' | 'ids'>, externalId: string, department: string, manager: string | null): Promise<void> {
  const email = emailOf(externalId);
  const res = await scim(s.ctx, s.scimToken, 'POST', '/Users', {
    schemas: [SCIM_SCHEMA.user, enterprise],
    externalId,
    userName: email,
    displayName: `Person ${externalId}`,
    emails: [{ value: email, type: 'work', primary: true }],
    active: true,
    [enterprise]: { department, ...(manager ? { manager: { value: s.ids.get(manager) } } : {}) },
  });
  expect(res.status, res.body).toBe(201);
  s.ids.set(externalId, (res.json() as TScimJson).id);
}

async function setUp(): Promise<Setup> {
  const ctx = await createTestApp({ minGroupSize: 1 });
  const organization = await createOrganization(ctx.db.db, 'Contoso');
  await createUser(ctx.db.db, { email: 'admin@contoso-hq.test', organizationIds: [organization.id], permissions: ['organization_admin', 'engagement_admin'] });
  const token = await loginAs(ctx.app, 'admin@contoso-hq.test', FIXTURE_PASSWORD);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/organization/scim-tokens/', headers: authHeader(token), payload: { name: 'Entra ID' } });
  const s = { ctx, token, scimToken: (created.json() as TScimTokenCreated).token, organizationId: organization.id, ids: new Map<string, string>(), earlier: 0, open: 0 };
  await provision(s, 'CEO', 'Contoso', null);
  for (const unit of [1, 2, 3, 4, 5]) await provision(s, leadId(unit), UNITS[unit - 1]!, 'CEO');
  for (let n = 0; n < 114; n++) await provision(s, staffId(n), UNITS[unitOf(n) - 1]!, leadId(unitOf(n)));

  return { ...s, ...(await earlierAndOpenJourneys(s)) };
}

describe('journeys from the directory, following SCIM', () => {
  let s: Setup;
  let earlierBefore: Awaited<ReturnType<typeof employeesOf>>;
  beforeAll(async () => {
    s = await setUp();
    earlierBefore = await employeesOf(s, s.earlier);
    for (const n of movers) {
      const res = await scim(s.ctx, s.scimToken, 'PATCH', `/Users/${s.ids.get(staffId(n))}`, {
        schemas: [SCIM_SCHEMA.patchOp],
        Operations: [
          { op: 'Replace', path: `${enterprise}:department`, value: UNITS[nextUnit(n) - 1] },
          { op: 'Replace', path: `${enterprise}:manager`, value: [{ $ref: null, value: s.ids.get(leadId(nextUnit(n))) }] },
        ],
      });
      expect(res.status, res.body).toBe(200);
    }
    for (const n of leavers) {
      const value: Record<string, unknown> = { active: 'False', ...(retired.includes(n) ? { [`${SCIM_SCHEMA.directoryUser}:leaveReason`]: 'retired' } : {}) };
      const res = await scim(s.ctx, s.scimToken, 'PATCH', `/Users/${s.ids.get(staffId(n))}`, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'Replace', value }] });
      expect(res.status, res.body).toBe(200);
    }
    for (const n of joiners) await provision(s, staffId(n), UNITS[2]!, leadId(3));
  }, 600_000);
  afterAll(async () => s.ctx.close());

  it('gave the journey the directory’s people, unit tree and leader lines', async () => {
    const paths = await unitPathsOf(s, s.earlier);
    expect(paths.get('ceo@contoso.test')).toBe('Contoso');
    expect(paths.get('s007@contoso.test')).toBe('Contoso / Unit 3');
    const people = await employeesOf(s, s.earlier);
    const byEmail = new Map(people.map((p) => [p.email, p]));
    expect(byEmail.get('s007@contoso.test')!.leaderId).toBe(byEmail.get('l3@contoso.test')!.id);
    expect(byEmail.get('l3@contoso.test')!.leaderId).toBe(byEmail.get('ceo@contoso.test')!.id);
  });

  it('keeps the closed journey’s picture: nobody moved, left or joined there', async () => {
    expect(await employeesOf(s, s.earlier)).toEqual(earlierBefore);
  });

  it('lets the open journey follow: 40 joiners, 25 movers with their new unit and leader, 30 leavers marked left today', async () => {
    const people = await employeesOf(s, s.open);
    expect(people).toHaveLength(160);
    const byEmail = new Map(people.map((p) => [p.email, p]));
    const paths = await unitPathsOf(s, s.open);
    for (const n of movers) {
      const mover = byEmail.get(`${staffId(n).toLowerCase()}@contoso.test`)!;
      expect(paths.get(mover.email!)).toBe(UNITS[nextUnit(n) - 1]);
      expect(mover.leaderId).toBe(byEmail.get(`${leadId(nextUnit(n)).toLowerCase()}@contoso.test`)!.id);
      expect(mover.leftAt).toBeNull();
    }
    const left = people.filter((p) => p.leftAt !== null);
    expect(left.map((p) => p.email).sort()).toEqual(leavers.map((n) => `${staffId(n).toLowerCase()}@contoso.test`).sort());
    expect(new Set(left.map((p) => p.leftAt))).toEqual(new Set([day(0)]));
    const joiner = byEmail.get('s200@contoso.test')!;
    expect(paths.get('s200@contoso.test')).toBe('Contoso / Unit 3');
    expect(joiner.leaderId).toBe(byEmail.get('l3@contoso.test')!.id);
  });

  it('sends no invitation to the leavers', async () => {
    const res = await s.ctx.app.inject({ method: 'POST', url: `/api/engagements/${s.open}/survey/send-invitation/`, headers: authHeader(s.token), payload: { kind: 'invitation' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sent_count: 130, skipped_count: 0 });
    const participations = await s.ctx.db.db.select().from(tables.surveyParticipations).where(and(eq(tables.surveyParticipations.engagementId, s.open), isNotNull(tables.surveyParticipations.invitedAt)));
    const leftIds = new Set((await employeesOf(s, s.open)).filter((p) => p.leftAt !== null).map((p) => p.id));
    expect(participations.some((p) => leftIds.has(p.employeeId))).toBe(false);
  });

  it('says where the people come from and offers the directory’s units', async () => {
    const res = await s.ctx.app.inject({ method: 'GET', url: `/api/engagements/${s.open}/employees/source/`, headers: authHeader(s.token) });
    const body = ZJourneyPeopleSource.parse(res.json());
    expect(body).toMatchObject({ source: 'directory', units: null, follows_directory: true, directory_people: 130 });
    expect(body.directory_units.find((u) => u.path === 'Contoso')?.people).toBe(130);
    const closed = ZJourneyPeopleSource.parse((await s.ctx.app.inject({ method: 'GET', url: `/api/engagements/${s.earlier}/employees/source/`, headers: authHeader(s.token) })).json());
    expect(closed).toMatchObject({ source: 'directory', follows_directory: false });
  });

  it('counts the 30 leavers in the calibration without manual marking, with the directory’s reasons; a manual mark wins', async () => {
    await answerAndAnalyse(s, s.open);
    const url = `/api/engagements/${s.open}/comparison/calibration/?with=${s.earlier}`;
    const res = await s.ctx.app.inject({ method: 'GET', url, headers: authHeader(s.token) });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZRiskCalibration.parse(res.json());
    expect(body.leavers).toHaveLength(30);
    expect(body.outcomes).toEqual({ stayed: 90, unknown: 25, left: 0, moved: 0, retired: 5 });
    expect(await s.ctx.db.db.select().from(tables.leaverReasons).where(eq(tables.leaverReasons.organizationId, s.organizationId))).toEqual([]);

    const someRetired = body.leavers.find((l) => l.reason === 'retired')!;
    const corrected = await s.ctx.app.inject({ method: 'PUT', url: `/api/engagements/${s.open}/comparison/leavers/${someRetired.employee_id}/?with=${s.earlier}`, headers: authHeader(s.token), payload: { reason: 'left' } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(ZRiskCalibration.parse(corrected.json()).outcomes).toEqual({ stayed: 90, unknown: 25, left: 1, moved: 0, retired: 4 });
  });

  it('takes the chosen unit and everything below it, and refuses a unit the directory lacks in the caller’s language', async () => {
    const journey = await createJourney(s, 'Unit 2 pulse', day(0), day(10));
    const res = await fromDirectory(s, journey, ['contoso / unit 2']);
    expect(res.statusCode, res.body).toBe(200);
    // Lead 2 and unit 2's active staff: 23 at first (1, 6, …, 111), less 6 leavers and 5 movers out, plus 5 movers in from unit 1.
    expect(ZJourneyDirectorySyncResult.parse(res.json())).toMatchObject({ created_count: 1 + 23 - 6 - 5 + 5, unit_count: 2 });
    const unknown = await fromDirectory(s, journey, ['Contoso / Unit 9'], 'hu');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown_directory_unit' });
    expect(JSON.stringify(unknown.json())).toContain('Contoso / Unit 9');
    expect(await employeesOf(s, journey)).toHaveLength(18);
  });

  it('refuses a choice that would take people off an answered journey, changing nothing', async () => {
    const before = await employeesOf(s, s.open);
    const res = await fromDirectory(s, s.open, ['Contoso / Unit 1']);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'employees_have_answers' });
    expect(await employeesOf(s, s.open)).toEqual(before);
  });

  it('lets an employees upload feed the directory, and the open directory journey follows it', async () => {
    const journey = await createJourney(s, 'Upload pulse', day(0), day(10));
    const file = await workbookBuffer({
      employees: [
        [...EMPLOYEE_UPLOAD_COLUMNS],
        ['Person CEO', 'ceo@contoso.test', 'Contoso', null, null, null, null, null],
        ['Person L3', 'l3@contoso.test', 'Unit 3', 'ceo@contoso.test', null, null, null, null],
        ['Ulla Upload', 'ulla@contoso.test', 'Unit 3', 'l3@contoso.test', 'female', 'y', '2024-03-01', 'Analyst'],
      ],
      units: [['name', 'parent'], ['Contoso', null], ['Unit 3', 'Contoso']],
    });
    const { payload, headers } = multipartFile(file);
    const res = await s.ctx.app.inject({ method: 'POST', url: `/api/engagements/${journey}/employees/upload-excel/`, headers: { ...authHeader(s.token), ...headers }, payload });
    expect(res.statusCode, res.body).toBe(200);
    const [ulla] = await s.ctx.db.db.select().from(tables.directoryPeople).where(and(eq(tables.directoryPeople.organizationId, s.organizationId), eq(tables.directoryPeople.email, 'ulla@contoso.test')));
    expect(ulla).toMatchObject({ externalId: 'ulla@contoso.test', displayName: 'Ulla Upload', unitPath: 'Contoso / Unit 3', managerExternalId: 'L3', hireDate: '2024-03-01', jobTitle: 'Analyst', active: true });
    const history = await s.ctx.db.db.select().from(tables.directoryPersonHistory).where(eq(tables.directoryPersonHistory.personId, ulla!.id));
    expect(history.map((h) => h.source)).toEqual(['upload']);
    // The CEO and lead 3 were already so in the directory: nothing of theirs changed.
    const [l3] = await s.ctx.db.db.select().from(tables.directoryPeople).where(and(eq(tables.directoryPeople.organizationId, s.organizationId), eq(tables.directoryPeople.externalId, 'L3')));
    expect(l3!.version).toBe(1);

    const open = new Map((await employeesOf(s, s.open)).map((e) => [e.email, e]));
    expect(open.get('ulla@contoso.test')).toMatchObject({ leaderId: open.get('l3@contoso.test')!.id, leftAt: null, directoryPersonId: ulla!.id });
    expect((await unitPathsOf(s, s.open)).get('ulla@contoso.test')).toBe('Contoso / Unit 3');
    const source = ZJourneyPeopleSource.parse((await s.ctx.app.inject({ method: 'GET', url: `/api/engagements/${journey}/employees/source/`, headers: authHeader(s.token) })).json());
    expect(source).toMatchObject({ source: 'upload', follows_directory: false });
  });

  it('starts the closed journey’s next wave from today’s directory, leavers left out', async () => {
    const res = await s.ctx.app.inject({ method: 'POST', url: `/api/engagements/${s.earlier}/next-wave/`, headers: authHeader(s.token), payload: { name: 'Next wave', access_from: day(1), access_till: day(20) } });
    expect(res.statusCode, res.body).toBe(201);
    const wave = (res.json() as { id: number }).id;
    const people = await employeesOf(s, wave);
    const active = await s.ctx.db.db.select().from(tables.directoryPeople).where(and(eq(tables.directoryPeople.organizationId, s.organizationId), eq(tables.directoryPeople.active, true)));
    expect(people.map((p) => p.email).sort()).toEqual(active.map((p) => p.email).sort());
    expect(people.every((p) => p.leftAt === null && p.directoryPersonId !== null)).toBe(true);
    const source = ZJourneyPeopleSource.parse((await s.ctx.app.inject({ method: 'GET', url: `/api/engagements/${wave}/employees/source/`, headers: authHeader(s.token) })).json());
    expect(source).toMatchObject({ source: 'directory', units: null, follows_directory: true });
  });
});
