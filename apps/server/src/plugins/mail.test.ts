import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { eq, tables, type DbHandle } from '@ona/db';
import { buildApp, type App } from '../app.ts';
import { startSmtpCatcher } from '../testing/smtp-catcher.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { MAX_DELIVERY_ATTEMPTS } from './mail.ts';

let db: DbHandle;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let deadPort: number;

const appWith = (smtpUrl: string): Promise<App> =>
  buildApp({ db, settings: { SMTP_URL: smtpUrl, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false });

const outboxRow = async (to: string) => (await db.db.select().from(tables.emailOutbox).where(eq(tables.emailOutbox.toAddress, to)))[0];

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCatcher();
  // A port that was free a moment ago and has nothing listening: the mail server is "down".
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await smtp.close();
  await db.close();
});

describe('durable e-mail delivery', () => {
  it('keeps an e-mail that the mail server refused, with its error, and delivers it once the server is back', async () => {
    const down = await appWith(`smtp://127.0.0.1:${deadPort}`);
    await down.mailer.send({ to: 'later@acme.test', subject: 'Invitation', text: 'Hello' });
    await down.close();
    const failed = await outboxRow('later@acme.test');
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBe(1);
    expect(failed?.error).toBeTruthy();
    expect(failed?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());

    const up = await appWith(smtp.url);
    try {
      // Not due yet: nothing is sent before its wait is over.
      expect(await up.mailer.deliverDue()).toBe(0);
      await db.db.update(tables.emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(tables.emailOutbox.id, failed!.id));
      expect(await up.mailer.deliverDue()).toBe(1);
      expect((await smtp.waitFor('later@acme.test')).raw).toContain('Subject: Invitation');
      const sent = await outboxRow('later@acme.test');
      expect(sent?.sentAt).toBeInstanceOf(Date);
      expect(sent?.attempts).toBe(2);
      expect(sent?.error).toBeNull();
      // Delivered once: a further sweep sends nothing.
      expect(await up.mailer.deliverDue()).toBe(0);
    } finally {
      await up.close();
    }
  });

  it('delivers the one-time link and then keeps only the record of it in the outbox', async () => {
    const app = await appWith(smtp.url);
    try {
      const link = 'http://app.test/auth/confirm-reset-password.html?uid=3&token=S3cret-Reset_Token';
      await app.mailer.send({ to: 'reset@acme.test', subject: 'Password reset', text: `Open ${link}`, html: `<a href="${link.replace('&', '&amp;')}">Reset</a>` });
      expect((await smtp.waitFor('reset@acme.test')).raw).toContain('S3cret-Reset_Token');
      const row = await outboxRow('reset@acme.test');
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.textBody).toBe('Open http://app.test/auth/confirm-reset-password.html?uid=3&token=redacted');
      expect(row?.htmlBody).toBe('<a href="http://app.test/auth/confirm-reset-password.html?uid=3&amp;token=redacted">Reset</a>');
    } finally {
      await app.close();
    }
  });

  it('delivers an e-mail whose instance stopped before sending it, once its lease has passed', async () => {
    await db.db.insert(tables.emailOutbox).values({ toAddress: 'orphan@acme.test', subject: 'Reminder', textBody: 'Hi', nextAttemptAt: new Date(Date.now() - 1000) });
    const app = await appWith(smtp.url);
    try {
      expect(await app.mailer.deliverDue()).toBe(1);
      await smtp.waitFor('orphan@acme.test');
    } finally {
      await app.close();
    }
  });

  it('gives up after the last attempt and leaves the e-mail in the outbox with its error', async () => {
    await db.db.insert(tables.emailOutbox).values({ toAddress: 'gone@acme.test', subject: 'x', textBody: 'x', attempts: MAX_DELIVERY_ATTEMPTS, error: 'mailbox unavailable', nextAttemptAt: new Date(Date.now() - 1000) });
    const app = await appWith(smtp.url);
    try {
      expect(await app.mailer.deliverDue()).toBe(0);
      expect((await outboxRow('gone@acme.test'))?.sentAt).toBeNull();
    } finally {
      await app.close();
    }
  });
});
