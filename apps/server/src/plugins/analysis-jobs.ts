import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { loadAnalysisInput } from '../modules/analysis/analysis-input.ts';
import { jobLinkBase } from '../http/public-base.ts';
import { issueLeaderCodes } from '../modules/analysis/leader-codes.ts';
import { sendReportReady } from '../modules/analysis/report-ready.ts';
import { beatHeart, claimNextRun, completeRun, failRun, reportProgress } from '../modules/analysis/run-repository.ts';
import { runAnalysisInWorker } from '../modules/analysis/run-in-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    analysisJobs: { wake(): void; idle(): Promise<void> };
  }
}

const POLL_INTERVAL_MS = 2000;
/** Well inside STALE_RUN_MS (2 min), so a long step never looks like a dead instance. */
const HEARTBEAT_INTERVAL_MS = 20_000;

/**
 * Picks up queued analysis runs from the database (any instance may), runs each in a worker
 * thread, reports progress and stores the result. One run at a time per instance: an analysis
 * uses a whole core.
 */
export const analysisJobsPlugin = fp<{ poll?: boolean; publicUrl?: string | undefined }>(async (app, options) => {
  const instanceId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let busy: Promise<void> | null = null;
  let closing = false;

  const work = async () => {
    for (;;) {
      if (closing) return;
      const run = await claimNextRun(app.db, instanceId, new Date());
      if (!run) return;
      app.log.info({ runId: run.id, engagementId: run.engagementId }, 'analysis started');
      const heartbeat = setInterval(() => void beatHeart(app.db, run.id).catch((err: unknown) => app.log.warn({ err, runId: run.id }, 'analysis heartbeat failed')), HEARTBEAT_INTERVAL_MS);
      heartbeat.unref();
      try {
        const input = await loadAnalysisInput(app.db, run.engagementId);
        let lastWrite = 0;
        // Progress writes go one after another and are awaited before completion, in order.
        let progressWrites = Promise.resolve();
        const result = (await runAnalysisInWorker(input, (step, percent) => {
          const now = Date.now();
          if (now - lastWrite < 250) return;
          lastWrite = now;
          progressWrites = progressWrites.then(() => reportProgress(app.db, run.id, percent, step)).catch(() => undefined);
        })) as { timings?: { step: string; ms: number }[] };
        await progressWrites;
        const timings = Object.fromEntries((result.timings ?? []).map((t) => [t.step, Math.round(t.ms)]));
        await completeRun(app.db, run.id, result, timings);
        app.log.info({ runId: run.id }, 'analysis done');
      } catch (err) {
        app.log.error({ err, runId: run.id }, 'analysis failed');
        await failRun(app.db, run.id, err instanceof Error ? err.message : String(err));
        continue;
      } finally {
        clearInterval(heartbeat);
      }
      // The run is done whatever happens to its e-mails: a mail failure is logged, not a failed run.
      try {
        const linkBase = jobLinkBase(options.publicUrl, app);
        await issueLeaderCodes(app, run.engagementId, linkBase);
        await sendReportReady(app, run.engagementId, linkBase);
      } catch (err) {
        app.log.error({ err, runId: run.id }, 'analysis e-mails failed');
      }
    }
  };

  const wake = () => {
    if (busy || closing) return;
    busy = work()
      .catch((err: unknown) => app.log.error({ err }, 'analysis queue error'))
      .finally(() => {
        busy = null;
      });
  };

  const timer = options.poll === false ? null : setInterval(wake, POLL_INTERVAL_MS);
  timer?.unref();
  app.decorate('analysisJobs', {
    wake,
    async idle() {
      while (busy) await busy;
    },
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    if (busy) await busy;
  });
});
