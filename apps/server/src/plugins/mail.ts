import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, isNull, statementChunks, tables, type Database } from '@ona/db';
import { redactSecrets } from './redact-secrets.ts';

/** A file sent with an e-mail, stored in its outbox row (text content, e.g. an invitation's `.ics`). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's answer goes, when not to the sender (a contact request: the visitor). */
  replyTo?: string;
  organizationId?: number | null;
  attachments?: EmailAttachment[];
}

/** An e-mail recorded in the outbox, waiting for its first delivery. */
export type RecordedEmail = typeof tables.emailOutbox.$inferSelect;

export interface Mailer {
  /** Records the e-mail in the outbox and queues its delivery (a job of the engine) in one transaction. */
  send(email: OutgoingEmail): Promise<RecordedEmail>;
  /** Sends without making the caller wait for the outbox write; close() still waits for it. */
  sendInBackground(email: OutgoingEmail): void;
  /** Resolves once every e-mail handed to sendInBackground so far is in the outbox (or was refused). */
  settled(): Promise<void>;
  /**
   * Records the e-mail, and queues its delivery, in the caller's transaction: the e-mail exists
   * exactly when what it tells of does, and is delivered once that transaction has committed.
   */
  record(tx: Database, email: OutgoingEmail): Promise<RecordedEmail>;
  /**
   * `record` for many e-mails at once: the outbox rows in statements of many rows and their
   * deliveries queued in one, in the caller's transaction (an analysis' leader codes: 10,000
   * e-mails at 100,000 people, three round trips each one by one). Answers the outbox rows.
   */
  recordMany(tx: Database, emails: readonly OutgoingEmail[]): Promise<RecordedEmail[]>;
  readonly deliversBySmtp: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** After this many failed attempts an e-mail stays in the outbox with its last error. */
export const MAX_DELIVERY_ATTEMPTS = 6;
/** The first retry waits this long, each later one about twice as long (pg-boss's backoff), up to RETRY_WAIT_MAX_S. */
export const FIRST_RETRY_WAIT_S = 60;
const RETRY_WAIT_MAX_S = 12 * 3600;
/**
 * A delivery that has not finished in this time is taken as lost with its instance (killed in the
 * middle of sending) and tried again by another: far longer than an SMTP exchange takes.
 */
export const DELIVERY_EXPIRY_S = 120;

const { emailOutbox } = tables;

/**
 * The Message-ID of an outbox e-mail: the same on every attempt, so that in the one case no
 * database can rule out (an instance killed after the mail server took the e-mail and before the
 * outbox recorded it), the second copy carries the first one's id and mail systems drop it.
 */
export function outboxMessageId(row: Pick<RecordedEmail, 'id' | 'createdAt'>, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'ona.invalid';
  return `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`;
}

/** E-mails one worker claims at once and hands to the SMTP connection pool side by side. */
const DELIVERY_BATCH = 10;

/**
 * Nodemailer's pooled transport (5 connections, 100 messages each) unless the SMTP_URL says
 * `pool=false`: a new connection and TLS handshake per message made a round of 300 invitations
 * take minutes.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/**
 * E-mails are durable: each is a row of the outbox before any delivery is tried, and its delivery
 * is a job of the engine (queue `email-send`), written in the same transaction. A refusal is
 * retried by the engine with growing waits; an instance that dies while sending lets its job
 * expire and another instance sends it. The outbox row is the idempotency key: a job finds its
 * e-mail already sent and does nothing.
 */
export const mailPlugin = fp<{ smtpUrl?: string | undefined; from: string; worker: boolean }>(async (app, options) => {
  const transporter: Transporter | null = options.smtpUrl ? nodemailer.createTransport(pooledSmtpUrl(options.smtpUrl)) : null;
  const pending = new Set<Promise<unknown>>();

  const deliver = async (outboxId: number) => {
    if (!transporter) return;
    const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    // Sent already (a retry of a job whose completion was lost) or removed: nothing to do.
    if (!row || row.sentAt) return;
    try {
      await transporter.sendMail({ from: options.from, to: row.toAddress, replyTo: row.replyTo ?? undefined, subject: row.subject, text: row.textBody, html: row.htmlBody ?? undefined, messageId: outboxMessageId(row, options.from), attachments: (row.attachments ?? []).map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) });
    } catch (err) {
      const attempts = row.attempts + 1;
      app.log.error({ err, to: row.toAddress, attempts }, 'e-mail delivery failed');
      await app.db.update(emailOutbox).set({ error: err instanceof Error ? err.message : String(err), attempts }).where(eq(emailOutbox.id, row.id));
      // The engine retries it after its wait, or (the last attempt) keeps the job as failed.
      throw err;
    }
    // Delivered: the outbox keeps the record of it, not the one-time links it carried.
    await app.db
      .update(emailOutbox)
      .set({ sentAt: new Date(), error: null, attempts: row.attempts + 1, nextAttemptAt: null, textBody: redactSecrets(row.textBody), htmlBody: row.htmlBody === null ? null : redactSecrets(row.htmlBody) })
      .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sentAt)));
  };

  if (transporter) {
    await app.jobs.register<{ outboxId: number }>(
      'email-send',
      { alwaysWork: options.worker, batchSize: DELIVERY_BATCH, retryLimit: MAX_DELIVERY_ATTEMPTS - 1, retryDelay: FIRST_RETRY_WAIT_S, retryBackoff: true, retryDelayMax: RETRY_WAIT_MAX_S, expireInSeconds: DELIVERY_EXPIRY_S },
      async (job) => deliver(job.data.outboxId),
    );
  }

  const outboxRow = (email: OutgoingEmail): typeof emailOutbox.$inferInsert => ({
    organizationId: email.organizationId ?? null,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    replyTo: email.replyTo ?? null,
    attachments: email.attachments && email.attachments.length > 0 ? email.attachments : null,
    nextAttemptAt: null,
  });

  const record = async (db: Database, email: OutgoingEmail): Promise<RecordedEmail> => {
    const [row] = await db.insert(emailOutbox).values(outboxRow(email)).returning();
    if (!row) throw new Error('the outbox did not return the recorded e-mail');
    // Without SMTP the outbox is the mailbox (shown at /dev/mailbox in the demo): nothing to deliver.
    if (transporter) await app.jobs.send('email-send', { outboxId: row.id }, { tx: db });
    return row;
  };

  const recordMany = async (db: Database, emails: readonly OutgoingEmail[]): Promise<RecordedEmail[]> => {
    const rows: RecordedEmail[] = [];
    for (const chunk of statementChunks(emails.map(outboxRow))) rows.push(...(await db.insert(emailOutbox).values(chunk).returning()));
    if (rows.length !== emails.length) throw new Error('the outbox did not return every recorded e-mail');
    if (transporter) await app.jobs.sendMany('email-send', rows.map((row) => ({ outboxId: row.id })), db);
    return rows;
  };

  const send = (email: OutgoingEmail) => app.db.transaction((tx) => record(tx, email));

  const track = <T>(job: Promise<T>) => {
    pending.add(job);
    void job.finally(() => pending.delete(job));
    return job;
  };

  app.decorate('mailer', {
    send,
    sendInBackground(email: OutgoingEmail) {
      void track(send(email).catch((err: unknown) => app.log.error({ err }, 'e-mail could not be recorded')));
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
    record,
    recordMany,
    deliversBySmtp: transporter !== null,
  });

  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    // A delivery in flight finishes before the transport closes; the engine stops after this.
    if (transporter && options.worker) await app.jobs.boss.offWork('email-send', { wait: true });
    transporter?.close();
  });
});
