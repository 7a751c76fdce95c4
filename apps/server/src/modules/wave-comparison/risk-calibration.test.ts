import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRiskCalibration, ZWaveComparison, type TLeaverReason, type TRiskCalibration } from '@ona/contracts';
import { and, eq, tables } from '@ona/db';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { addEarlierWave, type EarlierWave } from '../../testing/wave-fixtures.ts';

/**
 * The fixture's two waves: twelve people then, of whom x1 left (not in the later journey) and
 * eleven stayed. Levels are read from the comparison, so every expected figure follows from them.
 */
interface Setup {
  ctx: TestContext;
  org: AnalyticsOrganisation;
  earlier: EarlierWave;
}

async function setUp(minGroupSize?: number): Promise<Setup> {
  const ctx = await createTestApp(minGroupSize === undefined ? {} : { minGroupSize });
  const org = await setUpAnalysedOrganisation(ctx);
  const earlier = await addEarlierWave(ctx, org);
  return { ctx, org, earlier };
}

const calibrationUrl = (s: Setup, engagementId = s.org.engagementId, withId = s.earlier.engagementId) => `/api/engagements/${engagementId}/comparison/calibration/?with=${withId}`;
const reasonUrl = (s: Setup, employeeId: number, engagementId = s.org.engagementId) => `/api/engagements/${engagementId}/comparison/leavers/${employeeId}/?with=${s.earlier.engagementId}`;

async function calibration(s: Setup, token = s.org.tokens.admin): Promise<TRiskCalibration> {
  const res = await getAs(s.ctx, token, calibrationUrl(s));
  expect(res.statusCode, res.body).toBe(200);
  return ZRiskCalibration.parse(res.json());
}

const putReason = (s: Setup, token: string, employeeId: number, reason: TLeaverReason | string, engagementId?: number) =>
  s.ctx.app.inject({ method: 'PUT', url: reasonUrl(s, employeeId, engagementId), headers: authHeader(token), payload: { reason } });

/** Every earlier person's risk level, from the comparison the calibration reads. */
async function earlierLevels(s: Setup): Promise<Map<string, number>> {
  const res = await getAs(s.ctx, s.org.tokens.admin, `/api/engagements/${s.org.engagementId}/comparison/?with=${s.earlier.engagementId}&page_size=500`);
  const body = ZWaveComparison.parse(res.json());
  return new Map(body.people.flatMap((p) => (p.then ? [[p.name, p.then.risk_level ?? -1] as const] : [])));
}

