import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditLogPage, ZAuditVerifyResult, type TAuditEntry } from '@ona/contracts';
import { and, asc, eq, sql, tables } from '@ona/db';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, TEST_SECRETS_KEY, type TestContext } from '../../testing/test-app.ts';
import { auditKeyFrom, GENESIS_HASH } from './audit-chain.ts';
import { AuditBatcher } from './audit-batch.ts';
import { appendAuditEntry, type AuditRecord } from './audit-repository.ts';
import { pruneAuditChain } from './audit-retention.ts';
import { verifyAuditChain } from './audit-verify.ts';

let ctx: TestContext;
let orgId: number;
let otherOrgId: number;
let adminId: number;
let admin: string;
let other: string;
const key = auditKeyFrom(TEST_SECRETS_KEY);

const record = (organizationId: number, occurredAt: Date, extra: Partial<AuditRecord> = {}): AuditRecord => ({
  organizationId, occurredAt, action: 'individual_report.read', outcome: 'success', actorUserId: 1, apiKeyId: null, scimTokenId: null, sessionId: null,
  route: 'GET /api/engagements/{id}/individual-reports/{reportId}/', engagementId: 7, subjectEmployeeId: 42, subjectUserId: null, targetIds: {}, ipAddress: '203.0.113.9', userAgent: 'test', ...extra,
});

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db.db;
  const org = await createOrganization(db, 'Audited Ltd');
  const otherOrg = await createOrganization(db, 'Elsewhere Ltd');
  orgId = org.id;
  otherOrgId = otherOrg.id;
  const user = await createUser(db, { email: 'admin@audited.test', organizationIds: [orgId], permissions: ['organization_admin', 'engagement_admin'] });
  adminId = user.id;
  await createUser(db, { email: 'admin@elsewhere.test', organizationIds: [otherOrgId], permissions: ['organization_admin'] });
  admin = await loginAs(ctx.app, 'admin@audited.test', FIXTURE_PASSWORD);
  other = await loginAs(ctx.app, 'admin@elsewhere.test', FIXTURE_PASSWORD);
});
afterAll(async () => ctx.close());

const entriesOf = (organizationId: number) => ctx.db.db.select().from(tables.auditEntries).where(eq(tables.auditEntries.organizationId, organizationId)).orderBy(asc(tables.auditEntries.seq));
const list = async (token: string, query = '') => ZAuditLogPage.parse((await ctx.app.inject({ method: 'GET', url: `/api/organization/audit-log/${query}`, headers: authHeader(token) })).json());
const verify = async (token: string) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/organization/audit-log/verify/', headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  return ZAuditVerifyResult.parse(res.json());
};

describe('sign-ins, API keys and changes on record', () => {
  it('records a successful sign-in with where it came from, and a wrong password of a known account', async () => {
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'user-agent': 'Audit-Test-Browser/1.0' }, payload: { email: 'admin@audited.test', password: FIXTURE_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'admin@audited.test', password: 'wrong-password' } });
    expect(bad.statusCode).toBe(400);
    const entries = await entriesOf(orgId);
    const success = entries.filter((e) => e.action === 'sign_in.success');
    expect(success.at(-1)).toMatchObject({ actorUserId: adminId, outcome: 'success', userAgent: 'Audit-Test-Browser/1.0', ipAddress: '127.0.0.1', targetIds: { method: 'password' } });
    expect(success.at(-1)?.sessionId).toEqual(expect.any(Number));
    expect(entries.at(-1)).toMatchObject({ action: 'sign_in.failure', outcome: 'failure', actorUserId: adminId });
    // Nothing of the password or e-mail is kept.
    expect(JSON.stringify(entries)).not.toContain('wrong-password');
    expect(JSON.stringify(entries)).not.toContain('admin@audited.test');
  });

  it('records a right password refused all the same (no active membership left) as a failure, with why', async () => {
    const leaver = await createUser(ctx.db.db, { email: 'leaver@audited.test', organizationIds: [orgId], permissions: [] });
    await ctx.db.db.update(tables.memberships).set({ deactivatedAt: new Date() }).where(eq(tables.memberships.userId, leaver.id));
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'leaver@audited.test', password: FIXTURE_PASSWORD } });
    expect(refused.statusCode).toBe(401);
    const entries = await entriesOf(orgId);
    expect(entries.at(-1)).toMatchObject({ action: 'sign_in.failure', outcome: 'failure', actorUserId: leaver.id, targetIds: { method: 'password', reason: 'no_active_membership' } });
  });

  it('records an API key’s creation and every call made with it, in one entry each', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/organization/api-keys/', headers: authHeader(admin), payload: { name: 'SIEM reader' } });
    expect(created.statusCode).toBe(201);
    const { id, key: apiKey } = created.json<{ id: number; key: string }>();
    const before = (await entriesOf(orgId)).length;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/engagements/', headers: authHeader(apiKey) })).statusCode).toBe(200);
    const after = await entriesOf(orgId);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ action: 'api_key.use', apiKeyId: id, actorUserId: adminId, route: 'GET /api/engagements/' });
    expect(after.some((e) => e.action === 'api_key.change')).toBe(true);
    expect(JSON.stringify(after)).not.toContain(apiKey);
  });
});

