import { resolve } from 'node:path';
import { createDb } from '@ona/db';
import { buildApp } from './app.ts';
import { DEMO_SECRETS_KEY } from './modules/sso/secret-box.ts';
import { readSettings, redisPrefixFor } from './env.ts';
import { shutDownGracefully } from './graceful-shutdown.ts';
import { demoWanted, devMailboxWanted } from './demo/demo-decision.ts';
import { isDemoLoaded } from './demo/load-demo.ts';
import { loadStandardDemo } from './demo/standard-demo.ts';
import { loggerOptions } from './logger-options.ts';
import { setupLinkBase, setupLinkLine } from './modules/setup/setup-link.ts';
import { issueSetupToken } from './modules/setup/setup-tokens.ts';

const settings = readSettings();
const onPostgres = settings.DATABASE_URL !== undefined;
// A worker process cannot open the embedded database beside this server: nobody would analyse.
if (!settings.ANALYSIS_IN_PROCESS && !onPostgres) throw new Error('Invalid settings in the environment: ANALYSIS_IN_PROCESS=false needs DATABASE_URL (PostgreSQL), where worker processes (npm run worker) take the analyses; on the embedded database the server analyses itself');
const db = await createDb(onPostgres ? { url: settings.DATABASE_URL as string, poolSize: settings.DATABASE_POOL_SIZE } : { dataDir: resolve(settings.DATA_DIR) });

const wantsDemo = demoWanted(settings);
// Under the startup lock, instances starting together on one PostgreSQL load the demo once.
if (wantsDemo) {
  await db.withStartupLock(async () => {
    if (await isDemoLoaded(db.db)) return;
    const started = Date.now();
    console.log('Loading the demo organisations…');
    await loadStandardDemo(db.db);
    console.log(`Demo loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
}

// A database without any user gets a one-time set-up link (after the demo, which brings users).
const setupToken = await issueSetupToken(db);

const app = await buildApp({
  db,
  closeDbWithApp: true,
  settings: { ...settings, REDIS_PREFIX: redisPrefixFor(settings), SECRETS_KEY: settings.SECRETS_KEY ?? (onPostgres ? undefined : DEMO_SECRETS_KEY) },
  demoMode: devMailboxWanted(settings),
  logger: loggerOptions(settings),
  analysisInProcess: settings.ANALYSIS_IN_PROCESS,
  analysisHeapMb: settings.ANALYSIS_HEAP_MB,
  analysisNice: settings.ANALYSIS_NICE,
});
if (settings.NODE_ENV === 'production' && !settings.SECRETS_KEY) {
  // Everything else works; setting up an authenticator answers 503 until the key is set (docs/sign-in-security.md).
  app.log.warn('SECRETS_KEY is not set: two-step sign-in cannot be set up and the audit chain is keyed with a public key (set at least 32 random characters, e.g. `openssl rand -base64 32`)');
}

// A rolling deploy stops instances with SIGTERM: requests in flight finish (up to the deadline),
// new ones answer 503, live sockets are told to reconnect, and only then the pool closes.
const shutdown = async (signal: string) => {
  app.log.info({ signal, deadlineMs: settings.SHUTDOWN_DEADLINE_MS }, 'shutting down');
  try {
    const outcome = await shutDownGracefully(app, { deadlineMs: settings.SHUTDOWN_DEADLINE_MS });
    app.log.info({ outcome }, 'stopped');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: settings.PORT, host: settings.HOST });
const address = `http://${settings.HOST === '0.0.0.0' ? 'localhost' : settings.HOST}:${settings.PORT}`;
console.log(`\nONA platform is running at ${address}/  (database: ${db.kind === 'pglite' ? `embedded, ${resolve(settings.DATA_DIR)}` : 'PostgreSQL'})`);
if (wantsDemo) console.log(`Sign in as admin@example.com / demo1234.${devMailboxWanted(settings) ? ` E-mails: ${address}/dev/mailbox` : ''}`);
const listening = app.server.address();
const port = listening !== null && typeof listening === 'object' ? listening.port : settings.PORT;
const setupLine = setupLinkLine(setupLinkBase({ PUBLIC_URL: settings.PUBLIC_URL, HOST: settings.HOST, PORT: port }), setupToken);
if (setupLine) console.log(setupLine);