describe('risk calibration at the privacy minimum of 5', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(async () => s.ctx.close());

  it('lists x1 as the one leaver, reason unknown, and counts the twelve earlier people per level', async () => {
    const body = await calibration(s);
    const levels = await earlierLevels(s);
    expect(body.earlier.name).toBe('Acme autumn 2025');
    expect(body).toMatchObject({ min_group_size: 5, high_risk_level: 3, unknown_counts_as_left: true, base: 12, excluded: 0 });
    expect(body.outcomes).toEqual({ stayed: 11, unknown: 1, left: 0, moved: 0, retired: 0 });
    expect(body.leavers).toEqual([{ employee_id: s.earlier.people.x1, name: 'Person x1', unit_path: ['Company', 'Sales'], risk_level: levels.get('Person x1'), reason: 'unknown' }]);
    for (const level of body.levels) {
      expect(level.people).toBe([...levels.values()].filter((l) => l === level.level).length);
    }
  });

  it('withholds every level, precision and recall resting on fewer than five people, and says so', async () => {
    const body = await calibration(s);
    for (const level of body.levels) {
      expect(level.withheld).toBe(level.base < 5);
      if (level.withheld) expect(level).toMatchObject({ left: null, share_left: null });
      else expect(level.share_left).toBe(level.left! / level.base);
    }
    // One leaver: recall (and the leaver count) always withheld.
    expect(body.prediction).toMatchObject({ left: null, recall: null, recall_withheld: true });
  });

  it('answers 403 to a leader, 404 where a journey is not the caller’s to open (a member of neither, another organisation’s)', async () => {
    expect((await getAs(s.ctx, s.org.tokens.leader, calibrationUrl(s))).statusCode).toBe(403);
    // The member holds no level in the earlier journey: it is not one they may open at all.
    expect((await getAs(s.ctx, s.org.tokens.member, calibrationUrl(s))).statusCode).toBe(404);
    expect((await getAs(s.ctx, s.org.tokens.otherOrg, calibrationUrl(s))).statusCode).toBe(404);
    expect((await getAs(s.ctx, s.org.tokens.admin, calibrationUrl(s, s.org.engagementId, s.org.otherOrgEngagementId))).statusCode).toBe(404);
    expect((await getAs(s.ctx, s.org.tokens.admin, calibrationUrl(s, s.org.otherOrgEngagementId))).statusCode).toBe(404);
    expect((await putReason(s, s.org.tokens.leader, s.earlier.people.x1, 'left')).statusCode).toBe(403);
    expect((await putReason(s, s.org.tokens.otherOrg, s.earlier.people.x1, 'left')).statusCode).toBe(404);
    expect((await putReason(s, s.org.tokens.admin, s.earlier.people.x1, 'left', s.org.otherOrgEngagementId)).statusCode).toBe(404);
  });

  it('stores a reason per organisation and person e-mail, answers the calibration anew, and removes it for unknown', async () => {
    const moved = await putReason(s, s.org.tokens.admin, s.earlier.people.x1, 'moved');
    expect(moved.statusCode, moved.body).toBe(200);
    const body = ZRiskCalibration.parse(moved.json());
    expect(body.leavers[0]!.reason).toBe('moved');
    expect(body).toMatchObject({ base: 11, excluded: 1 });
    expect(body.outcomes).toMatchObject({ unknown: 0, moved: 1 });
    const db = s.ctx.db.db;
    const rows = await db.select().from(tables.leaverReasons).where(eq(tables.leaverReasons.organizationId, s.org.orgId));
    expect(rows.map((r) => [r.personKey, r.reason])).toEqual([['x1@acme.test', 'moved']]);
    expect((await calibration(s)).leavers[0]!.reason).toBe('moved');

    const unknown = ZRiskCalibration.parse((await putReason(s, s.org.tokens.admin, s.earlier.people.x1, 'unknown')).json());
    expect(unknown.leavers[0]!.reason).toBe('unknown');
    expect(await db.select().from(tables.leaverReasons).where(eq(tables.leaverReasons.organizationId, s.org.orgId))).toEqual([]);
  });

  it('never reads another organisation’s reason for the same e-mail', async () => {
    const db = s.ctx.db.db;
    const [other] = await db.select({ organizationId: tables.engagements.organizationId }).from(tables.engagements).where(eq(tables.engagements.id, s.org.otherOrgEngagementId));
    await db.insert(tables.leaverReasons).values({ organizationId: other!.organizationId, personKey: 'x1@acme.test', reason: 'retired' });
    expect((await calibration(s)).leavers[0]!.reason).toBe('unknown');
    await db.delete(tables.leaverReasons).where(and(eq(tables.leaverReasons.organizationId, other!.organizationId), eq(tables.leaverReasons.personKey, 'x1@acme.test')));
  });

  it('refuses a reason for someone who stayed, an unknown reason and an id of no earlier person, storing nothing', async () => {
    const stayed = await putReason(s, s.org.tokens.admin, s.earlier.people.a1, 'left');
    expect(stayed.statusCode).toBe(400);
    expect(stayed.json()).toMatchObject({ code: 'not_a_leaver' });
    const hu = await s.ctx.app.inject({ method: 'PUT', url: reasonUrl(s, s.earlier.people.a1), headers: { ...authHeader(s.org.tokens.admin), 'accept-language': 'hu' }, payload: { reason: 'left' } });
    expect(JSON.stringify(hu.json())).toContain('korábbi');
    expect((await putReason(s, s.org.tokens.admin, s.earlier.people.x1, 'fired')).statusCode).toBe(400);
    expect((await putReason(s, s.org.tokens.admin, 2_000_000, 'left')).statusCode).toBe(400);
    expect(await s.ctx.db.db.select().from(tables.leaverReasons).where(eq(tables.leaverReasons.organizationId, s.org.orgId))).toEqual([]);
  });

  it('adds the calibration sheets to the comparison export for the admin only', async () => {
    const sheetsOf = async (token: string) => {
      const res = await s.ctx.app.inject({ method: 'GET', url: `/api/engagements/${s.org.engagementId}/comparison/export/?with=${s.earlier.engagementId}`, headers: { ...authHeader(token), 'accept-language': 'en' } });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return workbook;
    };
    const admin = await sheetsOf(s.org.tokens.admin);
    expect(admin.worksheets.map((w) => w.name)).toEqual(expect.arrayContaining(['Risk calibration', 'Risk prediction', 'Leaver reasons']));
    const leavers = admin.getWorksheet('Leaver reasons')!;
    expect(leavers.getRow(2).values).toEqual([undefined, 'Person x1', 'Company / Sales', expect.any(Number), 'Unknown']);
    const levels = admin.getWorksheet('Risk calibration')!;
    expect(levels.rowCount).toBe(6);
    const leader = await sheetsOf(s.org.tokens.leader);
    expect(leader.worksheets.map((w) => w.name)).not.toContain('Risk calibration');
  });
});

describe('risk calibration with a privacy minimum of 1', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp(1);
  });
  afterAll(async () => s.ctx.close());

  it('gives precision and recall of "level 3 or 4" with the counts behind them, as the earlier levels say', async () => {
    const levels = await earlierLevels(s);
    const flagged = [...levels.values()].filter((level) => level >= 3).length;
    const x1Flagged = levels.get('Person x1')! >= 3 ? 1 : 0;
    const body = await calibration(s);
    expect(body.min_group_size).toBe(1);
    expect(body.prediction).toMatchObject({ flagged, flagged_left: x1Flagged, left: 1, recall: x1Flagged, recall_withheld: false });
    expect(body.prediction.precision).toBe(flagged === 0 ? null : x1Flagged / flagged);
    const x1Level = body.levels[levels.get('Person x1')!]!;
    expect(x1Level).toMatchObject({ left: 1, withheld: false });
    expect(x1Level.share_left).toBe(1 / x1Level.people);
  });
});
