import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from './e2e-worker-count.ts';

export type TE2eServer = { baseUrl: string; smtpApiUrl: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker (e2e-workers.ts): a file uses the one of the worker it runs in. */
    servers: TE2eServer[];
    /** CONTACT_EMAIL: where the site's contact requests are mailed. */
    contactInbox: string;
  }
}

const CONTACT_INBOX = 'sales@ona.example';

/** Starts e2e-server.ts in its own process and resolves with its addresses once it listens. */
function startServer(): Promise<{ server: TE2eServer; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/e2e-server.ts'], {
    env: { ...process.env, CONTACT_EMAIL: CONTACT_INBOX, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('{"baseUrl"')) return;
      resolve({ server: JSON.parse(line) as TE2eServer, child });
    });
    child.once('exit', (code) => reject(new Error(`the browser tests' server stopped before it listened (exit ${code})`)));
  });
}

/**
 * One application server with the demo per test worker, each in its own process: the files of a
 * worker run one after another against their server as before, while two workers (two servers,
 * two browsers) use both cores of the machine.
 */
export default async function setup(project: TestProject) {
  const started = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  project.provide('servers', started.map((s) => s.server));
  project.provide('contactInbox', CONTACT_INBOX);
  return async () => {
    await Promise.all(
      started.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.stdin?.end();
          }),
      ),
    );
  };
}
