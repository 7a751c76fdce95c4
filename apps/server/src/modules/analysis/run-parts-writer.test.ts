import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, tables } from '@ona/db';
import { createEngagement, createOrganization } from '../../testing/fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { claimRun, completeRun, failRun } from './run-repository.ts';
import { PARTS_PER_SECTION, runPartsWriter, RunTakenOverError } from './run-parts-writer.ts';
import { joinResult, splitSection } from './result-parts.ts';

// A running run's parts stored section by section while the engine goes on (run-parts-writer.ts).
let ctx: TestContext;
let engagementId: number;
const db = () => ctx.db.db;

beforeAll(async () => {
  ctx = await createTestApp();
  const org = await createOrganization(db(), 'Writers');
  engagementId = (await createEngagement(db(), org.id)).engagement.id;
});
afterAll(async () => {
  await ctx.close();
});

const queuedRun = async () => (await db().insert(tables.analysisRuns).values({ engagementId, status: 'queued' }).returning())[0]!;
const storedParts = async (runId: number) =>
  db().select().from(tables.analysisRunParts).where(eq(tables.analysisRunParts.runId, runId)).orderBy(asc(tables.analysisRunParts.position));
const statusOf = async (runId: number) => (await db().select({ status: tables.analysisRuns.status }).from(tables.analysisRuns).where(eq(tables.analysisRuns.id, runId)))[0]?.status;

describe('a run stored section by section', () => {
  it('keeps the result’s key order whatever order the sections come in, and joins back to the whole', async () => {
    const run = await queuedRun();
    const claimed = (await claimRun(db(), run.id, new Date()))!;
    const writer = runPartsWriter(db(), run.id, claimed.startedAt!);
    // The engine's order: the metrics before the employees' list is read, the warnings last.
    writer.add('warnings', splitSection('warnings', ['late']));
    writer.add('employeeIds', splitSection('employeeIds', [11, 12]));
    writer.add('engineVersion', splitSection('engineVersion', 'x'));
    await writer.finish();
    const rows = await storedParts(run.id);
    expect(rows.map((row) => row.path.join('.'))).toEqual(['engineVersion', 'employeeIds', 'warnings']);
    expect(rows.map((row) => row.position)).toEqual([0, PARTS_PER_SECTION, 17 * PARTS_PER_SECTION]);
    expect(JSON.stringify(joinResult(rows.map((row) => ({ path: row.path, page: row.page === -1 ? null : row.page, body: row.body }))))).toBe(
      JSON.stringify({ engineVersion: 'x', employeeIds: [11, 12], warnings: ['late'] }),
    );
    expect(await completeRun(db(), run.id, claimed.startedAt!, {})).toBe(true);
    expect(await statusOf(run.id)).toBe('done');
  });

  it('stops an attempt whose run another instance has claimed since: its parts are dropped, nothing of it is stored, completed or failed', async () => {
    const run = await queuedRun();
    const first = (await claimRun(db(), run.id, new Date(Date.now() - 60_000)))!;
    const writer = runPartsWriter(db(), run.id, first.startedAt!);
    writer.add('engineVersion', splitSection('engineVersion', 'first'));
    await writer.finish();
    expect(await storedParts(run.id)).toHaveLength(1);
    // The stale-run rule gives the job to another instance, whose claim drops the first attempt's parts.
    const second = (await claimRun(db(), run.id, new Date()))!;
    expect(await storedParts(run.id)).toHaveLength(0);
    writer.add('employeeIds', splitSection('employeeIds', [1]));
    await expect(writer.finish()).rejects.toBeInstanceOf(RunTakenOverError);
    expect(await storedParts(run.id)).toHaveLength(0);
    expect(await completeRun(db(), run.id, first.startedAt!, {})).toBe(false);
    await failRun(db(), run.id, 'the first attempt failed', first.startedAt!);
    expect(await statusOf(run.id)).toBe('running');
    // The second attempt goes on as if the first had never been.
    const secondWriter = runPartsWriter(db(), run.id, second.startedAt!);
    secondWriter.add('engineVersion', splitSection('engineVersion', 'second'));
    await secondWriter.finish();
    expect(await completeRun(db(), run.id, second.startedAt!, {})).toBe(true);
    expect((await storedParts(run.id)).map((row) => row.path.join('.'))).toEqual(['engineVersion']);
  });

  it('drops the parts of a run that fails, so a failed run holds no half result', async () => {
    const run = await queuedRun();
    const claimed = (await claimRun(db(), run.id, new Date()))!;
    const writer = runPartsWriter(db(), run.id, claimed.startedAt!);
    writer.add('engineVersion', splitSection('engineVersion', 'x'));
    await writer.finish();
    await failRun(db(), run.id, 'the engine stopped', claimed.startedAt!);
    expect(await statusOf(run.id)).toBe('failed');
    expect(await storedParts(run.id)).toHaveLength(0);
  });
});
