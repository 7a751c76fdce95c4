import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCollaborationImport, TCollaborationSettings } from '@ona/contracts';
import { and, eq, sql, tables } from '@ona/db';
import { generateDemoOrganisation } from '../../demo/generate-demo.ts';
import { createSeededRandom } from '../../demo/seeded-random.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { collaborationNetwork } from './collaboration-network.ts';
import { collaborationTenant, importCount, upload, weeklyCountRows, type CollaborationTenant } from './collaboration-test-support.ts';
import { expireCollaborationCounts } from './collaboration-expiry.ts';
import { calendarIcs, gmailJsonLines, messageTraceCsv, slackExportZip } from '../../demo/collaboration-export-writers.ts';
import { pairKey, planKnownCollaboration, type KnownCollaboration } from './fixtures/known-collaboration.ts';
import { weekStartIn } from './week-start.ts';

let ctx: TestContext;
let demo: CollaborationTenant;
let other: CollaborationTenant;
let known: KnownCollaboration;
const files: { slack: Buffer; trace: string; gmail: string; calendar: string } = { slack: Buffer.alloc(0), trace: '', gmail: '', calendar: '' };
const imported: TCollaborationImport[] = [];

/** Every text of every row of every table, as PostgreSQL prints the row. */
async function wholeDatabaseText(): Promise<string> {
  const tableNames = await ctx.db.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const rows = 'rows' in tableNames ? tableNames.rows : tableNames;
  const texts: string[] = [];
  for (const { table_name: name } of rows as { table_name: string }[]) {
    const dump = await ctx.db.db.execute<{ row: string }>(sql.raw(`select t::text as row from "${name}" t`));
    for (const { row } of ('rows' in dump ? dump.rows : dump) as { row: string }[]) texts.push(row);
  }
  return texts.join('\n');
}

async function networkOf(organizationId: number): Promise<Map<string, number>> {
  const weekOf = weekStartIn('Europe/Budapest');
  const ties = await collaborationNetwork(ctx.db.db, organizationId, { fromWeek: weekOf(known.firstMonday - 7 * 86_400_000), toWeek: weekOf(Date.now()) });
  const people = await ctx.db.db.select({ id: tables.directoryPeople.id, email: tables.directoryPeople.email }).from(tables.directoryPeople).where(eq(tables.directoryPeople.organizationId, organizationId));
  const emailOf = new Map(people.map((p) => [p.id, p.email]));
  return new Map(ties.map((tie) => [pairKey(emailOf.get(tie.a) ?? '', emailOf.get(tie.b) ?? ''), tie.interactions]));
}

beforeAll(async () => {
  ctx = await createTestApp();
  const organisation = generateDemoOrganisation();
  known = planKnownCollaboration(organisation.employees, createSeededRandom(33).fork('collaboration'), Date.now());
  demo = await collaborationTenant(ctx, 'Demo Company', known.directory);
  other = await collaborationTenant(ctx, 'Globex', ['someone@globex.test']);
  files.slack = await slackExportZip(known);
  files.trace = messageTraceCsv(known);
  files.gmail = gmailJsonLines(known);
  files.calendar = calendarIcs(known);
  for (const [source, file] of [['slack', files.slack], ['message_trace', files.trace], ['gmail', files.gmail], ['calendar', files.calendar]] as const) {
    const { status, created } = await upload(ctx, demo.adminToken, source, file);
    expect(status).toBe(201);
    imported.push(created);
  }
}, 240_000);
afterAll(async () => ctx.close());

