import { resolve } from 'node:path';
import { createDb } from '@ona/db';
import { buildApp } from './app.ts';
import { readSettings } from './env.ts';
import { demoWanted, devMailboxWanted } from './demo/demo-decision.ts';
import { isDemoLoaded } from './demo/load-demo.ts';
import { loadStandardDemo } from './demo/standard-demo.ts';

const settings = readSettings();
const onPostgres = settings.DATABASE_URL !== undefined;
const db = await createDb(onPostgres ? { url: settings.DATABASE_URL as string } : { dataDir: resolve(settings.DATA_DIR) });

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

const app = await buildApp({
  db,
  closeDbWithApp: true,
  settings,
  demoMode: devMailboxWanted(settings),
  logger: { level: settings.LOG_LEVEL },
});

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: settings.PORT, host: settings.HOST });
const address = `http://${settings.HOST === '0.0.0.0' ? 'localhost' : settings.HOST}:${settings.PORT}`;
console.log(`\nONA platform is running at ${address}/  (database: ${db.kind === 'pglite' ? `embedded, ${resolve(settings.DATA_DIR)}` : 'PostgreSQL'})`);
if (wantsDemo) console.log(`Sign in as admin@example.com / demo1234.${devMailboxWanted(settings) ? ` E-mails: ${address}/dev/mailbox` : ''}`);
