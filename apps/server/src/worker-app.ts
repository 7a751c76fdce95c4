import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbHandle } from '@ona/db';
import type { Settings } from './env.ts';
import { installErrorHandler } from './errors/error-handler.ts';
import { compiledSerializerCompiler } from './http/response-serializer.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { analysisJobsPlugin } from './plugins/analysis-jobs.ts';
import { dbPlugin } from './plugins/db.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { mailPlugin } from './plugins/mail.ts';
import { requestLocalePlugin } from './plugins/request-locale.ts';

export interface WorkerAppOptions {
  db: DbHandle;
  closeDbWithApp?: boolean;
  settings: Pick<Settings, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'ANALYSIS_HEAP_MB' | 'ANALYSIS_NICE'>;
  logger?: FastifyServerOptions['logger'];
}

/**
 * An analysis worker process (`npm run worker`): it takes `analysis-run` jobs from the job engine
 * on PostgreSQL, one at a time, and does nothing else. The only HTTP it answers is the health
 * check, on a port of its own. The e-mails a finished run writes (leader codes, "report ready")
 * go to the outbox with their delivery jobs, which the web instances deliver; the engine's
 * maintenance (retrying the job of a worker that died) runs here as well as on the web instances.
 * It never listens by itself (worker.ts does).
 */
export async function buildWorkerApp(options: WorkerAppOptions) {
  const app = Fastify({ logger: options.logger ?? false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ checkAgainstContract: process.env.NODE_ENV === 'test' }));
  installErrorHandler(app);
  await app.register(requestLocalePlugin);
  await app.register(dbPlugin, { handle: options.db, closeWithApp: options.closeDbWithApp ?? false });
  await app.register(jobsPlugin, { connection: options.db.jobConnection, workers: true, workQueues: ['analysis-run'], schedule: false });
  await app.register(mailPlugin, { smtpUrl: options.settings.SMTP_URL, from: options.settings.MAIL_FROM, worker: false });
  await app.register(analysisJobsPlugin, { workers: true, inProcess: true, publicUrl: options.settings.PUBLIC_URL, heapMb: options.settings.ANALYSIS_HEAP_MB, nice: options.settings.ANALYSIS_NICE });
  await app.register(healthRoutes, { prefix: '/api' });
  return app;
}
