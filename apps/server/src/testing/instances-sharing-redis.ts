import { randomBytes } from 'node:crypto';
import { buildApp, type App, type AppOptions } from '../app.ts';
import type { TestDatabase } from './test-database.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const settings = { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: 'http://app.test' };

/** One app without Redis, and two instances of one deployment sharing Redis. */
export interface InstancesSharingRedis {
  single: App;
  appA: App;
  appB: App;
  close: () => Promise<void>;
}

/**
 * The set-up of the cache-invalidation tests: an instance on its own, and two instances on one
 * database and one Redis under a prefix of their own (named after the test, with a random part),
 * so that no other run hears them.
 */
export async function instancesSharingRedis(
  db: TestDatabase,
  prefixName: string,
  /** Settings of the two Redis instances (such as shorter checks of their subscriptions). */
  redisTiming: Pick<AppOptions['settings'], 'REDIS_SUBSCRIPTION_CHECK_MS' | 'REDIS_PROBE_TIMEOUT_MS'> = {},
): Promise<InstancesSharingRedis> {
  const single = await buildApp({ db, settings: { ...settings, REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false });
  const redisSettings = { ...settings, ...redisTiming, REDIS_URL, REDIS_PREFIX: `${prefixName}:${randomBytes(4).toString('hex')}:` };
  const appA = await buildApp({ db, settings: redisSettings, webDistDir: '/nonexistent', pollJobs: false });
  const appB = await buildApp({ db, settings: redisSettings, webDistDir: '/nonexistent', pollJobs: false });
  await Promise.all([single.ready(), appA.ready(), appB.ready()]);
  return {
    single,
    appA,
    appB,
    close: async () => {
      await Promise.all([single.close(), appA.close(), appB.close()]);
    },
  };
}
