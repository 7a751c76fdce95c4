import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, asc, eq, inArray, isNull, lte, lt, tables, type Database } from '@ona/db';
import { redactSecrets } from './redact-secrets.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's answer goes, when not to the sender (a contact request: the visitor). */
  replyTo?: string;
  organizationId?: number | null;
}

/** An e-mail recorded in the outbox, waiting for its first delivery. */
export type RecordedEmail = typeof tables.emailOutbox.$inferSelect;

export interface Mailer {
  /** Records the e-mail in the outbox and delivers it through SMTP when SMTP is configured. */
  send(email: OutgoingEmail): Promise<void>;
  /** Sends without making the caller wait; close() still waits for it. */
  sendInBackground(email: OutgoingEmail): void;
  /**
   * Records the e-mail in the caller's transaction, so that it exists exactly when what it tells
   * of does; once that transaction has committed, hand the row to deliverInBackground.
   */
  record(tx: Database, email: OutgoingEmail): Promise<RecordedEmail>;
  /** Delivers an e-mail recorded with record(); if this instance fails, the retry sweep takes over. */
  deliverInBackground(recorded: RecordedEmail): void;
  /** Tries again every e-mail that is due: failed ones after their wait, abandoned ones after their lease. */
  deliverDue(): Promise<number>;
  readonly deliversBySmtp: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** After this many failed attempts an e-mail stays in the outbox with its last error. */
export const MAX_DELIVERY_ATTEMPTS = 6;
/** Waits before the 2nd, 3rd, … attempt: a mail server that is down for a while still gets the e-mail. */
const RETRY_WAITS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000];
/** How long the instance that recorded an e-mail has to deliver it before another may. */
const FIRST_ATTEMPT_LEASE_MS = 2 * 60_000;
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 20;

const { emailOutbox } = tables;

/**
 * E-mails are durable: each is a row of the outbox before any delivery is tried, a failure is
 * retried later with growing waits, and any instance delivers what is due (claimed with
 * FOR UPDATE SKIP LOCKED), so neither a mail server that is down nor a crashed instance loses one.
 */
export const mailPlugin = fp<{ smtpUrl?: string | undefined; from: string; sweep?: boolean }>(async (app, options) => {
  const transporter: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const pending = new Set<Promise<unknown>>();

  const deliver = async (row: RecordedEmail) => {
    if (!transporter) return;
    try {
      await transporter.sendMail({ from: options.from, to: row.toAddress, replyTo: row.replyTo ?? undefined, subject: row.subject, text: row.textBody, html: row.htmlBody ?? undefined });
      // Delivered: the outbox keeps the record of it, not the one-time links it carried.
      await app.db
        .update(emailOutbox)
        .set({ sentAt: new Date(), error: null, attempts: row.attempts + 1, nextAttemptAt: null, textBody: redactSecrets(row.textBody), htmlBody: row.htmlBody === null ? null : redactSecrets(row.htmlBody) })
        .where(eq(emailOutbox.id, row.id));
    } catch (err) {
      const attempts = row.attempts + 1;
      const wait = RETRY_WAITS_MS[attempts - 1];
      app.log.error({ err, to: row.toAddress, attempts }, 'e-mail delivery failed');
      await app.db
        .update(emailOutbox)
        .set({ error: err instanceof Error ? err.message : String(err), attempts, nextAttemptAt: wait === undefined || attempts >= MAX_DELIVERY_ATTEMPTS ? null : new Date(Date.now() + wait) })
        .where(eq(emailOutbox.id, row.id));
    }
  };

  const record = async (db: Database, email: OutgoingEmail): Promise<RecordedEmail> => {
    const [row] = await db
      .insert(emailOutbox)
      .values({
        organizationId: email.organizationId ?? null,
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html ?? null,
        replyTo: email.replyTo ?? null,
        nextAttemptAt: transporter ? new Date(Date.now() + FIRST_ATTEMPT_LEASE_MS) : null,
      })
      .returning();
    if (!row) throw new Error('the outbox did not return the recorded e-mail');
    return row;
  };

  const send = async (email: OutgoingEmail) => {
    await deliver(await record(app.db, email));
  };

  const track = <T>(job: Promise<T>) => {
    pending.add(job);
    void job.finally(() => pending.delete(job));
    return job;
  };

  const deliverDue = async () => {
    if (!transporter) return 0;
    const due = await claimDueEmails(app.db, new Date());
    for (const row of due) await deliver(row);
    return due.length;
  };

  app.decorate('mailer', {
    send,
    sendInBackground(email: OutgoingEmail) {
      void track(send(email).catch((err: unknown) => app.log.error({ err }, 'e-mail could not be recorded')));
    },
    record,
    deliverInBackground(recorded: RecordedEmail) {
      void track(deliver(recorded).catch((err: unknown) => app.log.error({ err }, 'e-mail delivery could not be recorded')));
    },
    deliverDue,
    deliversBySmtp: transporter !== null,
  });

  let timer: NodeJS.Timeout | null = null;
  if (transporter && (options.sweep ?? true)) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (pending.size > SWEEP_BATCH) return;
        void track(deliverDue().catch((err: unknown) => app.log.error({ err }, 'e-mail retry sweep failed')));
      }, SWEEP_INTERVAL_MS);
      timer.unref();
    });
  }

  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await Promise.allSettled([...pending]);
    transporter?.close();
  });
});

/**
 * Claims the e-mails that are due and not yet sent, and pushes their next attempt one lease ahead
 * inside the same transaction, so two instances never send the same e-mail at once.
 */
async function claimDueEmails(db: Database, now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), lte(emailOutbox.nextAttemptAt, now), lt(emailOutbox.attempts, MAX_DELIVERY_ATTEMPTS)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return due;
    await tx
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + FIRST_ATTEMPT_LEASE_MS) })
      .where(inArray(emailOutbox.id, due.map((row) => row.id)));
    return due;
  });
}
