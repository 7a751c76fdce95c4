import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApiError, TApiKeyCreated, THrSync, THrSyncSettings } from '@ona/contracts';
import { and, asc, count, eq, tables } from '@ona/db';
import { multipartFile, workbookBuffer } from '../employees-import/multipart-body.ts';
import { authHeader, type TestContext } from '../../testing/test-app.ts';
import { createTestApp, scimTenant, type TScimTenant } from '../scim/scim-test-support.ts';
import { companyCsv, directoryUnit, employeeId, generateCompany, HR_HEADER, HR_MAPPING, type HrPersonRow } from './hr-company-fixture.ts';

const { directoryPeople: people, directoryPersonHistory: history, hrSyncs } = tables;

let ctx: TestContext;
let acme: TScimTenant;
let globex: TScimTenant;
let acmeKey: string;
const COMPANY = 3_000;
const today = () => new Date().toISOString().slice(0, 10);

const keyHeader = (key: string) => ({ authorization: `Token ${key}` });

async function push(headers: Record<string, string>, file: Buffer, query = '', filename = 'hr.csv') {
  const body = multipartFile(file, { field: 'hr_file', filename, contentType: 'text/csv' });
  const res = await ctx.app.inject({ method: 'POST', url: `/api/organization/directory/hr-syncs/${query}`, headers: { ...headers, ...body.headers }, payload: body.payload });
  return { status: res.statusCode, sync: res.json() as THrSync, error: res.json() as TApiError };
}

