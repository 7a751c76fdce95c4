import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, sql, tables, type Database } from '@ona/db';
import type { ResultPart } from './result-parts.ts';
import { deleteRunParts, insertRunParts } from './run-parts-repository.ts';

const { analysisRuns } = tables;
export type AnalysisRun = typeof analysisRuns.$inferSelect;

/**
 * Stores a queued run and its job in one transaction: a run never waits without a job to work it,
 * and a job never points at a run that was not stored.
 */
export async function enqueueRun(app: FastifyInstance, engagementId: number, requestedBy: number | null, tx?: Database): Promise<AnalysisRun> {
  if (!tx) return app.db.transaction((own) => enqueueRun(app, engagementId, requestedBy, own));
  const [run] = await tx.insert(analysisRuns).values({ engagementId, requestedBy, status: 'queued' }).returning();
  if (!run) throw new Error('run insert returned nothing');
  await app.jobs.send('analysis-run', { runId: run.id }, { tx });
  return run;
}

/**
 * Marks the run as running for the job that claimed it, and drops any parts an earlier attempt
 * stored (an instance that died mid-run, or one this claim takes the run from: run-parts-writer.ts).
 * A run still `running` is one whose instance died (the engine gave its job to this one); a
 * finished run is left alone. The returned row's `startedAt` names this attempt: the parts it
 * stores, its completion and its failure are refused once another attempt has claimed the run.
 */
export async function claimRun(db: Database, runId: number, now: Date): Promise<AnalysisRun | undefined> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .update(analysisRuns)
      .set({ status: 'running', startedAt: now, heartbeatAt: now, progress: 0, step: null })
      .where(and(eq(analysisRuns.id, runId), inArray(analysisRuns.status, ['queued', 'running'])))
      .returning();
    if (run) await deleteRunParts(tx, runId);
    return run;
  });
}

/** The condition of a run still worked by the attempt that claimed it at `attempt` (claimRun). */
export const isAttempt = (runId: number, attempt: Date) => and(eq(analysisRuns.id, runId), eq(analysisRuns.status, 'running'), eq(analysisRuns.startedAt, attempt));

/** Only a running run takes progress, so a late write can never undo its completion. */
export async function reportProgress(db: Database, runId: number, progress: number, step: string): Promise<void> {
  await db
    .update(analysisRuns)
    .set({ progress, step, heartbeatAt: new Date() })
    .where(and(eq(analysisRuns.id, runId), eq(analysisRuns.status, 'running')));
}

/**
 * Marks the run done, in the caller's transaction, its parts already stored by this attempt
 * (run-parts-writer.ts): a reader sees a run only once it is done, so never one half written
 * (docs/analysis-result-parts.md); an instance that dies before the commit leaves the run running
 * and the retried job claims it anew (dropping these parts). Only this attempt's running run is
 * completed: of two instances that both worked a run (the stale-run rule), the one whose claim
 * came first finds the run taken over and stores nothing. Answers whether it completed the run.
 */
export async function completeRun(db: Database, runId: number, attempt: Date, timings: Record<string, number>): Promise<boolean> {
  const done = await db
    .update(analysisRuns)
    .set({ status: 'done', progress: 100, step: 'done', result: null, timings, finishedAt: new Date(), heartbeatAt: new Date() })
    .where(isAttempt(runId, attempt))
    .returning({ id: analysisRuns.id });
  return done.length > 0;
}

/**
 * Stores a run that was analysed in this process (the demo at start-up, test fixtures) as done,
 * with its result in parts, in one transaction: the same rows a worker's completion leaves.
 */
export async function storeFinishedRun(db: Database, run: Omit<typeof analysisRuns.$inferInsert, 'status' | 'result'>, parts: readonly ResultPart[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [stored] = await tx.insert(analysisRuns).values({ progress: 100, step: 'done', finishedAt: new Date(), ...run, status: 'done' }).returning({ id: analysisRuns.id });
    if (!stored) throw new Error('run insert returned nothing');
    await insertRunParts(tx, stored.id, parts);
    return stored.id;
  });
}

/**
 * Marks the run failed with the error to show, and drops the parts it had stored; with `attempt`,
 * only while that attempt still works it (a run another instance took over is that one's to finish).
 */
export async function failRun(db: Database, runId: number, error: string, attempt?: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(analysisRuns)
      .set({ status: 'failed', error, finishedAt: new Date() })
      .where(attempt ? isAttempt(runId, attempt) : eq(analysisRuns.id, runId))
      .returning({ id: analysisRuns.id });
    if (failed.length > 0) await deleteRunParts(tx, runId);
  });
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

/**
 * The version of a run's row: PostgreSQL's `xmin`, the transaction that last wrote it. A finished
 * run is written again only when an erasure or retention rewrites the names in its result, so a
 * parsed copy kept under (id, version) is never read after such a rewrite, on any instance.
 */
export const runRowVersion = sql<string>`${analysisRuns}.xmin::text`;

/** The id of the latest finished run (and its row version), without its (large) result. */
export async function latestRunId(db: Database, engagementId: number): Promise<{ id: number; version: string } | undefined> {
  const [row] = await db
    .select({ id: analysisRuns.id, version: runRowVersion })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.engagementId, engagementId), eq(analysisRuns.status, 'done')))
    .orderBy(desc(analysisRuns.id))
    .limit(1);
  return row;
}

/**
 * One finished run of the engagement without its result: its row version, and whether its result
 * is the one jsonb value of a run stored before the parts (docs/analysis-result-parts.md).
 */
export async function finishedRunRow(db: Database, engagementId: number, runId: number): Promise<{ id: number; version: string; finishedAt: Date | null; wholeResult: boolean } | undefined> {
  const [row] = await db
    .select({ id: analysisRuns.id, version: runRowVersion, finishedAt: analysisRuns.finishedAt, wholeResult: sql<boolean>`${analysisRuns.result} is not null` })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.id, runId), eq(analysisRuns.engagementId, engagementId), eq(analysisRuns.status, 'done')));
  return row;
}

/** The result of one finished run of the engagement (a run stored before the parts; null for one in parts). */
export async function finishedRunResult(db: Database, engagementId: number, runId: number): Promise<{ id: number; version: string; finishedAt: Date | null; result: unknown } | undefined> {
  const [row] = await db
    .select({ id: analysisRuns.id, version: runRowVersion, finishedAt: analysisRuns.finishedAt, result: analysisRuns.result })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.id, runId), eq(analysisRuns.engagementId, engagementId), eq(analysisRuns.status, 'done')));
  return row;
}
