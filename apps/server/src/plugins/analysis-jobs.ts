import fp from 'fastify-plugin';
import { loadAnalysisInput } from '../modules/analysis/analysis-input.ts';
import { jobLinkBase } from '../http/public-base.ts';
import { issueLeaderCodes } from '../modules/analysis/leader-codes.ts';
import { sendReportReady } from '../modules/analysis/report-ready.ts';
import { sendScheduledReportsReady } from '../modules/journey-schedule/step-jobs.ts';
import { claimRun, completeRun, failRun, reportProgress } from '../modules/analysis/run-repository.ts';
import { analyseInThread } from '../modules/analysis/run-in-worker.ts';
import { joinResult, type ResultPart } from '../modules/analysis/result-parts.ts';
import { runPartsWriter, RunTakenOverError } from '../modules/analysis/run-parts-writer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests (no background workers) run the queued analyses with wake() and wait for them with idle(). */
    analysisJobs: { wake(): void; idle(): Promise<void> };
  }
}

/** A run whose instance stops sending heartbeats for this long is given to another instance. */
export const ANALYSIS_HEARTBEAT_S = 30;
/** The longest an analysis may take before it counts as lost (100,000 people take minutes, not hours). */
const ANALYSIS_EXPIRY_S = 4 * 3600;

/**
 * Analysis runs are jobs of the engine (queue `analysis-run`): any instance's worker claims one,
 * runs it in a worker thread, reports progress and stores the result. One run at a time per
 * instance, since an analysis uses a whole core. The run row (analysis_runs) is what the product
 * shows; the job is how it gets worked, retried after a crash, and claimed once.
 */
export interface AnalysisJobsOptions {
  workers: boolean;
  publicUrl?: string | undefined;
  /**
   * Whether this process analyses at all (ANALYSIS_IN_PROCESS, default true). A web instance with
   * `false` only queues runs: worker processes (`npm run worker`) take them (docs/operations.md).
   */
  inProcess?: boolean | undefined;
  /** The analysis thread's heap limit in MB (ANALYSIS_HEAP_MB); unset, Node's own default. */
  heapMb?: number | undefined;
  /** The analysis threads' nice value (ANALYSIS_NICE); unset, they keep the process's priority. */
  nice?: number | undefined;
}

export const analysisJobsPlugin = fp<AnalysisJobsOptions>(async (app, options) => {
  const inProcess = options.inProcess ?? true;
  const analyse = async (runId: number) => {
    const run = await claimRun(app.db, runId, new Date());
    // Finished already: the job of a run whose completion was stored before its instance died.
    if (!run) return;
    app.log.info({ runId: run.id, engagementId: run.engagementId }, 'analysis started');
    // Each phase's wall time in the log (read, computed, stored): at 100,000 people the run took
    // 148 s through the server where the engine's steps added up to 83 s (bench/scale-load.bench.ts).
    const started = performance.now();
    let phaseStarted = started;
    const phaseMs = () => {
      const now = performance.now();
      const ms = Math.round(now - phaseStarted);
      phaseStarted = now;
      return ms;
    };
    // This attempt's name: the parts it stores, its completion and its failure hold only while no other claim has replaced it.
    const attempt = run.startedAt ?? new Date();
    try {
      let lastWrite = 0;
      // Progress writes go one after another and are awaited before completion, in order.
      let progressWrites = Promise.resolve();
      // Each section stored as the analysis thread hands it over, while the engine goes on.
      const parts = runPartsWriter(app.db, run.id, attempt);
      let timingParts: ResultPart[] = [];
      await analyseInThread(
        // Read and handed over in one expression: no variable of this function keeps the input
        // (the analysis thread has its own copy) while the run goes on.
        await loadAnalysisInput(app.db, run.engagementId, { collaboration: true }).then((input) => {
          app.log.info({ runId: run.id, ms: phaseMs(), employees: input.employees.length }, 'analysis input read');
          return input;
        }),
        (step, percent) => {
          const now = Date.now();
          if (now - lastWrite < 250) return;
          lastWrite = now;
          progressWrites = progressWrites.then(() => reportProgress(app.db, run.id, percent, step)).catch(() => undefined);
        },
        (section, sectionParts) => {
          if (section === 'timings') timingParts = sectionParts;
          parts.add(section, sectionParts);
        },
        { heapMb: options.heapMb, nice: options.nice },
      );
      app.log.info({ runId: run.id, ms: phaseMs() }, 'analysis computed');
      await progressWrites;
      // What was still being written when the engine finished (the last sections: the graph data).
      await parts.finish();
      const partsStoredMs = phaseMs();
      const { timings: steps } = joinResult(timingParts);
      const timings = Object.fromEntries((steps ?? []).map((t) => [t.step, Math.round(t.ms)]));
      const linkBase = jobLinkBase(options.publicUrl, app);
      // The completion and its e-mails (outbox rows with their delivery jobs) in one transaction: an
      // instance that dies before the commit leaves the run running, its job is retried and the
      // e-mails are written then; after the commit both exist. Never a done run without its e-mails.
      // The stored phase's two pieces in its log line: the rest of the parts' rows, and the completion with its e-mails and codes.
      await app.db.transaction(async (tx) => {
        if (!(await completeRun(tx, run.id, attempt, timings))) return;
        try {
          // A savepoint: the run is done whatever happens to its e-mails; a mail failure is logged, not a failed run.
          await tx.transaction(async (emails) => {
            await issueLeaderCodes(app, emails, run.engagementId, linkBase);
            await sendReportReady(app, emails, run.engagementId, linkBase);
            // A run queued by the journey's scheduled closing: its administrators hear that the reports are in.
            await sendScheduledReportsReady(app, emails, run.id, linkBase);
          });
        } catch (err) {
          app.log.error({ err, runId: run.id }, 'analysis e-mails failed');
        }
      });
      app.log.info({ runId: run.id, ms: partsStoredMs + phaseMs(), partsStoredMs, totalMs: Math.round(performance.now() - started) }, 'analysis done');
    } catch (err) {
      if (err instanceof RunTakenOverError) {
        // Another instance works the run now (the stale-run rule): its result is the one stored.
        app.log.warn({ runId: run.id }, err.message);
        return;
      }
      // A failed analysis is a result to show, not a job to retry: the same data fails the same way.
      app.log.error({ err, runId: run.id }, 'analysis failed');
      await failRun(app.db, run.id, err instanceof Error ? err.message : String(err), attempt);
    }
  };

  await app.jobs.register<{ runId: number }>(
    'analysis-run',
    { retryLimit: 2, retryDelay: 10, expireInSeconds: ANALYSIS_EXPIRY_S, heartbeatSeconds: ANALYSIS_HEARTBEAT_S },
    async (job) => analyse(job.data.runId),
  );

  let busy: Promise<void> | null = null;
  app.decorate('analysisJobs', {
    wake() {
      // Background workers are woken by the engine's NOTIFY; without them, this instance drains the
      // queue, unless analyses are left to worker processes.
      if (!inProcess || options.workers || busy) return;
      busy = app.jobs
        .drain('analysis-run')
        .then(() => undefined)
        .catch((err: unknown) => app.log.error({ err }, 'analysis queue error'))
        .finally(() => {
          busy = null;
        });
    },
    async idle() {
      while (busy) await busy;
    },
  });
  app.addHook('onClose', async () => {
    if (busy) await busy;
  });
});
