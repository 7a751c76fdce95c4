import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { TestClock } from 'pg-boss';
import { eq, tables, type DbHandle } from '@ona/db';
import { buildApp, type App } from '../app.ts';
import { startSmtpCatcher } from '../testing/smtp-catcher.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { DELIVERY_EXPIRY_S, FIRST_RETRY_WAIT_S, MAX_DELIVERY_ATTEMPTS, outboxMessageId } from './mail.ts';

let db: DbHandle;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let deadPort: number;
// The engine's time: a retry wait or an expired claim passes when the test moves it, never by waiting.
// It starts a day ahead: on PostgreSQL a job written in the app's own transaction takes the real
// time of that session as its start, and must be due on the engine's clock.
const clock = new TestClock(Date.now() + 24 * 3600_000);
const later = (seconds: number) => clock.setTime(clock.now() + seconds * 1000);

/** An instance whose e-mail queue the test works by hand (drain), step by step. */
const appWith = (smtpUrl: string): Promise<App> =>
  buildApp({ db, settings: { SMTP_URL: smtpUrl, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false, emailWorker: false, jobClock: clock });
/** An instance as a server runs it: its e-mail worker woken by the engine's NOTIFY, on the system clock. */
const workingApp = (smtpUrl: string): Promise<App> =>
  buildApp({ db, settings: { SMTP_URL: smtpUrl, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false });

const outboxRow = async (to: string) => (await db.db.select().from(tables.emailOutbox).where(eq(tables.emailOutbox.toAddress, to)))[0];
const arrivedFor = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

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

describe('durable e-mail delivery on the job engine', () => {
  it('keeps an e-mail that the mail server refused, with its error, and delivers it once the server is back and its wait is over', async () => {
    const down = await appWith(`smtp://127.0.0.1:${deadPort}`);
    await down.mailer.send({ to: 'later@acme.test', subject: 'Invitation', text: 'Hello' });
    expect(await down.jobs.drain('email-send')).toBe(1);
    await down.close();
    const failed = await outboxRow('later@acme.test');
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBe(1);
    expect(failed?.error).toBeTruthy();

    const up = await appWith(smtp.url);
    try {
      // Not due yet: nothing is sent before its wait is over.
      expect(await up.jobs.drain('email-send')).toBe(0);
      await later(2 * 60);
      expect(await up.jobs.drain('email-send')).toBe(1);
      const arrived = await smtp.waitFor('later@acme.test');
      expect(arrived.raw).toContain('Subject: Invitation');
      // The idempotency key travels as the Message-ID: a second copy would carry the same one.
      expect(arrived.raw).toContain(`Message-ID: ${outboxMessageId(failed!, 'test@ona.example')}`);
      const sent = await outboxRow('later@acme.test');
      expect(sent?.sentAt).toBeInstanceOf(Date);
      expect(sent?.attempts).toBe(2);
      expect(sent?.error).toBeNull();
      // Delivered once: nothing is left to work.
      await later(24 * 3600);
      expect(await up.jobs.drain('email-send')).toBe(0);
      expect(arrivedFor('later@acme.test')).toHaveLength(1);
    } finally {
      await up.close();
    }
  });

  it('delivers the one-time link and then keeps only the record of it in the outbox', async () => {
    const app = await appWith(smtp.url);
    try {
      const link = 'http://app.test/auth/confirm-reset-password.html?uid=3&token=S3cret-Reset_Token';
      await app.mailer.send({ to: 'reset@acme.test', subject: 'Password reset', text: `Open ${link}`, html: `<a href="${link.replace('&', '&amp;')}">Reset</a>` });
      await app.jobs.drain('email-send');
      expect((await smtp.waitFor('reset@acme.test')).raw).toContain('S3cret-Reset_Token');
      const row = await outboxRow('reset@acme.test');
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.textBody).toBe('Open http://app.test/auth/confirm-reset-password.html?uid=3&token=redacted');
      expect(row?.htmlBody).toBe('<a href="http://app.test/auth/confirm-reset-password.html?uid=3&amp;token=redacted">Reset</a>');
    } finally {
      await app.close();
    }
  });

  it('an instance killed between claiming an e-mail and sending it: another sends it exactly once after the claim expires', async () => {
    const killed = await appWith(smtp.url);
    const survivor = await appWith(smtp.url);
    try {
      await killed.mailer.send({ to: 'orphan@acme.test', subject: 'Reminder', text: 'Hi' });
      // The killed instance claims the delivery and never gets to send it (what kill -9 leaves behind).
      const [claimed] = await killed.jobs.boss.fetch('email-send');
      expect(claimed).toBeDefined();
      // The claim is held: the other instance finds nothing to do.
      expect(await survivor.jobs.drain('email-send')).toBe(0);
      await later(DELIVERY_EXPIRY_S + 1);
      await survivor.jobs.boss.supervise('email-send');
      // The expired claim counts as a failed attempt: the e-mail waits its retry time like any other.
      await later(3 * FIRST_RETRY_WAIT_S);
      expect(await survivor.jobs.drain('email-send')).toBe(1);
      await smtp.waitFor('orphan@acme.test');
      expect(await survivor.jobs.drain('email-send')).toBe(0);
      expect(arrivedFor('orphan@acme.test')).toHaveLength(1);
    } finally {
      await killed.close();
      await survivor.close();
    }
  });

  it('gives up after the last attempt and leaves the e-mail in the outbox with its error', async () => {
    const down = await appWith(`smtp://127.0.0.1:${deadPort}`);
    try {
      await down.mailer.send({ to: 'gone@acme.test', subject: 'x', text: 'x' });
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
        expect(await down.jobs.drain('email-send')).toBe(1);
        await later(13 * 3600);
      }
      expect(await down.jobs.drain('email-send')).toBe(0);
      const row = await outboxRow('gone@acme.test');
      expect(row?.sentAt).toBeNull();
      expect(row?.attempts).toBe(MAX_DELIVERY_ATTEMPTS);
      expect(row?.error).toBeTruthy();
    } finally {
      await down.close();
    }
  });

  it('records many e-mails in the caller’s transaction: none when it rolls back, each delivered once when it commits', async () => {
    const app = await appWith(smtp.url);
    const emails = (prefix: string) => Array.from({ length: 30 }, (_, i) => ({ to: `${prefix}-${i}@acme.test`, subject: `Code ${i}`, text: `Your code is C${i}` }));
    try {
      await expect(
        app.db.transaction(async (tx) => {
          await app.mailer.recordMany(tx, emails('rolled-back'));
          throw new Error('the completion failed');
        }),
      ).rejects.toThrow('the completion failed');
      expect(await app.jobs.drain('email-send')).toBe(0);
      expect(await outboxRow('rolled-back-0@acme.test')).toBeUndefined();

      const recorded = await app.db.transaction((tx) => app.mailer.recordMany(tx, emails('many')));
      expect(recorded.map((row) => row.toAddress).sort()).toEqual(emails('many').map((email) => email.to).sort());
      expect(await app.jobs.drain('email-send')).toBe(30);
      for (const [i, email] of emails('many').entries()) {
        expect((await smtp.waitFor(email.to)).raw).toContain(`Your code is C${i}`);
        expect(arrivedFor(email.to)).toHaveLength(1);
        expect((await outboxRow(email.to))?.sentAt).toBeInstanceOf(Date);
      }
    } finally {
      await app.close();
    }
  });

  it('two instances working the queue on one database deliver every e-mail exactly once', async () => {
    const first = await workingApp(smtp.url);
    const second = await workingApp(smtp.url);
    const addresses = Array.from({ length: 8 }, (_, i) => `pair-${i}@acme.test`);
    try {
      await Promise.all(addresses.map((to, i) => (i % 2 === 0 ? first : second).mailer.send({ to, subject: 'Once', text: 'Once' })));
      for (const to of addresses) await smtp.waitFor(to);
    } finally {
      // Graceful: a delivery in flight finishes before each instance stops.
      await first.close();
      await second.close();
    }
    for (const to of addresses) expect(arrivedFor(to)).toHaveLength(1);
    const rows = await db.db.select().from(tables.emailOutbox);
    for (const to of addresses) expect(rows.find((row) => row.toAddress === to)?.sentAt).toBeInstanceOf(Date);
  }, 180_000);
});
