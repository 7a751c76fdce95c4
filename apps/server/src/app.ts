import Fastify, { type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { DbHandle } from '@ona/db';
import type { Clock as JobClock } from 'pg-boss';
import { DEVELOPMENT_SECRETS_KEY, type Settings } from './env.ts';
import { acceptEmptyJsonBody } from './http/empty-json-body.ts';
import { installErrorHandler } from './errors/error-handler.ts';
import { compiledSerializerCompiler } from './http/response-serializer.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { authPlugin } from './plugins/auth.ts';
import { callerCachePlugin } from './plugins/caller-cache.ts';
import { dbPlugin } from './plugins/db.ts';
import { drainingPlugin } from './plugins/draining.ts';
import { jobsPlugin, QUEUE_NAMES, type QueueName } from './plugins/jobs.ts';
import { mailPlugin } from './plugins/mail.ts';
import { requestLocalePlugin } from './plugins/request-locale.ts';
import { webClientPlugin } from './plugins/web-client.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { setupRoutes } from './modules/setup/routes.ts';
import { engagementRoutes } from './modules/engagements/routes.ts';
import { journeyRoutes } from './modules/journeys/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { secondFactorRoutes } from './modules/mfa/routes.ts';
import { passkeyRoutes } from './modules/mfa/passkey-routes.ts';
import { organizationRoutes } from './modules/organizations/index.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { analysisRoutes } from './modules/analysis/routes.ts';
import { analyticsModuleRoutes } from './modules/analytics-routes.ts';
import { surveyAdminModuleRoutes } from './modules/survey-admin-routes.ts';
import { analysisJobsPlugin } from './plugins/analysis-jobs.ts';
import { journeyStepJobsPlugin } from './modules/journey-schedule/step-jobs.ts';
import { journeyScheduleRoutes } from './modules/journey-schedule/routes.ts';
import { journeyStepActionRoutes } from './modules/journey-schedule/step-action-routes.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { keptAnswersPlugin } from './plugins/kept-answers.ts';
import { instantSurveyApiRoutes, instantSurveySocketRoutes } from './modules/instant-survey/index.ts';
import { siteContactRoutes } from './modules/site-contact/routes.ts';
import { directoryRoutes } from './modules/directory/routes.ts';
import { hrSyncRoutes } from './modules/hr-sync/routes.ts';
import { SCIM_PREFIX, scimRoutes } from './modules/scim/scim-routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { auditPlugin } from './modules/audit/audit-plugin.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { dataSubjectRequestRoutes } from './modules/data-subject-requests/routes.ts';
import { retentionPolicyRoutes } from './modules/data-retention/routes.ts';
import { collaborationImportRoutes } from './modules/collaboration-imports/routes.ts';
import { collaborationKeyFrom } from './modules/collaboration-imports/party-keys.ts';
import { retentionJobsPlugin } from './modules/data-retention/retention-run.ts';
import { auditRetentionJobPlugin } from './modules/audit/audit-retention-job.ts';
import { WORKBOOK_LIMITS, type WorkbookLimits } from './modules/uploads/workbook-limits.ts';

export interface AppOptions {
  db: DbHandle;
  /** Close the database with the app (the server does; tests that share a database do not). */
  closeDbWithApp?: boolean;
  settings: Pick<Settings, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'REDIS_URL'> & Partial<Pick<Settings, 'TRUST_PROXY' | 'INSTANT_SURVEY_URL' | 'MIN_GROUP_SIZE' | 'REDIS_PREFIX' | 'REDIS_SUBSCRIPTION_CHECK_MS' | 'REDIS_PROBE_TIMEOUT_MS' | 'CONTACT_EMAIL' | 'CONTACT_EMAIL_LANGUAGE' | 'SECRETS_KEY' | 'AUDIT_RETENTION_DAYS' | 'ANSWER_MEMORY_MB'>>;
  /** Demo mode shows the outbox at /dev/mailbox. */
  demoMode?: boolean;
  logger?: FastifyServerOptions['logger'];
  webDistDir?: string;
  /** The prerendered public site (default apps/site/dist). */
  siteDistDir?: string;
  /**
   * Work queued jobs in the background: the job engine's workers and maintenance (tests drive the
   * queues themselves with app.jobs.drain(); e-mails are delivered either way).
   */
  pollJobs?: boolean;
  /**
   * The job engine's clock (a pg-boss TestClock in tests): it moves the database's idea of "now"
   * for the engine as well, so a job due next Monday becomes due when the test says so. When given
   * without `clock`, the app's clock follows it.
   */
  jobClock?: JobClock;
  /**
   * Deliver e-mails in the background even when pollJobs is off (default): tests wait for them at
   * their SMTP server. Tests of delivery itself turn it off and drain the queue step by step.
   */
  emailWorker?: boolean;
  /**
   * Parse every answer with its contract as well as serialising it (default: under a test runner,
   * NODE_ENV=test); production serialises through the compiled serializer alone.
   */
  checkResponses?: boolean;
  /**
   * The time sessions, second-factor codes and the caller cache go by (default: the system clock);
   * tests move it to see a session lapse without waiting.
   */
  clock?: () => Date;
  /**
   * Analyse queued runs in this process (ANALYSIS_IN_PROCESS, default true); `false` leaves them to
   * worker processes (worker.ts) and works every other queue as before.
   */
  analysisInProcess?: boolean;
  /** The analysis thread's heap limit in MB (ANALYSIS_HEAP_MB); unset, Node's own default. */
  analysisHeapMb?: number;
  /** The analysis threads' nice value (ANALYSIS_NICE); unset, they keep the process's priority. */
  analysisNice?: number;
  /**
   * What an uploaded workbook may hold (default WORKBOOK_LIMITS, docs/survey-and-admin.md): tests
   * lower them to try each limit's edge with a small file.
   */
  workbookLimits?: WorkbookLimits;
}

/** The queues a web instance works when analyses run on worker processes: all but `analysis-run`. */
const WEB_QUEUES: readonly QueueName[] = QUEUE_NAMES.filter((queue) => queue !== 'analysis-run');

/** What an app built without REDIS_PREFIX (tests, scripts) puts before its Redis channels and keys. */
export const DEFAULT_REDIS_PREFIX = 'ona:';

declare module 'fastify' {
  interface FastifyInstance {
    /** Put before every Redis channel and key (REDIS_PREFIX); anything new that uses Redis must use it too. */
    redisPrefix: string;
    /** The time sessions and second-factor codes go by (AppOptions.clock). */
    clock: () => Date;
    /**
     * The key of collaboration imports' address hashes (docs/collaboration-network.md), from
     * SECRETS_KEY or the development key: an erasure finds a person's hashed weekly counts with it.
     */
    collaborationKey: Buffer;
    /** What an uploaded workbook may hold (AppOptions.workbookLimits). */
    workbookLimits: WorkbookLimits;
  }
}

/** A GET of the built client (not the API, not a live socket). */
export function isWebClientFile(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/ws/') && !url.startsWith('/scim/');
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes the rule "trust the nearest n hops". */
function trustProxyOption(setting: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the whole application; it never listens (server.ts does). */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Only proxies the operator names: a client could otherwise pick its own address and slip past
    // every per-address rate limit.
    trustProxy: trustProxyOption(options.settings.TRUST_PROXY ?? false),
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ checkAgainstContract: options.checkResponses ?? process.env.NODE_ENV === 'test' }));
  installErrorHandler(app);
  acceptEmptyJsonBody(app);

  await app.register(requestLocalePlugin);
  await app.register(drainingPlugin);
  await app.register(dbPlugin, { handle: options.db, closeWithApp: options.closeDbWithApp ?? false });
  const analysisInProcess = options.analysisInProcess ?? true;
  await app.register(jobsPlugin, { connection: options.db.jobConnection, workers: options.pollJobs ?? true, clock: options.jobClock, workQueues: analysisInProcess ? undefined : WEB_QUEUES });
  await app.register(mailPlugin, { smtpUrl: options.settings.SMTP_URL, from: options.settings.MAIL_FROM, worker: options.emailWorker ?? true });
  await app.register(securityHeadersPlugin, {
    helmet: {
      // The client is a single-page app with inline styles from its component library.
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          upgradeInsecureRequests: null,
        },
      },
    },
  });
  // Before every route: JSON, HTML and the client's files all go out compressed when the caller accepts it.
  await app.register(compressionPlugin);
  // Every Redis channel and key of this deployment starts with it (server.ts derives it from the database).
  const redisPrefix = options.settings.REDIS_PREFIX ?? DEFAULT_REDIS_PREFIX;
  app.decorate('redisPrefix', redisPrefix);
  const jobClock = options.jobClock;
  const clock = options.clock ?? (jobClock ? () => new Date(jobClock.now()) : () => new Date());
  app.decorate('clock', clock);
  app.decorate('collaborationKey', collaborationKeyFrom(options.settings.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY));
  app.decorate('workbookLimits', options.workbookLimits ?? WORKBOOK_LIMITS);
  const redis = options.settings.REDIS_URL ? new Redis(options.settings.REDIS_URL, { maxRetriesPerRequest: 1 }) : null;
  if (redis) app.addHook('onClose', async () => { redis.disconnect(); });
  await app.register(rateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    // The web client's files cost no database work, and a room of phones behind one address
    // loads them all at once: 300 phones times the bundle's files would pass 600 in a minute.
    allowList: (request) => isWebClientFile(request.method, request.url),
    ...(redis ? { redis, nameSpace: `${redisPrefix}rate-limit:` } : {}),
  });
  await app.register(callerCachePlugin, { redisUrl: options.settings.REDIS_URL, prefix: redisPrefix, now: () => clock().getTime() });
  await app.register(authPlugin);
  // Before every route: the audit table's marks attach to routes as they are registered.
  await app.register(auditPlugin, { secretsKey: options.settings.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY });
  await app.register(realtimePlugin, {
    redisUrl: options.settings.REDIS_URL,
    prefix: redisPrefix,
    timing: {
      ...(options.settings.REDIS_SUBSCRIPTION_CHECK_MS !== undefined ? { checkEveryMs: options.settings.REDIS_SUBSCRIPTION_CHECK_MS } : {}),
      ...(options.settings.REDIS_PROBE_TIMEOUT_MS !== undefined ? { probeTimeoutMs: options.settings.REDIS_PROBE_TIMEOUT_MS } : {}),
    },
  });
  await app.register(keptAnswersPlugin, { redisUrl: options.settings.REDIS_URL, prefix: redisPrefix, memoryBytes: options.settings.ANSWER_MEMORY_MB === undefined ? undefined : options.settings.ANSWER_MEMORY_MB * 1024 * 1024 });
  await app.register(analysisJobsPlugin, { workers: options.pollJobs ?? true, publicUrl: options.settings.PUBLIC_URL, inProcess: analysisInProcess, heapMb: options.analysisHeapMb, nice: options.analysisNice });
  await app.register(journeyStepJobsPlugin, { publicUrl: options.settings.PUBLIC_URL, minGroupSize: options.settings.MIN_GROUP_SIZE });
  await app.register(retentionJobsPlugin);
  await app.register(auditRetentionJobPlugin, { retentionDays: options.settings.AUDIT_RETENTION_DAYS });
  await app.register(apiDocsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(setupRoutes);
      await api.register(authRoutes, { publicUrl: options.settings.PUBLIC_URL, instantSurveyUrl: options.settings.INSTANT_SURVEY_URL });
      await api.register(userRoutes);
      await api.register(sessionRoutes);
      await api.register(secondFactorRoutes);
      await api.register(passkeyRoutes, { publicUrl: options.settings.PUBLIC_URL, instantSurveyUrl: options.settings.INSTANT_SURVEY_URL });
      await api.register(organizationRoutes, { publicUrl: options.settings.PUBLIC_URL });
      await api.register(apiKeyRoutes);
      await api.register(auditRoutes);
      await api.register(directoryRoutes, { publicUrl: options.settings.PUBLIC_URL });
      await api.register(dataSubjectRequestRoutes);
      await api.register(retentionPolicyRoutes);
      await api.register(collaborationImportRoutes, { secretsKey: options.settings.SECRETS_KEY ?? (process.env.NODE_ENV === 'production' ? null : DEVELOPMENT_SECRETS_KEY), demoMode: options.demoMode === true });
      await api.register(hrSyncRoutes);
      await api.register(engagementRoutes);
      await api.register(journeyRoutes);
      await api.register(journeyScheduleRoutes);
      await api.register(journeyStepActionRoutes);
      await api.register(analysisRoutes);
      await api.register(analyticsModuleRoutes, options.settings.MIN_GROUP_SIZE === undefined ? {} : { minGroupSize: options.settings.MIN_GROUP_SIZE });
      await api.register(surveyAdminModuleRoutes, { publicUrl: options.settings.PUBLIC_URL });
      await api.register(instantSurveyApiRoutes, { publicUrl: options.settings.PUBLIC_URL, instantSurveyUrl: options.settings.INSTANT_SURVEY_URL });
      await api.register(ssoRoutes, { publicUrl: options.settings.PUBLIC_URL, instantSurveyUrl: options.settings.INSTANT_SURVEY_URL, secretsKey: options.settings.SECRETS_KEY });
      await api.register(siteContactRoutes, { inbox: options.settings.CONTACT_EMAIL, inboxLanguage: options.settings.CONTACT_EMAIL_LANGUAGE ?? 'hu' });
    },
    { prefix: '/api' },
  );
  // SCIM has its own media type, error bodies and authentication (docs/directory-and-scim.md).
  await app.register(scimRoutes, { prefix: SCIM_PREFIX, publicUrl: options.settings.PUBLIC_URL });
  await app.register(instantSurveySocketRoutes);
  if (options.demoMode) await app.register(devMailboxRoutes);
  await app.register(webClientPlugin, { ...(options.webDistDir ? { distDir: options.webDistDir } : {}), ...(options.siteDistDir ? { siteDir: options.siteDistDir } : {}) });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
