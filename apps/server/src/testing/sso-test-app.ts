import { buildApp, type App } from '../app.ts';
import type { TestDatabase } from './test-database.ts';
import { TEST_SECRETS_KEY } from './test-app.ts';

/** The public address the SSO tests' app believes it has (redirect URIs, SAML entity id and ACS). */
export const SSO_TEST_PUBLIC_URL = 'http://app.test';

/**
 * The app the OIDC and SAML tests sign in to: a secrets key for the sealed client secret, a fixed
 * public address, no mail or Redis, and its log lines kept in `logLines` so a test can check that a
 * refusal was logged for the administrator.
 */
export async function buildSsoTestApp(db: TestDatabase, logLines: string[]): Promise<App> {
  const app = await buildApp({
    db,
    settings: { SMTP_URL: undefined, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: SSO_TEST_PUBLIC_URL, REDIS_URL: undefined, SECRETS_KEY: TEST_SECRETS_KEY },
    webDistDir: '/nonexistent',
    pollJobs: false,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await app.ready();
  return app;
}