describe('the administrator’s list and exports', () => {
  it('pages newest first and filters by action, user and subject person; another organisation sees none of it', async () => {
    const db = ctx.db.db;
    for (let i = 0; i < 30; i += 1) await appendAuditEntry(db, key, record(orgId, new Date(), { subjectEmployeeId: i % 3 === 0 ? 99 : 42 }));
    const first = await list(admin, '?page_size=10');
    expect(first.entries).toHaveLength(10);
    expect(first.entries.map((e) => e.seq)).toEqual([...first.entries.map((e) => e.seq)].sort((a, b) => b - a));
    const second = await list(admin, `?page_size=10&before=${first.next_before}`);
    expect(second.entries[0]?.seq).toBe((first.entries.at(-1)?.seq ?? 0) - 1);
    const bySubject = await list(admin, '?subject_employee=99&page_size=200');
    expect(bySubject.entries).toHaveLength(10);
    expect(bySubject.entries.every((e) => e.subject_employee_id === 99)).toBe(true);
    const byAction = await list(admin, '?action=sign_in.failure');
    expect(byAction.entries.length).toBeGreaterThan(0);
    expect(byAction.entries.every((e) => e.action === 'sign_in.failure')).toBe(true);
    const byActor = await list(admin, `?actor=${adminId}&action=api_key.use`);
    expect(byActor.entries.every((e) => e.actor_user_id === adminId)).toBe(true);
    const future = await list(admin, '?from=2999-01-01');
    expect(future.entries).toEqual([]);
    const theirs = await list(other, '?page_size=200');
    expect(theirs.entries.some((e) => e.subject_employee_id === 99)).toBe(false);
  });

  it('refuses bad filters with the error shape and a member without organization_admin', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/organization/audit-log/?action=nonsense&from=yesterday', headers: authHeader(admin) });
    expect(bad.statusCode).toBe(400);
    await createUser(ctx.db.db, { email: 'member@audited.test', organizationIds: [orgId], permissions: [] });
    const member = await loginAs(ctx.app, 'member@audited.test', FIXTURE_PASSWORD);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/organization/audit-log/', headers: authHeader(member) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/organization/audit-log/verify/', headers: authHeader(member) })).statusCode).toBe(403);
  });

  it('exports JSON lines and CSV of the filtered log, oldest first', async () => {
    const jsonl = await ctx.app.inject({ method: 'GET', url: '/api/organization/audit-log/export/?format=jsonl&subject_employee=99', headers: authHeader(admin) });
    expect(jsonl.statusCode).toBe(200);
    expect(jsonl.headers['content-type']).toContain('application/x-ndjson');
    expect(jsonl.headers['content-disposition']).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.jsonl"/);
    const lines = jsonl.body.trim().split('\n').map((line) => JSON.parse(line) as TAuditEntry);
    expect(lines).toHaveLength(10);
    expect(lines.map((l) => l.seq)).toEqual([...lines.map((l) => l.seq)].sort((a, b) => a - b));
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/organization/audit-log/export/?format=csv&action=sign_in.success', headers: authHeader(admin) });
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('seq,occurred_at,action,outcome,actor_user_id,api_key_id,scim_token_id,session_id,route,engagement_id,subject_employee_id,subject_user_id,target_ids,ip_address,user_agent,prev_hash,hash');
    expect(rows.slice(1).every((row) => row.split(',')[2] === 'sign_in.success')).toBe(true);
    // The export itself is on record.
    expect((await entriesOf(orgId)).at(-1)).toMatchObject({ action: 'export.download', route: 'GET /api/organization/audit-log/export/' });
  });

  it('the CSV neutralises a user agent that a spreadsheet would run as a formula (issue 35, point 3)', async () => {
    const agent = '=HYPERLINK("http://evil.example","click")';
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'user-agent': agent }, payload: { email: 'admin@audited.test', password: FIXTURE_PASSWORD } });
    expect(signIn.statusCode).toBe(200);
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/organization/audit-log/export/?format=csv&action=sign_in.success', headers: authHeader(admin) });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parse(csv.body) as string[][];
    const agents = rows.map((row) => row[header!.indexOf('user_agent')]);
    expect(agents).toContain(`'${agent}`);
    expect(agents.filter((text) => text !== undefined && /^[=+\-@\t\r]/.test(text))).toEqual([]);
  });
});

