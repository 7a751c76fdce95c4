import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from '@ona/db';

/** Settings from the environment, each with a safe default (DECISIONS.md, "Running it"). */
export const ZSettings = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Connections each instance keeps to PostgreSQL. The instances' pools together must stay below
   * the server's max_connections; more than about twice PostgreSQL's cores only adds queueing
   * inside the database (docs/benchmarks.md, "Pool size").
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(DEFAULT_POOL_SIZE),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('ONA Platform <no-reply@ona.example>'),
  REDIS_URL: z.string().optional(),
  /**
   * Memory each instance keeps for built analysis answers (least recently used out first). An
   * answer larger than this is built again on every request: the retention answer of 100,000
   * people is about 76 MB (docs/benchmarks.md, "The scale row"). Used only as answers are built.
   */
  ANSWER_MEMORY_MB: z.coerce.number().int().min(8).max(16_384).default(256),
  /**
   * Put before every Redis channel and key of this deployment, so that two deployments on one
   * Redis neither hear each other's live messages nor share rate-limit counters. Instances of one
   * deployment must share it; unset, it is derived from the database (see redisPrefixFor).
   */
  REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,100}$/).optional(),
  /**
   * With Redis, every live-message subscription of an instance is proven again this often by a
   * probe published on its channel, and made again when the probe does not come back (a
   * subscription that vanished would leave its sockets deaf); 0: only after a reconnect.
   */
  REDIS_SUBSCRIPTION_CHECK_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** How long such a probe may take to come back before its subscription counts as gone. */
  REDIS_PROBE_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(3_000),
  /** How long a stopping server (SIGTERM, SIGINT) lets requests in flight finish before cutting them. */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  PUBLIC_URL: z.string().url().optional(),
  /** The inbox that receives the site's contact requests; unset, requests are stored but not mailed. */
  CONTACT_EMAIL: z.email().optional(),
  /** The language of the contact-request e-mails (the inbox's readers', not the visitor's). */
  CONTACT_EMAIL_LANGUAGE: z.enum(['hu', 'en', 'de', 'ru']).default('hu'),
  /** Base of the instant-survey tool when it has a host of its own; else PUBLIC_URL + /instant-surveys. */
  INSTANT_SURVEY_URL: z.string().url().optional(),
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For):
   * unset or `false` none, `true` all, a number the hops to trust, or a comma-separated list of
   * addresses. Per-address rate limits count whatever address this yields.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | number | string => {
      if (value === undefined || value === '' || value === 'false') return false;
      if (value === 'true') return true;
      return /^\d+$/.test(value) ? Number(value) : value;
    }),
  /** Demo data loads on an empty embedded database; on PostgreSQL only when asked with LOAD_DEMO=true. */
  LOAD_DEMO: z.enum(['true', 'false', 'auto']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  /**
   * The key that seals stored secrets (TOTP seeds, an identity provider's client secret) with
   * AES-256-GCM: any string of at least 32 characters (e.g. `openssl rand -base64 32`), hashed to
   * 256 bits. Needed in production to seal anything (unset there, the server starts and warns;
   * setting up an authenticator answers 503 and single sign-on on PostgreSQL cannot be configured);
   * elsewhere a public development key stands in (docs/sign-in-security.md, docs/single-sign-on.md).
   * Changing it makes every sealed secret unreadable (users enrol their authenticator again).
   */
  SECRETS_KEY: z.string().min(32).optional(),
  /** Audit log entries older than this many days are removed in whole segments (docs/audit-log.md); default two years. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(730),
  /**
   * When set, overrides every journey's anonymity threshold (aggregates of fewer respondents are
   * withheld); unset (the default), each organisation sets its own, 3-10, default 5
   * (docs/privacy/confidentiality.md).
   */
  MIN_GROUP_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * Whether this server analyses the runs it queues (default true, as `npm start` needs). `false`
   * on the web instances of a deployment with worker processes (`npm run worker`), which then take
   * every analysis, so that the web instances stay responsive; PostgreSQL only.
   */
  ANALYSIS_IN_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * The heap limit of the thread that runs an analysis, in MB: a run that needs more fails with a
   * message that says so, instead of the process dying of an out-of-memory kill. 100,000 people
   * need about 3 GB (docs/benchmarks.md).
   */
  ANALYSIS_HEAP_MB: z.coerce.number().int().min(16).max(1_048_576).default(4096),
  /**
   * How far an analysis's threads step back from the rest of the process and machine (Linux nice,
   * 0–19; 0 keeps them equal): the web requests, the job engine's heartbeats and PostgreSQL get the
   * cores first, the analysis takes what they leave (docs/operations.md).
   */
  ANALYSIS_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** The port of a worker process's health endpoint (`GET /api/health/`, its only HTTP); 0 picks a free one. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
});
export type Settings = z.infer<typeof ZSettings>;

/** Used only when NODE_ENV is not `production` and SECRETS_KEY is unset: public, so never for real secrets. */
export const DEVELOPMENT_SECRETS_KEY = 'ona-development-secrets-key-not-for-production-use';

/** SECRETS_KEY, or the development default outside production; production without it: throws (nothing is sealed with a public key). */
export function secretsKeyOf(settings: Pick<Settings, 'SECRETS_KEY' | 'NODE_ENV'>): string {
  if (settings.SECRETS_KEY) return settings.SECRETS_KEY;
  if (settings.NODE_ENV === 'production') throw new Error('Invalid settings in the environment: SECRETS_KEY is required in production (at least 32 characters, e.g. `openssl rand -base64 32`)');
  return DEVELOPMENT_SECRETS_KEY;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = ZSettings.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid settings in the environment: ${problems}`);
  }
  return parsed.data;
}

/**
 * REDIS_PREFIX, or one derived from the database, so that deployments on one Redis stay apart
 * without configuration while the instances of one deployment (one database) share theirs:
 * `ona:<database name>:` on PostgreSQL, `ona:data-<hash of the data directory>:` embedded.
 */
export function redisPrefixFor(settings: Pick<Settings, 'REDIS_PREFIX' | 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (settings.REDIS_PREFIX) return settings.REDIS_PREFIX;
  if (settings.DATABASE_URL) {
    const url = new URL(settings.DATABASE_URL);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || url.username || 'postgres';
    return `ona:${name}:`;
  }
  return `ona:data-${createHash('sha256').update(resolve(settings.DATA_DIR)).digest('hex').slice(0, 16)}:`;
}
