import fp from 'fastify-plugin';
import { PgBoss, fromDrizzle, fromPglite, type Clock, type Db, type Job, type JobResult, type Queue } from 'pg-boss';
import { sql, type Database, type JobConnection } from '@ona/db';

/** The queues of the product; each has one handler, registered by the feature that owns it. */
export const QUEUE_NAMES = ['email-send', 'analysis-run', 'journey-step', 'data-retention', 'audit-retention'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface QueueSettings extends Omit<Queue, 'name'> {
  /**
   * Work it on every instance, even when background polling is off (AppOptions.pollJobs): e-mails
   * are woken by NOTIFY, so a test that waits for an e-mail gets it without driving the engine.
   */
  alwaysWork?: boolean;
  /**
   * How many of its jobs a worker claims at once and works side by side (default 1). E-mails take
   * 10: a round of invitations is hundreds of jobs that wait on the SMTP server, not on this CPU.
   */
  batchSize?: number;
}

export interface Jobs {
  /** The engine itself, for what the wrappers below do not cover (cancel, findJobs, supervise). */
  readonly boss: PgBoss;
  /** Creates the queue (kept settings: retries, expiry) and its handler on this instance. */
  register<T extends object>(queue: QueueName, settings: QueueSettings, handler: JobHandler<T>): Promise<void>;
  /**
   * Queues a job. With `tx` it is written in the caller's transaction: it exists exactly when what
   * it works on does (the outbox row, the analysis run), so a crash between the two loses nothing.
   */
  send(queue: QueueName, data: object, options?: { tx?: Database; startAfter?: Date; id?: string }): Promise<string | null>;
  /**
   * Queues many jobs of one queue with the queue's settings in one statement (pg-boss's `insert`),
   * in the caller's transaction like `send` with `tx`: an analysis' completion queues the delivery
   * of 10,000 leaders' e-mails at 100,000 people, one round trip where `send` made one a job.
   */
  sendMany(queue: QueueName, data: readonly object[], tx: Database): Promise<void>;
  /**
   * Claims and works every job of `queue` that is due now (by the engine's clock) on this
   * instance, one after another, until none is left: how tests and `analysisJobs.wake()` drive a
   * queue without waiting for a poll.
   */
  drain(queue: QueueName): Promise<number>;
  /** Cancels queued jobs (in the caller's transaction when given); a job already claimed finishes. */
  cancel(queue: QueueName, ids: string[], tx?: Database): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** pg-boss keeps its tables in a schema of its own, beside the product's (docs/operations.md). */
export const JOB_SCHEMA = 'pgboss';

export interface JobsPluginOptions {
  connection: JobConnection;
  /** Work queued jobs in the background (pg-boss workers, maintenance); tests drive them with drain(). */
  workers: boolean;
  /**
   * The queues whose jobs this process works (default: every queue registered here). A web
   * instance with ANALYSIS_IN_PROCESS=false leaves `analysis-run` to the worker processes, and a
   * worker process (`npm run worker`) works `analysis-run` and nothing else (docs/operations.md).
   */
  workQueues?: readonly QueueName[] | undefined;
  /** Fire the engine's cron schedules here (default: where workers run); a worker process leaves them to the web instances. */
  schedule?: boolean | undefined;
  /** The engine's time; a pg-boss TestClock lets a test move it, in JavaScript and in the database alike. */
  clock?: Clock | undefined;
}

/**
 * The kept job engine: pg-boss on the product's PostgreSQL (or on the embedded PGlite, through its
 * adapter). Each job is claimed by one worker of one instance (SKIP LOCKED); a worker that dies
 * stops sending heartbeats or lets its job expire, and the job is retried elsewhere.
 */
export const jobsPlugin = fp<JobsPluginOptions>(async (app, options) => {
  const connection = options.connection;
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    ...(connection.kind === 'postgres'
      ? { connectionString: connection.url, max: 3, backend: 'postgres' as const, useListenNotify: true }
      : { db: fromPglite(connection.client), backend: 'pglite' as const, useListenNotify: true }),
    ...(options.clock ? { clock: options.clock } : {}),
    // Maintenance (expiring dead claims, retries, cron) runs where workers run.
    supervise: options.workers,
    schedule: options.schedule ?? options.workers,
    registerInstance: options.workers,
  });
  boss.on('error', (err) => app.log.error({ err }, 'job engine error'));
  await boss.start();

  const handlers = new Map<QueueName, JobHandler<object>>();
  const work = async <T>(queue: QueueName, job: Job<T>) => {
    const handler = handlers.get(queue) as JobHandler<T> | undefined;
    if (!handler) throw new Error(`no handler for queue ${queue}`);
    await handler(job);
  };

  const jobs: Jobs = {
    boss,
    async register(queue, settings, handler) {
      const { alwaysWork, batchSize = 1, ...queueOptions } = settings;
      await boss.createQueue(queue, { notify: true, ...queueOptions });
      handlers.set(queue, handler as JobHandler<object>);
      const worksHere = options.workQueues === undefined || options.workQueues.includes(queue);
      if (worksHere && (options.workers || alwaysWork)) {
        // After a batch, this worker looks for the next one at once instead of sleeping until the
        // NOTIFY backstop (notifyPollingIntervalSeconds, 30 s): PostgreSQL folds the identical
        // notifications of one transaction into one, so an invitation round that queues 300 e-mails
        // wakes the worker once. A full batch fetches again by itself (burstWhenBatchFull); a short
        // one would otherwise leave what arrived meanwhile waiting. The first empty fetch ends it.
        // Each job of a batch is settled on its own (perJobResults): one refused e-mail is retried
        // without the nine delivered beside it.
        let workerId: string | undefined;
        workerId = await boss.work<object>(queue, { batchSize, burstWhenBatchFull: batchSize > 1, perJobResults: true, pollingIntervalSeconds: 2 }, async (batch) => {
          try {
            return await Promise.all(
              batch.map(async (job): Promise<JobResult> => {
                try {
                  await work(queue, job);
                  return { id: job.id, status: 'completed' };
                } catch (err) {
                  app.log.error({ err, queue, jobId: job.id }, 'job failed');
                  return { id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } };
                }
              }),
            );
          } finally {
            if (workerId) boss.notifyWorker(workerId);
          }
        });
      }
    },
    async send(queue, data, sendOptions = {}) {
      return boss.send(queue, data, {
        ...(sendOptions.tx ? { db: transactionDb(sendOptions.tx) } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
      });
    },
    async sendMany(queue, data, tx) {
      if (data.length > 0) await boss.insert(queue, data.map((job) => ({ data: job })), { db: transactionDb(tx) });
    },
    async cancel(queue, ids, tx) {
      await boss.cancel(queue, ids, tx ? { db: transactionDb(tx) } : {});
    },
    async drain(queue) {
      let worked = 0;
      for (;;) {
        const [job] = await boss.fetch<object>(queue, { batchSize: 1 });
        if (!job) return worked;
        worked += 1;
        try {
          await work(queue, job);
          await boss.complete(queue, job);
        } catch (err) {
          app.log.error({ err, queue, jobId: job.id }, 'job failed');
          await boss.fail(queue, job, { message: err instanceof Error ? err.message : String(err) });
        }
      }
    },
  };
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    // Graceful: a handler in flight finishes (its e-mail is marked sent) before the engine stops.
    await boss.stop({ graceful: true, close: true, timeout: 30_000 });
  });
});

/** A pg-boss database adapter that writes in the caller's Drizzle transaction. */
export function transactionDb(tx: Database): Db {
  return fromDrizzle(tx, sql);
}