describe('verify', () => {
  it('finds a whole chain whole, through the button and directly', async () => {
    const result = await verify(admin);
    expect(result).toMatchObject({ whole: true, problems: [], first_seq: 1, checkpoint_seq: null });
    expect(result.checked_entries).toBeGreaterThan(30);
  });

  it('finds a changed entry, then a removed one, then one inserted by hand', async () => {
    const db = ctx.db.db;
    const org = await createOrganization(db, 'Tampered Ltd');
    for (let i = 0; i < 6; i += 1) await appendAuditEntry(db, key, record(org.id, new Date()));
    expect((await verifyAuditChain(db, key, org.id)).whole).toBe(true);
    const where = (seq: number) => and(eq(tables.auditEntries.organizationId, org.id), eq(tables.auditEntries.seq, seq));

    // Changed: whose report was read.
    await db.update(tables.auditEntries).set({ subjectEmployeeId: 43 }).where(where(2));
    expect((await verifyAuditChain(db, key, org.id)).problems).toEqual([{ seq: 2, kind: 'hash_mismatch' }]);
    await db.update(tables.auditEntries).set({ subjectEmployeeId: 42 }).where(where(2));
    expect((await verifyAuditChain(db, key, org.id)).whole).toBe(true);

    // Removed: the entry in the middle, and then the last one.
    await db.delete(tables.auditEntries).where(where(4));
    expect((await verifyAuditChain(db, key, org.id)).problems).toEqual([{ seq: 5, kind: 'gap' }]);
    await db.delete(tables.auditEntries).where(where(6));
    expect((await verifyAuditChain(db, key, org.id)).problems).toContainEqual({ seq: 6, kind: 'head_mismatch' });

    // Inserted by hand, even with a plain SHA-256 written in: the chain's key is not in the database.
    const other = await createOrganization(db, 'Inserted Ltd');
    for (let i = 0; i < 3; i += 1) await appendAuditEntry(db, key, record(other.id, new Date()));
    const [second] = await db.select().from(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, other.id), eq(tables.auditEntries.seq, 2)));
    await db.execute(sql`update audit_entries set seq = seq + 1 where organization_id = ${other.id} and seq >= 3`);
    await db.insert(tables.auditEntries).values({ ...record(other.id, new Date(), { subjectEmployeeId: 7 }), seq: 3, prevHash: second?.hash ?? '', hash: 'f'.repeat(64) });
    const inserted = await verifyAuditChain(db, key, other.id);
    expect(inserted.whole).toBe(false);
    expect(inserted.problems).toContainEqual({ seq: 3, kind: 'hash_mismatch' });
  });

  it('keeps one unbroken chain when appends of one organisation race (several connections on PostgreSQL)', async () => {
    const db = ctx.db.db;
    const org = await createOrganization(db, 'Busy Ltd');
    await Promise.all(Array.from({ length: 40 }, () => appendAuditEntry(db, key, record(org.id, new Date()))));
    const entries = await entriesOf(org.id);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(entries[0]?.prevHash).toBe(GENESIS_HASH);
    expect(await verifyAuditChain(db, key, org.id)).toMatchObject({ whole: true, checked_entries: 40 });
  });

  it('appends reads that arrive together in batches: every caller waits for its own entry, and the chains stay whole and in arrival order per organisation', async () => {
    const db = ctx.db.db;
    const [busy, quiet] = [await createOrganization(db, 'Read-heavy Ltd'), await createOrganization(db, 'Read-light Ltd')];
    const batcher = new AuditBatcher(db, key);
    // Interleaved: 120 reads of one organisation (more than one append takes at once on the pool) and 7 of another.
    const appends = Array.from({ length: 127 }, (_, i) => (i % 18 === 5 ? { org: quiet.id, i } : { org: busy.id, i }));
    await Promise.all(appends.map(({ org, i }) => batcher.append(record(org, new Date(), { subjectEmployeeId: i }))));
    for (const org of [busy.id, quiet.id]) {
      const expected = appends.filter((a) => a.org === org).map((a) => a.i);
      const entries = await entriesOf(org);
      expect(entries.map((e) => e.seq)).toEqual(expected.map((_, k) => k + 1));
      expect(entries.map((e) => e.subjectEmployeeId)).toEqual(expected);
      expect(await verifyAuditChain(db, key, org)).toMatchObject({ whole: true, checked_entries: expected.length });
    }
    // Appends one at a time after a batch continue the same chain.
    await appendAuditEntry(db, key, record(quiet.id, new Date()));
    await batcher.append(record(quiet.id, new Date()));
    expect(await verifyAuditChain(db, key, quiet.id)).toMatchObject({ whole: true, checked_entries: 9 });
  });

  it('a batch that cannot be stored fails every caller in it and stores none of its entries', async () => {
    const db = ctx.db.db;
    const org = await createOrganization(db, 'Failing Ltd');
    const batcher = new AuditBatcher(db, key);
    await batcher.append(record(org.id, new Date()));
    // A user agent is stored as text; a NUL byte is refused by the database, failing its whole batch.
    const results = await Promise.allSettled([batcher.append(record(org.id, new Date())), batcher.append(record(org.id, new Date(), { userAgent: 'bad\u0000agent' })), batcher.append(record(org.id, new Date()))]);
    expect(results.map((r) => r.status)).toContain('rejected');
    const stored = await entriesOf(org.id);
    expect(stored.length).toBe(1 + results.filter((r) => r.status === 'fulfilled').length);
    expect(await verifyAuditChain(db, key, org.id)).toMatchObject({ whole: true });
    // The chain goes on after the failure.
    await batcher.append(record(org.id, new Date()));
    expect(await verifyAuditChain(db, key, org.id)).toMatchObject({ whole: true, checked_entries: stored.length + 1 });
  });
});

