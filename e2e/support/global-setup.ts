import type { TestProject } from 'vitest/node';
import { createDb } from '@ona/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadStandardDemo } from '../../apps/server/src/demo/standard-demo.ts';
import { startSmtpCatcher } from '../../apps/server/src/testing/smtp-catcher.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    smtpApiUrl: string;
    /** CONTACT_EMAIL: where the site's contact requests are mailed. */
    contactInbox: string;
  }
}

/**
 * Starts the real application with the demo on an embedded database, serving the built client,
 * and a local SMTP server whose catches the tests read over a tiny HTTP endpoint.
 */
const CONTACT_INBOX = 'sales@ona.example';

export default async function setup(project: TestProject) {
  const smtp = await startSmtpCatcher();
  const db = await createDb({ memory: true });
  await loadStandardDemo(db.db);
  const app = await buildApp({
    db,
    closeDbWithApp: true,
    settings: { SMTP_URL: smtp.url, MAIL_FROM: 'ONA e2e <e2e@ona.example>', PUBLIC_URL: undefined, REDIS_URL: undefined, CONTACT_EMAIL: CONTACT_INBOX },
    demoMode: true,
  });
  app.get('/__e2e/mails', async () => smtp.received);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('smtpApiUrl', `http://127.0.0.1:${port}/__e2e/mails`);
  project.provide('contactInbox', CONTACT_INBOX);
  return async () => {
    await app.close();
    await smtp.close();
  };
}
