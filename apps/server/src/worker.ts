import { createDb } from '@ona/db';
import { readSettings } from './env.ts';
import { loggerOptions } from './logger-options.ts';
import { buildWorkerApp } from './worker-app.ts';
import { lowerThreadPriority } from './modules/analysis/thread-priority.ts';

/**
 * `npm run worker` (compiled: `npm run serve:worker`): a process that analyses and does nothing
 * else. Start as many as the analyses need, on machines of their own, beside web instances that
 * run with ANALYSIS_IN_PROCESS=false (docs/operations.md, "Analysis workers").
 */
const settings = readSettings();
if (!settings.DATABASE_URL) {
  throw new Error('Invalid settings in the environment: the analysis worker needs DATABASE_URL (PostgreSQL); on the embedded database `npm start` analyses in its own process');
}
// A worker process only analyses: its main thread reads each run's input (parsing the answers
// beside PostgreSQL's COPY, a core for several seconds at 100,000 people) and stores the parts, work
// of the analysis as much as the engine's threads, which run at ANALYSIS_NICE. On a machine shared
// with a web instance, the read at full priority was the one window of a 100,000-person run in which
// the journeys list's p99 passed 100 ms (124 ms with both cores busy: the worker 1.32, PostgreSQL
// 0.41 cores; docs/benchmarks.md, 2026-12-04 14:52); on a machine of its own, this changes nothing.
// Set first, so that the threads started from here on inherit it.
lowerThreadPriority(settings.ANALYSIS_NICE);
const db = await createDb({ url: settings.DATABASE_URL, poolSize: settings.DATABASE_POOL_SIZE });
const app = await buildWorkerApp({
  db,
  closeDbWithApp: true,
  // Links in the e-mails of a finished run point at the web instances: PUBLIC_URL, else where a web
  // instance with these same settings listens (not this worker's health port).
  settings: { ...settings, PUBLIC_URL: settings.PUBLIC_URL ?? `http://${settings.HOST === '0.0.0.0' ? 'localhost' : settings.HOST}:${settings.PORT}` },
  logger: loggerOptions(settings),
});
if (!settings.PUBLIC_URL) app.log.warn('PUBLIC_URL is not set: links in the e-mails of finished analyses point at http://HOST:PORT of this machine');

// SIGTERM: the run in flight gets up to 30 s to finish (the job engine's graceful stop); a longer
// one is left to its heartbeat and taken again by another worker.
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'analysis worker stopping');
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: settings.WORKER_PORT, host: settings.HOST });
const listening = app.server.address();
const port = listening !== null && typeof listening === 'object' ? listening.port : settings.WORKER_PORT;
console.log(`ONA analysis worker is running; health at http://${settings.HOST === '0.0.0.0' ? 'localhost' : settings.HOST}:${port}/api/health/ (heap limit of an analysis: ${settings.ANALYSIS_HEAP_MB} MB)`);