describe('retention', () => {
  it('removes the oldest whole segment with a signed checkpoint, and verify still passes', async () => {
    const db = ctx.db.db;
    const org = await createOrganization(db, 'Old Ltd');
    const now = new Date('2026-12-01T12:00:00Z');
    const day = 86_400_000;
    // Ten entries three years old, five last month.
    for (let i = 0; i < 10; i += 1) await appendAuditEntry(db, key, record(org.id, new Date(now.getTime() - 3 * 365 * day + i * 1000)));
    for (let i = 0; i < 5; i += 1) await appendAuditEntry(db, key, record(org.id, new Date(now.getTime() - 30 * day + i * 1000)));
    const cutoff = new Date(now.getTime() - 730 * day);
    expect(await pruneAuditChain(db, key, org.id, cutoff, now)).toEqual({ organizationId: org.id, removed: 10, throughSeq: 10 });
    expect((await entriesOf(org.id)).map((e) => e.seq)).toEqual([11, 12, 13, 14, 15]);
    expect(await verifyAuditChain(db, key, org.id)).toMatchObject({ whole: true, checked_entries: 5, checkpoint_seq: 10, first_seq: 11 });
    // A second run finds nothing more to remove; appends go on after the cut.
    expect((await pruneAuditChain(db, key, org.id, cutoff, now)).removed).toBe(0);
    await appendAuditEntry(db, key, record(org.id, now));
    expect((await verifyAuditChain(db, key, org.id)).whole).toBe(true);

    // A checkpoint edited by hand (to hide that more was removed) is not signed by the key.
    await db.delete(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, org.id), eq(tables.auditEntries.seq, 11)));
    const [eleven] = await db.select().from(tables.auditCheckpoints).where(eq(tables.auditCheckpoints.organizationId, org.id));
    expect(eleven).toBeDefined();
    await db.update(tables.auditCheckpoints).set({ throughSeq: 11 }).where(eq(tables.auditCheckpoints.organizationId, org.id));
    expect((await verifyAuditChain(db, key, org.id)).problems).toContainEqual({ seq: 11, kind: 'checkpoint_signature' });
  });
});
