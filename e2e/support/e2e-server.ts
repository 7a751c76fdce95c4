import { createDb, desc, eq, tables, type DbHandle } from '@ona/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadStandardDemo } from '../../apps/server/src/demo/standard-demo.ts';
import { startSmtpCatcher } from '../../apps/server/src/testing/smtp-catcher.ts';
import { createThrowawayDatabase } from '../../apps/server/src/testing/throwaway-database.ts';

/**
 * The server's database: a fresh PostgreSQL database when TEST_DATABASE_URL names a server (CI has
 * one: the production database, and native queries leave the two cores to the browsers), else
 * the embedded database in memory. The PostgreSQL one is dropped when the server stops.
 */
async function openDatabase(): Promise<{ db: DbHandle; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { db: await createDb({ memory: true }), drop: async () => undefined };
  const database = await createThrowawayDatabase(adminUrl, { prefix: 'ona_e2e_', waitForDisk: false });
  return { db: await createDb({ url: database.url }), drop: () => database.drop() };
}

/**
 * One server of the browser tests, in its own process (global-setup.ts starts one per test
 * worker): the real application with the demo (openDatabase above), serving the built client,
 * and a local SMTP server whose catches the tests read over a tiny HTTP endpoint. Prints one JSON
 * line with its addresses when it listens; stops when its parent closes its standard input.
 */
const contactInbox = process.env.CONTACT_EMAIL ?? 'sales@ona.example';
const smtp = await startSmtpCatcher();
const { db, drop } = await openDatabase();
await loadStandardDemo(db.db);
const app = await buildApp({
  db,
  closeDbWithApp: true,
  settings: { SMTP_URL: smtp.url, MAIL_FROM: 'ONA e2e <e2e@ona.example>', PUBLIC_URL: undefined, REDIS_URL: undefined, CONTACT_EMAIL: contactInbox, SECRETS_KEY: 'e2e-secrets-key-of-at-least-32-characters' },
  demoMode: true,
});
app.get('/__e2e/mails', async () => smtp.received);
// What became of the e-mails to one address (queued, tried, refused, sent), for a test's message
// when an e-mail it waits for never reaches the SMTP server.
app.get<{ Querystring: { to: string } }>('/__e2e/outbox', async (request) =>
  (await db.db.select().from(tables.emailOutbox).where(eq(tables.emailOutbox.toAddress, request.query.to)).orderBy(desc(tables.emailOutbox.id)).limit(20)).map((row) => ({
    subject: row.subject,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    attempts: row.attempts,
    error: row.error,
  })),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const baseUrl = `http://127.0.0.1:${port}`;
process.stdout.write(`${JSON.stringify({ baseUrl, smtpApiUrl: `${baseUrl}/__e2e/mails` })}\n`);

// The run is over (or the runner died): close what this process opened.
process.stdin.resume();
process.stdin.on('close', () => {
  void (async () => {
    await app.close();
    await smtp.close();
    await drop();
    process.exit(0);
  })();
});
