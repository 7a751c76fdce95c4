import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createThrowawayDatabase } from '../../apps/server/src/testing/throwaway-database.ts';

/** The compiled server that `npm run build` writes and `npm run serve` runs. */
export const BUILT_SERVER = resolve('apps/server/dist/server.js');

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/**
 * An empty database for one run: a fresh PostgreSQL database when TEST_DATABASE_URL names a
 * server (CI), else an empty embedded one in a temporary folder.
 */
async function emptyDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'ona-e2e-empty-'));
    return { env: { DATA_DIR: dir }, async drop() { rmSync(dir, { recursive: true, force: true }); } };
  }
  const database = await createThrowawayDatabase(adminUrl, { prefix: 'ona_e2e_', waitForDisk: false });
  return { env: { DATABASE_URL: database.url }, drop: () => database.drop() };
}

export interface BuiltServer {
  baseUrl: string;
  database: 'postgres' | 'embedded';
  /** Everything the server wrote to its standard output so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the compiled server the way an operator does (`NODE_ENV=production`, no TypeScript
 * runner), on an empty database, sending its e-mails to the given SMTP server.
 */
export async function startBuiltServer(smtpUrl: string): Promise<BuiltServer> {
  const database = await emptyDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'warn',
      ...database.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // Ready once the health check answers; a server that exits first fails the start with its output.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the built server exited with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health/`).then((r) => r.ok, () => false);
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    database: 'DATABASE_URL' in database.env ? 'postgres' : 'embedded',
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await database.drop();
    },
  };
}
