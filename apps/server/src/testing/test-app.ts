import type { TestClock } from 'pg-boss';
import type { DbHandle } from '@ona/db';
import { buildApp, type App } from '../app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import type { WorkbookLimits } from '../modules/uploads/workbook-limits.ts';

/** Seals the SSO client secrets of test apps (a real key, as SECRETS_KEY would be). */
export const TEST_SECRETS_KEY = 'test-secrets-key-of-at-least-32-characters';

export interface TestContext {
  app: App;
  db: DbHandle;
  close(): Promise<void>;
}

export async function createTestApp(options: { smtpUrl?: string; publicUrl?: string; instantSurveyUrl?: string; webDistDir?: string; contactEmail?: string; minGroupSize?: number; demoMode?: boolean; jobClock?: TestClock; analysisInProcess?: boolean; analysisHeapMb?: number; pollJobs?: boolean; workbookLimits?: WorkbookLimits } = {}): Promise<TestContext & { db: TestDatabase }> {
  const db = await createTestDatabase();
  const app = await buildApp({
    db,
    settings: { SMTP_URL: options.smtpUrl, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: options.publicUrl ?? 'http://app.test', REDIS_URL: undefined, INSTANT_SURVEY_URL: options.instantSurveyUrl, CONTACT_EMAIL: options.contactEmail, MIN_GROUP_SIZE: options.minGroupSize, SECRETS_KEY: TEST_SECRETS_KEY },
    webDistDir: options.webDistDir ?? '/nonexistent',
    pollJobs: options.pollJobs ?? false,
    demoMode: options.demoMode,
    ...(options.jobClock ? { jobClock: options.jobClock } : {}),
    ...(options.analysisInProcess === undefined ? {} : { analysisInProcess: options.analysisInProcess }),
    ...(options.analysisHeapMb === undefined ? {} : { analysisHeapMb: options.analysisHeapMb }),
    ...(options.workbookLimits ? { workbookLimits: options.workbookLimits } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export async function loginAs(app: App, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export const authHeader = (token: string) => ({ authorization: `Token ${token}` });