describe('the demo organisation’s planned collaboration network, from four exports', () => {
  it('computes exactly the planned ties with their planned interactions', async () => {
    const network = await networkOf(demo.organizationId);
    expect(network.size).toBe(known.ties.size);
    expect(network).toEqual(known.ties);
  });

  it('counts what each export held and says why the rest was left out', () => {
    const [slack, trace, gmail, calendar] = imported;
    expect(slack?.counts.left_out).toMatchObject({ channel_broadcast: expect.any(Number), unknown_user: 2 });
    expect(slack?.counts.events_counted).toBeGreaterThan(0);
    expect(trace?.counts.left_out).toMatchObject({ large_mail: 30 });
    expect(trace?.counts.left_out.duplicate ?? 0).toBeGreaterThan(0);
    // Each Gmail message is logged twice (sent, received): the second is a duplicate, counted once.
    expect(gmail?.counts.left_out.duplicate).toBe((gmail?.counts.events_read ?? 0) / 2);
    expect(gmail?.counts.people_unmatched).toBe(1);
    expect(calendar?.counts.left_out).toMatchObject({ large_meeting: 3 });
    for (const one of imported) expect(one.first_week).not.toBeNull();
  });

  it('keeps no subject, message text, file name or unmatched address anywhere in the database', async () => {
    const everything = await wholeDatabaseText();
    expect(everything.length).toBeGreaterThan(0);
    const secrets = [...new Set(known.events.map((e) => e.secret))];
    expect(secrets.length).toBeGreaterThan(500);
    const found = secrets.filter((secret) => everything.includes(secret));
    expect(found).toEqual([]);
    for (const text of ['Confidential fixture text', 'merger', '(agenda)', '.docx', '.pdf', known.newcomer, known.outsider]) expect(everything.includes(text), text).toBe(false);
  });

  it('keeps the newcomer’s interactions under a keyed hash and outsiders as `external`', async () => {
    const rows = await ctx.db.db.select().from(tables.collaborationWeeklyCounts).where(eq(tables.collaborationWeeklyCounts.organizationId, demo.organizationId));
    const external = rows.filter((r) => r.toKey === 'external' || r.fromKey === 'external');
    expect(external.length).toBeGreaterThan(0);
    expect(external.every((r) => (r.toKey === 'external' ? r.toPersonId : r.fromPersonId) === null)).toBe(true);
    const hashed = rows.filter((r) => r.fromPersonId === null && r.fromKey !== 'external');
    expect(hashed.length).toBeGreaterThan(0);
    expect(hashed.every((r) => /^[0-9a-f]{32}$/.test(r.fromKey))).toBe(true);
  });

  it('lists the imports with their counts and records each in the audit log', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/organization/collaboration-imports/', headers: authHeader(demo.adminToken) });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TCollaborationImport[]).map((i) => i.source).sort()).toEqual(['calendar', 'gmail', 'message_trace', 'slack']);
    const entries = await ctx.db.db.select().from(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, demo.organizationId), eq(tables.auditEntries.action, 'collaboration.import')));
    expect(entries.map((e) => e.targetIds.id).sort()).toEqual(imported.map((i) => i.id).sort());
  });

  it('counts a message trace imported again once: its weeks are replaced, the network stays', async () => {
    const before = await weeklyCountRows(ctx, demo.organizationId);
    const { status } = await upload(ctx, demo.adminToken, 'message_trace', files.trace);
    expect(status).toBe(201);
    expect(await weeklyCountRows(ctx, demo.organizationId)).toBe(before);
    expect(await networkOf(demo.organizationId)).toEqual(known.ties);
  });

  it('shows another organisation none of it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/organization/collaboration-imports/', headers: authHeader(other.adminToken) });
    expect(res.json()).toEqual([]);
    expect(await networkOf(other.organizationId)).toEqual(new Map());
  });

  it('keeps the retention and broadcast settings, and the daily run deletes counts past the retention', async () => {
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/organization/collaboration-settings/', headers: authHeader(other.adminToken), payload: { retention_days: 180, max_mail_recipients: 5, max_meeting_size: 6 } satisfies TCollaborationSettings });
    expect(put.statusCode).toBe(200);
    const read = await ctx.app.inject({ method: 'GET', url: '/api/organization/collaboration-settings/', headers: authHeader(demo.adminToken) });
    expect(read.json()).toEqual({ retention_days: 90, max_mail_recipients: 8, max_meeting_size: 10 });
    const refused = await ctx.app.inject({ method: 'PUT', url: '/api/organization/collaboration-settings/', headers: authHeader(demo.adminToken), payload: { retention_days: 30, max_mail_recipients: 8, max_meeting_size: 10 } });
    expect(refused.statusCode).toBe(400);
    const rows = await weeklyCountRows(ctx, demo.organizationId);
    expect(await expireCollaborationCounts(ctx.db.db, new Date().toISOString().slice(0, 10))).toBe(0);
    const inOneYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    expect(await expireCollaborationCounts(ctx.db.db, inOneYear)).toBe(rows);
    expect(await weeklyCountRows(ctx, demo.organizationId)).toBe(0);
    expect(await importCount(ctx, demo.organizationId)).toBe(5);
  });
});
