import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApiError, TPersonalDataExport, TPersonErasureResult } from '@ona/contracts';
import { and, eq, sql, tables } from '@ona/db';
import { translate } from '../../i18n/translate.ts';
import { partyKey } from '../collaboration-imports/party-keys.ts';
import { readWorkbook } from '../../testing/analysed-app.ts';
import { analyseThroughApi, createAnalyticsOrganisation, everyModule, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import type { TestDatabase } from '../../testing/test-database.ts';

/**
 * Data-subject requests on a directory person (docs/privacy/data-subject-requests.md): the export
 * holds the person's own answers and never who named them; the erasure leaves no trace of their
 * name or e-mail anywhere in the database and changes nothing else in other people's reports.
 */

const NAME = 'Vilma Kertész-Ódor';
const EMAIL = 'vilma.kertesz@acme.test';
/** Every text that identifies her: none may remain in the database after the erasure. */
const IDENTIFYING = [NAME, 'Vilma', 'Kertész-Ódor', EMAIL, 'vilma.kertesz', 'E-4711', 'EMP-4711'];

let ctx: TestContext & { db: TestDatabase };
let org: Omit<AnalyticsOrganisation, 'tokens'>;
let dpo: string;
let engagementAdmin: string;
let vilmaId: number;
let globexPersonId: number;

const db = () => ctx.db.db;
const personUrl = (id: number, rest: string) => `/api/organization/directory/people/${id}/${rest}`;
const get = (token: string, url: string, locale = 'en') => ctx.app.inject({ method: 'GET', url, headers: { ...authHeader(token), 'accept-language': locale } });
const erase = (token: string, id: number, nominations: 'delete' | 'anonymise' = 'anonymise', locale = 'en') =>
  ctx.app.inject({ method: 'POST', url: personUrl(id, 'erasure/'), headers: { ...authHeader(token), 'accept-language': locale }, payload: { nominations } });

async function directoryPerson(organizationId: number, values: { externalId: string; email: string; displayName: string; givenName?: string; familyName?: string; employeeNumber?: string; managerExternalId?: string }) {
  const [row] = await db().insert(tables.directoryPeople).values({ organizationId, userName: values.email, unitPath: 'Company / Sales', ...values }).returning();
  if (!row) throw new Error('no directory person');
  return row.id;
}

/**
 * Everything the database holds, as text: on PostgreSQL the real `pg_dump` of the test database;
 * on the embedded database every row of every table of every schema (PGlite has no pg_dump; its
 * data directory holds pages, where a changed row's old version stays until a vacuum, which is
 * not what a dump or an export of the database shows).
 */
async function databaseDump(): Promise<string> {
  if (ctx.db.url) {
    const { stdout } = await promisify(execFile)('pg_dump', ['--no-owner', '--data-only', ctx.db.url], { maxBuffer: 512 * 1024 * 1024 });
    return stdout;
  }
  const tableRows = await db().execute<{ schema: string; name: string }>(sql`select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  const parts: string[] = [];
  for (const table of tableRows.rows) {
    const rows = await db().execute<{ row: string }>(sql.raw(`select t::text as row from "${table.schema}"."${table.name}" t`));
    parts.push(`-- ${table.schema}.${table.name}`, ...rows.rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/**
 * A JSON answer with the erased name written as its pseudonym, and every list in one order: lists
 * sorted by name put the pseudonym elsewhere, which is the one change an erasure may make.
 */
function withPseudonym(body: string, pseudonym: string): unknown {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, canonical(child)]));
    return value;
  };
  return canonical(JSON.parse(body.split(NAME).join(pseudonym)));
}

beforeAll(async () => {
  ctx = await createTestApp();
  const { emails, ...made } = await createAnalyticsOrganisation(db());
  org = made;
  // Member a4 of team A becomes a person with a real name, a directory entry and a user account.
  await db().update(tables.employees).set({ name: NAME, email: EMAIL, jobTitle: 'Buyer' }).where(eq(tables.employees.id, org.people.a4));
  vilmaId = await directoryPerson(org.orgId, { externalId: 'E-4711', email: EMAIL, displayName: NAME, givenName: 'Vilma', familyName: 'Kertész-Ódor', employeeNumber: 'EMP-4711' });
  const reportId = await directoryPerson(org.orgId, { externalId: 'E-4712', email: 'report@acme.test', displayName: 'Her Report', managerExternalId: 'E-4711' });
  await db().update(tables.employees).set({ directoryPersonId: vilmaId }).where(eq(tables.employees.id, org.people.a4));
  const account = await createUser(db(), { email: EMAIL, name: NAME, organizationIds: [org.orgId] });
  await db().update(tables.employees).set({ userId: account.id }).where(eq(tables.employees.id, org.people.a4));
  // What else carries her: mails to her and about her, a leaver reason, failed sign-ins, a stored HR file.
  await db().insert(tables.emailOutbox).values([
    { organizationId: org.orgId, toAddress: EMAIL, subject: 'Your survey', textBody: `Dear ${NAME}, please answer.` },
    { organizationId: org.orgId, toAddress: 'leada@acme.test', subject: 'Team', textBody: `${NAME} (${EMAIL}) has not answered yet.` },
  ]);
  await db().insert(tables.leaverReasons).values({ organizationId: org.orgId, personKey: EMAIL, reason: 'left' });
  await db().insert(tables.loginFailures).values({ email: EMAIL });
  await db().insert(tables.hrSyncs).values({ organizationId: org.orgId, status: 'applied', source: 'upload', records: [{ externalId: 'E-4711', email: EMAIL, displayName: NAME }], diff: { joiners: [{ name: NAME, email: EMAIL }] } });
  // Her weekly collaboration counts: matched to her directory id, and one kept under her address's keyed hash only.
  const [imported] = await db().insert(tables.collaborationImports).values({ organizationId: org.orgId, source: 'slack', counts: {} }).returning({ id: tables.collaborationImports.id });
  const importId = imported?.id ?? 0;
  const hers = partyKey(ctx.app.collaborationKey, EMAIL);
  const reportKey = partyKey(ctx.app.collaborationKey, 'report@acme.test');
  await db().insert(tables.collaborationWeeklyCounts).values([
    { organizationId: org.orgId, importId, source: 'slack', weekStart: '2026-03-02', fromKey: hers, toKey: reportKey, fromPersonId: vilmaId, toPersonId: reportId, interactions: 3 },
    { organizationId: org.orgId, importId, source: 'message_trace', weekStart: '2026-03-02', fromKey: 'external', toKey: hers, toPersonId: vilmaId, interactions: 2 },
    { organizationId: org.orgId, importId, source: 'calendar', weekStart: '2026-02-23', fromKey: reportKey, toKey: hers, interactions: 4 },
    { organizationId: org.orgId, importId, source: 'slack', weekStart: '2026-03-02', fromKey: reportKey, toKey: 'external', fromPersonId: reportId, interactions: 5 },
  ]);

  const dpoUser = await createUser(db(), { email: 'dpo@acme.test', name: 'Acme DPO', organizationIds: [org.orgId], permissions: ['organization_admin'] });
  await grantAccess(db(), org.engagementId, dpoUser.id, everyModule('all_access'));
  dpo = await loginAs(ctx.app, 'dpo@acme.test', FIXTURE_PASSWORD);
  engagementAdmin = await loginAs(ctx.app, emails.admin, FIXTURE_PASSWORD);
  await analyseThroughApi(ctx, org.engagementId, engagementAdmin);

  const [globexJourney] = await db().select({ organizationId: tables.engagements.organizationId }).from(tables.engagements).where(eq(tables.engagements.id, org.otherOrgEngagementId));
  globexPersonId = await directoryPerson(globexJourney?.organizationId ?? 0, { externalId: 'G-1', email: 'gina@globex.test', displayName: 'Gina Globex' });
}, 240_000);
afterAll(async () => ctx.close());

describe('the personal-data export', () => {
  it('holds her profile, her own nominations and what was computed about her, and never who named her', async () => {
    const res = await get(dpo, personUrl(vilmaId, 'personal-data/'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="personal-data-vilma-kertesz-odor\.json"/);
    const document = res.json<TPersonalDataExport>();
    expect(document.person).toMatchObject({ display_name: NAME, email: EMAIL, given_name: 'Vilma', employee_number: 'EMP-4711' });
    expect(document.user_account).toMatchObject({ name: NAME, email: EMAIL });
    expect(document.journeys).toHaveLength(1);
    const [journey] = document.journeys;
    expect(journey?.employee).toMatchObject({ id: org.people.a4, name: NAME, unit: 'Sales', leader: { id: org.people.leadA, name: 'Person leadA' } });
    // a4 names the leader and the next two of the five answering members on cooperation (the fixture's answers).
    const cooperation = journey?.nominations.find((n) => n.question_key === 'cooperation');
    expect(cooperation?.named.map((p) => p.name)).toEqual(['Person leadA', 'Person a5', 'Person a1']);
    expect(journey?.nominations).toHaveLength(13);
    expect(journey?.computed?.risk_level).toBeTypeOf('number');
    expect(journey?.computed?.metrics.work?.inDegree).toBeGreaterThanOrEqual(2);
    expect(journey?.computed?.individual_report).not.toHaveProperty('received');
    expect(journey?.computed?.individual_report).toHaveProperty('given');
    // a2 and a3 name her; neither they nor their ids may appear as the ones who named her.
    const text = res.body;
    for (const namer of ['Person a2', 'Person a3']) expect(text).not.toContain(namer);
    expect(text).not.toContain('fromIds');
    // Her weekly collaboration counts, per source and week, without naming whom with.
    expect(document.collaboration_weeks).toEqual([
      { source: 'calendar', week_start: '2026-02-23', with_colleagues: 4, with_external: 0 },
      { source: 'message_trace', week_start: '2026-03-02', with_colleagues: 0, with_external: 2 },
      { source: 'slack', week_start: '2026-03-02', with_colleagues: 3, with_external: 0 },
    ]);
  });

  it('is a readable workbook in the reader’s language too, and each export is on record', async () => {
    const res = await get(dpo, personUrl(vilmaId, 'personal-data/export/'), 'hu');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Adatlap', 'Felmérések', 'Saját válaszok', 'Saját 360 válaszok', 'Róla számolt adatok', 'Azonnali kérdőívek', 'Hozzáférési napló', 'Együttműködés']);
    const answers = workbook.getWorksheet('Saját válaszok');
    const cooperationRow = answers?.getRows(2, answers.rowCount - 1)?.find((row) => row.getCell(2).text === 'Question cooperation');
    expect(cooperationRow?.getCell(4).text).toBe('Person leadA, Person a5, Person a1');
    const entries = await db().select().from(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, org.orgId), eq(tables.auditEntries.action, 'personal_data.export')));
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.targetIds.id === vilmaId)).toBe(true);
    // The next export lists the earlier ones as access to her data.
    const again = (await get(dpo, personUrl(vilmaId, 'personal-data/'))).json<TPersonalDataExport>();
    expect(again.access_log.filter((e) => e.action === 'personal_data.export')).toHaveLength(2);
  });

  it('answers 404 for a person of another organisation and 403 below organisation administrator', async () => {
    expect((await get(dpo, personUrl(globexPersonId, 'personal-data/'))).statusCode).toBe(404);
    expect((await get(dpo, personUrl(globexPersonId, 'personal-data/export/'))).statusCode).toBe(404);
    expect((await erase(dpo, globexPersonId)).statusCode).toBe(404);
    expect((await get(engagementAdmin, personUrl(vilmaId, 'personal-data/'))).statusCode).toBe(403);
    expect((await erase(engagementAdmin, vilmaId)).statusCode).toBe(403);
  });
});

describe('the erasure refuses', () => {
  it('a person in a journey that is still open, in every language, and changes nothing', async () => {
    const [open] = await db().insert(tables.engagements).values({ organizationId: org.orgId, name: 'Autumn pulse', accessFrom: '2026-01-01', accessTill: '2099-12-31' }).returning();
    const olgaId = await directoryPerson(org.orgId, { externalId: 'E-9', email: 'olga@acme.test', displayName: 'Olga Open' });
    await db().insert(tables.employees).values({ engagementId: open?.id ?? 0, name: 'Olga Open', email: 'olga@acme.test', directoryPersonId: olgaId });
    for (const locale of ['en', 'hu', 'de', 'ru'] as const) {
      const res = await erase(dpo, olgaId, 'delete', locale);
      expect(res.statusCode).toBe(409);
      expect(res.json<TApiError>()).toMatchObject({ code: 'subject_in_open_journey', detail: translate(locale, 'dataSubject.errors.open_journey', { journeys: 'Autumn pulse' }) });
    }
    const [olga] = await db().select().from(tables.directoryPeople).where(eq(tables.directoryPeople.id, olgaId));
    expect(olga).toMatchObject({ displayName: 'Olga Open', email: 'olga@acme.test', erasedAt: null });
  });

  it('the last administrator', async () => {
    const selfId = await directoryPerson(org.orgId, { externalId: 'E-DPO', email: 'dpo@acme.test', displayName: 'Acme DPO' });
    const res = await erase(dpo, selfId);
    expect(res.statusCode).toBe(409);
    expect(res.json<TApiError>().code).toBe('last_administrator');
    expect((await get(dpo, '/api/organization/directory/people/')).statusCode).toBe(200);
  });
});

describe('after erasing a person', () => {
  let before: Record<string, string>;
  let result: TPersonErasureResult;
  const REPORTS = (id: number) => [`/api/engagements/${id}/leader-reports/`, `/api/engagements/${id}/individual-reports/${org.people.a5}/`, `/api/engagements/${id}/metrics/`, `/api/engagements/${id}/graph-visualization/`, `/api/engagements/${id}/retention-analytics-results/`];

  beforeAll(async () => {
    const dump = await databaseDump();
    // Not vacuous: before the erasure the dump holds every one of them.
    for (const text of IDENTIFYING) expect(dump, text).toContain(text);
    before = {};
    for (const url of REPORTS(org.engagementId)) before[url] = (await get(dpo, url)).body;
    const res = await erase(dpo, vilmaId, 'anonymise');
    expect(res.statusCode, res.body).toBe(200);
    result = res.json<TPersonErasureResult>();
  }, 120_000);

  it('reports what it did under a stable pseudonym', () => {
    expect(result).toMatchObject({ journeys: 1, nominations_deleted: 0, user_account_erased: true });
    expect(result.pseudonym).toMatch(/^Erased person [0-9A-F]{6}$/);
    expect(result.analysis_runs_rewritten).toBe(1);
  });

  it('deletes her weekly collaboration counts, those under her address’s keyed hash too, and keeps the others', async () => {
    expect(result.collaboration_counts_deleted).toBe(3);
    const left = await db().select({ interactions: tables.collaborationWeeklyCounts.interactions }).from(tables.collaborationWeeklyCounts).where(eq(tables.collaborationWeeklyCounts.organizationId, org.orgId));
    expect(left).toEqual([{ interactions: 5 }]);
  });

  it('leaves neither her name nor her e-mail anywhere in the database', async () => {
    const dump = await databaseDump();
    for (const text of IDENTIFYING) expect(dump.includes(text), `the dump still holds "${text}"`).toBe(false);
    expect(dump).toContain(result.pseudonym);
  });

  it('keeps other people’s reports as they were, but for the pseudonym', async () => {
    for (const url of REPORTS(org.engagementId)) {
      const after = await get(dpo, url);
      expect(after.statusCode, url).toBe(200);
      expect(withPseudonym(after.body, result.pseudonym), url).toEqual(withPseudonym(before[url] ?? '', result.pseudonym));
    }
    expect(before[REPORTS(org.engagementId)[3] ?? '']).toContain(NAME);
  });

  it('keeps her place in the directory for the people she managed, and her nominations anonymised', async () => {
    const [report] = await db().select().from(tables.directoryPeople).where(eq(tables.directoryPeople.displayName, 'Her Report'));
    const [erased] = await db().select().from(tables.directoryPeople).where(eq(tables.directoryPeople.id, vilmaId));
    expect(report?.managerExternalId).toBe(erased?.externalId);
    expect(erased).toMatchObject({ displayName: result.pseudonym, active: false, givenName: null, familyName: null, employeeNumber: null });
    const answers = await db().select().from(tables.answers).where(eq(tables.answers.employeeId, org.people.a4));
    expect(answers).toHaveLength(13);
  });

  it('is on record without her name, and cannot happen twice', async () => {
    const [entry] = await db().select().from(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, org.orgId), eq(tables.auditEntries.action, 'person.erasure')));
    expect(entry).toMatchObject({ targetIds: { id: vilmaId }, route: 'POST /api/organization/directory/people/{id}/erasure/' });
    const again = await erase(dpo, vilmaId);
    expect(again.statusCode).toBe(409);
    expect(again.json<TApiError>().code).toBe('already_erased');
    const verify = await ctx.app.inject({ method: 'POST', url: '/api/organization/audit-log/verify/', headers: authHeader(dpo) });
    expect(verify.json<{ whole: boolean }>().whole).toBe(true);
  });

  it('deletes the nominations instead when the administrator chooses so', async () => {
    const boId = await directoryPerson(org.orgId, { externalId: 'E-B1', email: 'b1@acme.test', displayName: 'Person b1' });
    const res = await erase(dpo, boId, 'delete');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPersonErasureResult>().nominations_deleted).toBeGreaterThan(0);
    expect(await db().select().from(tables.answers).where(eq(tables.answers.employeeId, org.people.b1))).toEqual([]);
  });
});
