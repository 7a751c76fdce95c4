import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { eq, tables } from '@ona/db';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  organizationId?: number | null;
}

export interface Mailer {
  /** Records the e-mail in the outbox and delivers it through SMTP when SMTP is configured. */
  send(email: OutgoingEmail): Promise<void>;
  /** Sends without making the caller wait; close() still waits for it. */
  sendInBackground(email: OutgoingEmail): void;
  readonly deliversBySmtp: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp<{ smtpUrl?: string | undefined; from: string }>(async (app, options) => {
  const transporter: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  const send = async (email: OutgoingEmail) => {
    const [row] = await app.db
      .insert(tables.emailOutbox)
      .values({
        organizationId: email.organizationId ?? null,
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html ?? null,
      })
      .returning({ id: tables.emailOutbox.id });
    if (!transporter || !row) return;
    try {
      await transporter.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text, html: email.html });
      await app.db.update(tables.emailOutbox).set({ sentAt: new Date() }).where(eq(tables.emailOutbox.id, row.id));
    } catch (err) {
      app.log.error({ err, to: email.to }, 'e-mail delivery failed');
      await app.db
        .update(tables.emailOutbox)
        .set({ error: err instanceof Error ? err.message : String(err) })
        .where(eq(tables.emailOutbox.id, row.id));
    }
  };

  app.decorate('mailer', {
    send,
    sendInBackground(email: OutgoingEmail) {
      const job = send(email).catch((err: unknown) => app.log.error({ err }, 'e-mail could not be recorded'));
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    deliversBySmtp: transporter !== null,
  });

  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    transporter?.close();
  });
});
