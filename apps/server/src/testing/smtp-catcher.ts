import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CaughtEmail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpCatcher() {
  const received: CaughtEmail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves when an e-mail to `address` has arrived. */
    async waitFor(address: string): Promise<CaughtEmail> {
      for (;;) {
        const found = received.find((m) => m.to.includes(address));
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    /** Resolves when at least `total` e-mails have arrived, to anyone. */
    async waitForCount(total: number): Promise<void> {
      while (received.length < total) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes a quoted-printable body enough to read links and words from it. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
