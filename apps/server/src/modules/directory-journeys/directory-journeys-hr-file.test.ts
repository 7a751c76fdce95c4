import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRiskCalibration, type THrSync } from '@ona/contracts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs } from '../../testing/test-app.ts';
import { multipartFile } from '../employees-import/multipart-body.ts';
import { companyCsv, HR_MAPPING, type HrPersonRow } from '../hr-sync/hr-company-fixture.ts';
import {
  answerAndAnalyse,
  earlierAndOpenJourneys,
  emailOf,
  employeesOf,
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
  type TAdminSession,
} from './directory-journeys-test-support.ts';

/**
 * Issue 30 through the HR file instead of SCIM: the company of directory-journeys.test.ts arrives
 * as the HR system's export, journeys start from the directory, and next month's file (25 movers,
 * 30 leavers of whom 5 retired with a termination date, 40 joiners) is confirmed on its diff. The
 * open journey follows it, the closed one keeps its picture, and the calibration counts the 30
 * leavers with nobody marking them by hand.
 */

const RETIRED_ON = '2026-11-30';

function row(externalId: string, unit: string, manager: string | null): HrPersonRow {
  return {
    id: externalId,
    email: emailOf(externalId),
    name: `Person ${externalId}`,
    unit: unit.replace(/ \/ /g, ' > '),
    manager: manager ?? '',
    hired: '2020-01-15',
    left: '',
    reason: '',
    generation: 'Y',
    gender: 'female',
    location: 'Budapest',
    costCentre: 'CC1',
  };
}

const lastMonth = (): HrPersonRow[] => [
  row('CEO', 'Contoso', null),
  ...[1, 2, 3, 4, 5].map((unit) => row(leadId(unit), UNITS[unit - 1]!, 'CEO')),
  ...Array.from({ length: 114 }, (_, n) => row(staffId(n), UNITS[unitOf(n) - 1]!, leadId(unitOf(n)))),
];

/** Movers in their next unit under its lead; retirees with a termination date; the other leavers missing; joiners in unit 3. */
function thisMonth(): HrPersonRow[] {
  const rows = lastMonth().flatMap((r) => {
    const n = r.id.startsWith('S') ? Number(r.id.slice(1)) : -1;
    if (movers.includes(n)) return [{ ...r, unit: UNITS[nextUnit(n) - 1]!.replace(/ \/ /g, ' > '), manager: leadId(nextUnit(n)) }];
    if (retired.includes(n)) return [{ ...r, left: RETIRED_ON, reason: 'retired' }];
    if (leavers.includes(n)) return [];
    return [r];
  });
  return [...rows, ...joiners.map((n) => row(staffId(n), UNITS[2]!, leadId(3)))];
}

let s: TAdminSession;
let earlier: number;
let open: number;
let earlierBefore: Awaited<ReturnType<typeof employeesOf>>;

async function syncFile(rows: HrPersonRow[]): Promise<THrSync> {
  const body = multipartFile(companyCsv(rows), { field: 'hr_file', filename: 'hr.csv', contentType: 'text/csv' });
  const pushed = await s.ctx.app.inject({ method: 'POST', url: '/api/organization/directory/hr-syncs/', headers: { ...authHeader(s.token), ...body.headers }, payload: body.payload });
  expect(pushed.statusCode, pushed.body).toBe(201);
  const sync = pushed.json() as THrSync;
  expect(sync.status).toBe('pending');
  const applied = await s.ctx.app.inject({ method: 'POST', url: `/api/organization/directory/hr-syncs/${sync.id}/apply/`, headers: authHeader(s.token), payload: { override_hold: false } });
  expect(applied.statusCode, applied.body).toBe(200);
  return applied.json() as THrSync;
}

beforeAll(async () => {
  const ctx = await createTestApp({ minGroupSize: 1 });
  const organization = await createOrganization(ctx.db.db, 'Contoso');
  await createUser(ctx.db.db, { email: 'admin@contoso-hq.test', organizationIds: [organization.id], permissions: ['organization_admin', 'engagement_admin'] });
  s = { ctx, token: await loginAs(ctx.app, 'admin@contoso-hq.test', FIXTURE_PASSWORD) };
  const mapped = await ctx.app.inject({ method: 'PUT', url: '/api/organization/directory/hr-sync/settings/', headers: authHeader(s.token), payload: { mapping: HR_MAPPING } });
  expect(mapped.statusCode, mapped.body).toBe(200);
  expect((await syncFile(lastMonth())).diff.counts).toMatchObject({ joiners: 120, active_after: 120 });
  ({ earlier, open } = await earlierAndOpenJourneys(s));
  earlierBefore = await employeesOf(s, earlier);
});
afterAll(async () => s?.ctx.close());

describe('journeys from the directory, following the HR file', () => {
  it('confirms next month’s file as exactly its 40 joiners, 25 movers and 30 leavers', async () => {
    const sync = await syncFile(thisMonth());
    expect(sync.diff.counts).toMatchObject({ joiners: 40, movers: 25, leavers: 30, refused: 0, active_before: 120, active_after: 130 });
  });

  it('keeps the closed journey’s picture: nobody moved, left or joined there', async () => {
    expect(await employeesOf(s, earlier)).toEqual(earlierBefore);
  });

  it('lets the open journey follow: joiners in, movers under their new unit and leader, leavers marked as left', async () => {
    const people = await employeesOf(s, open);
    expect(people).toHaveLength(160);
    const byEmail = new Map(people.map((p) => [p.email, p]));
    const paths = await unitPathsOf(s, open);
    for (const n of movers) {
      const mover = byEmail.get(emailOf(staffId(n)))!;
      expect(paths.get(mover.email!)).toBe(UNITS[nextUnit(n) - 1]);
      expect(mover.leaderId).toBe(byEmail.get(emailOf(leadId(nextUnit(n))))!.id);
      expect(mover.leftAt).toBeNull();
    }
    const left = people.filter((p) => p.leftAt !== null);
    expect(left.map((p) => p.email).sort()).toEqual(leavers.map((n) => emailOf(staffId(n))).sort());
    const joiner = byEmail.get(emailOf(staffId(joiners[0]!)))!;
    expect(paths.get(joiner.email!)).toBe(UNITS[2]);
    expect(joiner.leaderId).toBe(byEmail.get(emailOf(leadId(3)))!.id);
  });

  it('counts the 30 leavers in the calibration without manual marking, the retirees with the file’s reason', async () => {
    await answerAndAnalyse(s, open);
    const res = await s.ctx.app.inject({ method: 'GET', url: `/api/engagements/${open}/comparison/calibration/?with=${earlier}`, headers: authHeader(s.token) });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZRiskCalibration.parse(res.json());
    expect(body.leavers).toHaveLength(30);
    expect(body.outcomes).toEqual({ stayed: 90, unknown: 25, left: 0, moved: 0, retired: 5 });
  });
});
