import { and, desc, eq, sql, tables, type Database } from '@ona/db';

const { analysisRuns } = tables;
export type AnalysisRun = typeof analysisRuns.$inferSelect;

/** A run whose instance stopped sending heartbeats for this long is given to another instance. */
export const STALE_RUN_MS = 2 * 60 * 1000;

export async function enqueueRun(db: Database, engagementId: number, requestedBy: number | null): Promise<AnalysisRun> {
  const [run] = await db.insert(analysisRuns).values({ engagementId, requestedBy, status: 'queued' }).returning();
  if (!run) throw new Error('run insert returned nothing');
  return run;
}

/** Claims the oldest queued run (or one abandoned by a dead instance) for this instance. */
export async function claimNextRun(db: Database, instanceId: string, now: Date): Promise<AnalysisRun | undefined> {
  const staleBefore = new Date(now.getTime() - STALE_RUN_MS);
  const result = await db.execute<{ id: number }>(sql`
    update analysis_runs set status = 'running', claimed_by = ${instanceId}, started_at = ${now}, heartbeat_at = ${now}, progress = 0, step = null
    where id = (
      select id from analysis_runs
      where status = 'queued' or (status = 'running' and heartbeat_at < ${staleBefore})
      order by id
      for update skip locked
      limit 1
    )
    returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) return undefined;
  const [run] = await db.select().from(analysisRuns).where(eq(analysisRuns.id, id));
  return run;
}

/**
 * Tells other instances that this running run is alive, between progress reports too: one step
 * of a large organisation can take longer than STALE_RUN_MS.
 */
export async function beatHeart(db: Database, runId: number): Promise<void> {
  await db.update(analysisRuns).set({ heartbeatAt: new Date() }).where(and(eq(analysisRuns.id, runId), eq(analysisRuns.status, 'running')));
}

/** Only a running run takes progress, so a late write can never undo its completion. */
export async function reportProgress(db: Database, runId: number, progress: number, step: string): Promise<void> {
  await db
    .update(analysisRuns)
    .set({ progress, step, heartbeatAt: new Date() })
    .where(and(eq(analysisRuns.id, runId), eq(analysisRuns.status, 'running')));
}

export async function completeRun(db: Database, runId: number, result: unknown, timings: Record<string, number>): Promise<void> {
  await db
    .update(analysisRuns)
    .set({ status: 'done', progress: 100, step: 'done', result, timings, finishedAt: new Date(), heartbeatAt: new Date() })
    .where(eq(analysisRuns.id, runId));
}

export async function failRun(db: Database, runId: number, error: string): Promise<void> {
  await db.update(analysisRuns).set({ status: 'failed', error, finishedAt: new Date() }).where(eq(analysisRuns.id, runId));
}

/** Runs of an engagement, newest first, without their (large) results. */
export async function listRuns(db: Database, engagementId: number) {
  return db
    .select({
      id: analysisRuns.id,
      status: analysisRuns.status,
      progress: analysisRuns.progress,
      step: analysisRuns.step,
      createdAt: analysisRuns.createdAt,
      startedAt: analysisRuns.startedAt,
      finishedAt: analysisRuns.finishedAt,
      error: analysisRuns.error,
      timings: analysisRuns.timings,
    })
    .from(analysisRuns)
    .where(eq(analysisRuns.engagementId, engagementId))
    .orderBy(desc(analysisRuns.id))
    .limit(50);
}

/** The id of the latest finished run, without its (large) result. */
export async function latestRunId(db: Database, engagementId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: analysisRuns.id })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.engagementId, engagementId), eq(analysisRuns.status, 'done')))
    .orderBy(desc(analysisRuns.id))
    .limit(1);
  return row;
}

export async function latestResult(db: Database, engagementId: number): Promise<{ id: number; finishedAt: Date | null; result: unknown } | undefined> {
  const [row] = await db
    .select({ id: analysisRuns.id, finishedAt: analysisRuns.finishedAt, result: analysisRuns.result })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.engagementId, engagementId), eq(analysisRuns.status, 'done')))
    .orderBy(desc(analysisRuns.id))
    .limit(1);
  return row;
}

/** The result of one finished run of the engagement. */
export async function finishedRunResult(db: Database, engagementId: number, runId: number): Promise<{ id: number; finishedAt: Date | null; result: unknown } | undefined> {
  const [row] = await db
    .select({ id: analysisRuns.id, finishedAt: analysisRuns.finishedAt, result: analysisRuns.result })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.id, runId), eq(analysisRuns.engagementId, engagementId), eq(analysisRuns.status, 'done')));
  return row;
}