const apply = async (token: string, id: number, override = false) => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/organization/directory/hr-syncs/${id}/apply/`, headers: authHeader(token), payload: { override_hold: override } });
  return { status: res.statusCode, sync: res.json() as THrSync, error: res.json() as TApiError };
};

const activeCount = async (organizationId: number) =>
  (await ctx.db.db.select({ n: count() }).from(people).where(and(eq(people.organizationId, organizationId), eq(people.active, true))))[0]?.n;
const syncCount = async (organizationId: number) => (await ctx.db.db.select({ n: count() }).from(hrSyncs).where(eq(hrSyncs.organizationId, organizationId)))[0]?.n;
const sorted = (ids: string[]) => [...ids].sort();

/** This month's file: the company less those who left, with those who moved and joined. */
let thisMonth: HrPersonRow[];

beforeAll(async () => {
  ctx = await createTestApp();
  acme = await scimTenant(ctx, 'Acme');
  globex = await scimTenant(ctx, 'Globex');
  const res = await ctx.app.inject({ method: 'POST', url: '/api/organization/api-keys/', headers: authHeader(acme.adminToken), payload: { name: 'HR push' } });
  acmeKey = (res.json() as TApiKeyCreated).key;
  for (const tenant of [acme, globex]) {
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/organization/directory/hr-sync/settings/', headers: authHeader(tenant.adminToken), payload: { mapping: HR_MAPPING } });
    expect(saved.statusCode).toBe(200);
  }
  thisMonth = generateCompany(COMPANY);
}, 240_000);
afterAll(async () => ctx.close());

describe('HR-file sync of a 3,000-person company', () => {
  it('keeps the column mapping and the guard’s share per organisation', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/organization/directory/hr-sync/settings/', headers: authHeader(acme.adminToken) });
    expect(res.json()).toEqual({ mapping: HR_MAPPING, deactivation_guard_percent: 40 } satisfies THrSyncSettings);
    const twice = await ctx.app.inject({ method: 'PUT', url: '/api/organization/directory/hr-sync/settings/', headers: authHeader(acme.adminToken), payload: { mapping: { ...HR_MAPPING, columns: { ...HR_MAPPING.columns, location: 'Full name' } } } });
    expect(twice.statusCode).toBe(400);
  });

  it('loads the first file pushed with an API key and auto-apply: 3,000 joiners, each with an arrival in the history', async () => {
    const { status, sync } = await push(keyHeader(acmeKey), companyCsv(thisMonth), `?auto_apply=true&organization_id=${acme.organizationId}`);
    expect(status).toBe(201);
    expect(sync).toMatchObject({ status: 'applied', source: 'api', file_name: 'hr.csv', holds: [] });
    expect(sync.diff.counts).toMatchObject({ rows: COMPANY, joiners: COMPANY, movers: 0, leavers: 0, changed: 0, refused: 0, active_before: 0, active_after: COMPANY });
    expect(await activeCount(acme.organizationId)).toBe(COMPANY);
    const [ninth] = await ctx.db.db.select().from(people).where(and(eq(people.organizationId, acme.organizationId), eq(people.externalId, employeeId(9))));
    expect(ninth).toMatchObject({ email: 'person9@company.test', unitPath: 'Company / Division 4 / Team 9', managerExternalId: employeeId(1), hireDate: '2019-01-19', generation: 'Y', gender: 'male', location: 'Debrecen', attributes: { cost_centre: 'CC9' } });
    const arrivals = await ctx.db.db.select({ n: count() }).from(history).where(and(eq(history.organizationId, acme.organizationId), eq(history.source, 'hr_file')));
    expect(arrivals[0]?.n).toBe(COMPANY);
  }, 120_000);

  it('shows the next month’s file as exactly its 40 joiners, 25 movers and 30 leavers, and applies it on confirmation', async () => {
    const leaversMissing = Array.from({ length: 15 }, (_, k) => 2_000 + k * 7);
    const leaversDated = Array.from({ length: 15 }, (_, k) => 2_500 + k * 11);
    const movers = Array.from({ length: 25 }, (_, k) => 1_000 + k * 13);
    const next = generateCompany(COMPANY).filter((_, i) => !leaversMissing.includes(i));
    for (const row of next) {
      const i = Number(row.id.slice(1));
      if (leaversDated.includes(i)) Object.assign(row, { left: '2025-11-30', reason: 'retired' });
      if (movers.includes(i)) row.unit = 'Company > Division 9 > New team';
    }
    const joiners = Array.from({ length: 40 }, (_, k) => ({ ...generateCompany(COMPANY + 40)[COMPANY + k]!, manager: employeeId(3) }));
    next.push(...joiners);

    const { status, sync } = await push(authHeader(acme.adminToken), companyCsv(next, ';'));
    expect(status).toBe(201);
    expect(sync).toMatchObject({ status: 'pending', source: 'upload', holds: [] });
    expect(sync.diff.counts).toEqual({ rows: COMPANY + 40 - 15, joiners: 40, movers: 25, leavers: 30, changed: 0, unchanged: COMPANY - 55, refused: 0, active_before: COMPANY, active_after: COMPANY + 40 - 30 });
    expect(sorted(sync.diff.joiners.map((j) => j.external_id))).toEqual(sorted(joiners.map((j) => j.id)));
    expect(sorted(sync.diff.movers.map((m) => m.external_id))).toEqual(sorted(movers.map(employeeId)));
    expect(sync.diff.movers[0]).toMatchObject({ unit_from: directoryUnit(generateCompany(1_001)[1_000]!.unit), unit_to: 'Company / Division 9 / New team', manager_from: employeeId(124), manager_to: employeeId(124) });
    expect(sorted(sync.diff.leavers.map((l) => l.external_id))).toEqual(sorted([...leaversMissing, ...leaversDated].map(employeeId)));
    expect(sync.diff.leavers.filter((l) => l.missing_from_file).map((l) => l.leave_date)).toEqual(Array(15).fill(today()));
    expect(sync.diff.leavers.filter((l) => !l.missing_from_file).every((l) => l.leave_date === '2025-11-30' && l.leave_reason === 'retired')).toBe(true);
    // Nothing is written before the confirmation.
    expect(await activeCount(acme.organizationId)).toBe(COMPANY);

    const applied = await apply(acme.adminToken, sync.id);
    expect(applied.status).toBe(200);
    expect(applied.sync.status).toBe('applied');
    expect(applied.sync.diff.counts).toEqual(sync.diff.counts);
    expect(await activeCount(acme.organizationId)).toBe(COMPANY + 10);
    const [leaver] = await ctx.db.db.select().from(people).where(and(eq(people.organizationId, acme.organizationId), eq(people.externalId, employeeId(2_500))));
    expect(leaver).toMatchObject({ active: false, leaveDate: '2025-11-30', leaveReason: 'retired' });
    const [mover] = await ctx.db.db.select().from(people).where(and(eq(people.organizationId, acme.organizationId), eq(people.externalId, employeeId(1_000))));
    expect(mover?.unitPath).toBe('Company / Division 9 / New team');
    const moves = await ctx.db.db.select().from(history).where(eq(history.personId, mover!.id)).orderBy(asc(history.id));
    expect(moves.map((h) => [h.unitPath, h.active, h.source])).toEqual([[directoryUnit(generateCompany(1_001)[1_000]!.unit), true, 'hr_file'], ['Company / Division 9 / New team', true, 'hr_file']]);
    // A decided sync is not applied twice.
    expect((await apply(acme.adminToken, sync.id)).error.code).toBe('hr_sync_decided');
    thisMonth = next;
  }, 120_000);

  it('holds a file that would deactivate half the company until an administrator decides', async () => {
    const half = thisMonth.slice(0, Math.floor(thisMonth.length / 2));
    const { status, sync } = await push(keyHeader(acmeKey), companyCsv(half), '?auto_apply=true');
    expect(status).toBe(201);
    expect(sync.status).toBe('held');
    expect(sync.holds.map((h) => h.reason)).toContain('too_many_leavers');
    expect(sync.holds[0]?.message).toMatch(/more than the 40 % allowed/);
    expect(await activeCount(acme.organizationId)).toBe(COMPANY + 10);
    expect((await apply(acme.adminToken, sync.id)).error.code).toBe('hr_sync_held');
    expect(await activeCount(acme.organizationId)).toBe(COMPANY + 10);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/organization/directory/hr-syncs/', headers: authHeader(acme.adminToken) });
    expect((listed.json() as { id: number; status: string }[])[0]).toMatchObject({ id: sync.id, status: 'held' });
    const discarded = await ctx.app.inject({ method: 'POST', url: `/api/organization/directory/hr-syncs/${sync.id}/discard/`, headers: authHeader(acme.adminToken) });
    expect((discarded.json() as THrSync).status).toBe('discarded');
  }, 120_000);

  it('holds a file that empties a unit whose people are in an open journey', async () => {
    const team = thisMonth.filter((r) => r.unit === 'Company > Division 9 > New team' && !r.left);
    const [engagement] = await ctx.db.db.insert(tables.engagements).values({ organizationId: acme.organizationId, name: 'Open wave', accessFrom: '2026-01-01', accessTill: '2999-12-31' }).returning();
    await ctx.db.db.insert(tables.employees).values({ engagementId: engagement!.id, name: team[0]!.name, email: team[0]!.email });
    const ids = new Set(team.map((r) => r.id));
    const { sync } = await push(keyHeader(acmeKey), companyCsv(thisMonth.filter((r) => !ids.has(r.id))), '?auto_apply=true');
    expect(sync.status).toBe('held');
    expect(sync.holds).toEqual([{ reason: 'unit_with_open_journey_emptied', message: expect.stringContaining('Company / Division 9 / New team') }]);
    const overridden = await apply(acme.adminToken, sync.id, true);
    expect(overridden.sync.status).toBe('applied');
    expect(overridden.sync.diff.counts.leavers).toBe(team.length);
  }, 120_000);
});

describe('bad HR files are refused whole, in the caller’s language', () => {
  const small = () => generateCompany(20);
  const refused = async (rows: HrPersonRow[], language = 'en') => {
    const before = [await activeCount(globex.organizationId), await syncCount(globex.organizationId)];
    const res = await push({ ...authHeader(globex.adminToken), 'accept-language': language }, companyCsv(rows));
    expect([await activeCount(globex.organizationId), await syncCount(globex.organizationId)]).toEqual(before);
    return res;
  };

  beforeAll(async () => {
    expect((await push(authHeader(globex.adminToken), companyCsv(small()), '?auto_apply=true')).sync.status).toBe('applied');
  }, 60_000);

  it('a duplicate external id or e-mail', async () => {
    const rows = small();
    rows.push({ ...rows[5]!, email: 'other@company.test' });
    const { status, error } = await refused(rows);
    expect(status).toBe(400);
    expect(error.code).toBe('invalid_hr_file');
    expect(error.detail).toMatch(/Nothing was changed/);
    expect(error.errors).toEqual({ row_22: ['The external id E000005 appears more than once in the file (rows 7, 22).'] });
    const mails = small();
    mails[3] = { ...mails[3]!, email: mails[2]!.email };
    expect((await refused(mails, 'hu')).error.errors).toEqual({ row_5: ['A(z) person2@company.test e-mail-cím többször szerepel a fájlban (4, 5. sor).'] });
  });

  it('a manager cycle and a manager in neither the file nor the directory', async () => {
    const rows = small();
    rows[0] = { ...rows[0]!, manager: employeeId(9) };
    expect((await refused(rows)).error.errors).toEqual({ row_2: ['These people manage each other in a circle: E000000 → E000009 → E000001 → E000000.'] });
    const lost = small();
    lost[4] = { ...lost[4]!, manager: 'E999999' };
    expect((await refused(lost, 'de')).error.errors).toEqual({ row_6: ['Die Führungskraft E999999 ist weder in der Datei noch im Verzeichnis.'] });
  });

  it('a unit path that changes case only, and a leave date before the hire date', async () => {
    const rows = small();
    for (const r of rows) r.unit = r.unit.toUpperCase();
    const { error } = await refused(rows.slice(0, 5).concat(small().slice(5)));
    expect(error.errors?.row_2?.[0]).toBe('The unit COMPANY / DIVISION 0 / TEAM 0 differs from Company / Division 0 / Team 0 only in upper and lower case. Write it the same way everywhere.');
    const early = small();
    early[7] = { ...early[7]!, left: '2001-01-01', reason: 'left' };
    expect((await refused(early, 'ru')).error.errors).toEqual({ row_9: [`Дата увольнения 2001-01-01 раньше даты приёма ${early[7]!.hired}.`] });
  });

  it('an empty file, and a file pushed with another organisation’s key', async () => {
    const empty = await refused([]);
    expect(empty.status).toBe(400);
    expect(empty.error).toMatchObject({ code: 'empty_file', detail: 'The HR file has nobody in it. An empty export is never synced, so nothing was changed.' });
    const before = await syncCount(globex.organizationId);
    const wrong = await push({ ...keyHeader(acmeKey), 'accept-language': 'hu' }, companyCsv(small()), `?auto_apply=true&organization_id=${globex.organizationId}`);
    expect(wrong.status).toBe(403);
    expect(wrong.error).toMatchObject({ code: 'wrong_organization', detail: expect.stringContaining('más szervezethez tartozik') });
    expect(await syncCount(globex.organizationId)).toBe(before);
    const other = await ctx.app.inject({ method: 'GET', url: `/api/organization/directory/hr-syncs/1/`, headers: authHeader(globex.adminToken) });
    expect(other.statusCode).toBe(404);
  });

  it('reads an XLSX export and lists the rows it refuses with the reason, leaving those people as they were', async () => {
    const rows = small();
    const cells = rows.map((r) => [r.id, r.email, r.name, r.unit, r.manager, r.hired, r.left, r.reason, r.generation, r.gender, r.location, r.costCentre]);
    cells[3]![1] = 'not-an-address';
    cells[4]![5] = 'yesterday';
    const xlsx = await workbookBuffer({ People: [HR_HEADER, ...cells] });
    const { status, sync } = await push(authHeader(globex.adminToken), xlsx, '', 'hr.xlsx');
    expect(status).toBe(201);
    expect(sync.diff.counts).toMatchObject({ refused: 2, leavers: 0, joiners: 0 });
    expect(sync.diff.refused).toEqual([
      { row: 5, external_id: employeeId(3), reason: 'bad_email', message: 'not-an-address is not an e-mail address.' },
      { row: 6, external_id: employeeId(4), reason: 'bad_date', message: 'yesterday in the column Hire date is not a date (write YYYY-MM-DD).' },
    ]);
  });

  it('runs two syncs of one organisation one after the other, never interleaved: the second sees what the first applied', async () => {
    const grown = generateCompany(23);
    const [first, second] = await Promise.all([0, 1].map(() => push(authHeader(globex.adminToken), companyCsv(grown), '?auto_apply=true')));
    expect([first!.sync.status, second!.sync.status]).toEqual(['applied', 'applied']);
    expect([first!.sync.diff.counts.joiners, second!.sync.diff.counts.joiners].sort()).toEqual([0, 3]);
    expect(await activeCount(globex.organizationId)).toBe(23);
  });
});
