import { z } from 'zod';

/** Settings from the environment, each with a safe default (DECISIONS.md, "Running it"). */
export const ZSettings = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('ONA Platform <no-reply@ona.example>'),
  REDIS_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
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
  /** Aggregates of fewer respondents than this are withheld from reports. */
  MIN_GROUP_SIZE: z.coerce.number().int().min(1).max(100).default(5),
});
export type Settings = z.infer<typeof ZSettings>;

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = ZSettings.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid settings in the environment: ${problems}`);
  }
  return parsed.data;
}
