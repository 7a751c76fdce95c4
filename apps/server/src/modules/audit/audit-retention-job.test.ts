import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from 'pg-boss';
import { asc, eq, tables } from '@ona/db';
import { createOrganization } from '../../testing/fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { appendAuditEntry, type AuditRecord } from './audit-repository.ts';
import { verifyAuditChain } from './audit-verify.ts';

/**
 * Audit retention runs on the job engine (docs/audit-log.md): a daily schedule kept in the
 * database, so one run a day however many instances are up; the run cuts each chain's entries
 * past two years in one whole segment with a signed checkpoint, and the chain then verifies whole.
 */

// The engine's and the app's time: later than the machine's, so the scheduled job is due at once.
const clock = new TestClock(new Date('2031-06-01T08:00:00Z'));
let ctx: TestContext & { db: TestDatabase };
let organizationId: number;
const db = () => ctx.db.db;
const DAY = 86_400_000;

const entryAt = (occurredAt: Date): AuditRecord => ({
  organizationId, occurredAt, action: 'individual_report.read', outcome: 'success', actorUserId: null, apiKeyId: null, scimTokenId: null, sessionId: null,
  route: 'GET /api/engagements/{id}/individual-reports/{reportId}/', engagementId: 7, subjectEmployeeId: 42, subjectUserId: null, targetIds: {}, ipAddress: '203.0.113.9', userAgent: 'test',
});
const seqs = async () => (await db().select({ seq: tables.auditEntries.seq }).from(tables.auditEntries).where(eq(tables.auditEntries.organizationId, organizationId)).orderBy(asc(tables.auditEntries.seq))).map((e) => e.seq);
const checkpoints = () => db().select().from(tables.auditCheckpoints).where(eq(tables.auditCheckpoints.organizationId, organizationId));

beforeAll(async () => {
  ctx = await createTestApp({ jobClock: clock });
  organizationId = (await createOrganization(db(), 'Kept Two Years')).id;
  const now = clock.now();
  // Six entries from three years ago to last week, oldest first, as a chain grows.
  for (const daysAgo of [1100, 1000, 800, 731, 700, 7]) await appendAuditEntry(db(), ctx.app.audit.key, entryAt(new Date(now - daysAgo * DAY)));
}, 120_000);
afterAll(async () => ctx.close());

describe('the daily audit retention job', () => {
  it('is scheduled once a day on the job engine, in UTC', async () => {
    expect(await ctx.app.jobs.boss.getSchedule('audit-retention')).toMatchObject({ name: 'audit-retention', cron: '15 2 * * *', timezone: 'UTC' });
  });

  it('cuts the entries past two years as one segment with a signed checkpoint; the chain verifies whole', async () => {
    await ctx.app.jobs.send('audit-retention', {});
    expect(await ctx.app.jobs.drain('audit-retention')).toBe(1);
    expect(await seqs()).toEqual([5, 6]);
    const [checkpoint] = await checkpoints();
    expect(checkpoint).toMatchObject({ throughSeq: 4, removedCount: 4 });
    expect(await verifyAuditChain(db(), ctx.app.audit.key, organizationId)).toMatchObject({ whole: true, checkpoint_seq: 4, first_seq: 5, last_seq: 6, checked_entries: 2 });
  });

  it('a later run cuts only what has aged out since, after the last checkpoint', async () => {
    await ctx.app.jobs.send('audit-retention', {});
    expect(await ctx.app.jobs.drain('audit-retention')).toBe(1);
    expect(await checkpoints()).toHaveLength(1);
    // A month on, the entry of 700 days ago is past two years too.
    await clock.setTime(new Date(clock.now() + 40 * DAY));
    await appendAuditEntry(db(), ctx.app.audit.key, entryAt(new Date(clock.now())));
    await ctx.app.jobs.send('audit-retention', {});
    expect(await ctx.app.jobs.drain('audit-retention')).toBe(1);
    expect(await seqs()).toEqual([6, 7]);
    expect((await checkpoints()).map((c) => [c.throughSeq, c.removedCount]).sort()).toEqual([[4, 4], [5, 1]]);
    expect(await verifyAuditChain(db(), ctx.app.audit.key, organizationId)).toMatchObject({ whole: true, checkpoint_seq: 5, first_seq: 6, last_seq: 7 });
  });
});
