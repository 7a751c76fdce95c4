import { performance } from 'node:perf_hooks';
import { createDb } from '@ona/db';
import { buildApp } from '../apps/server/src/app.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../apps/server/src/testing/fixtures.ts';

/**
 * Sign-in and authenticated-read latency on the embedded database, in-process (no network):
 * sign-in is dominated by the memory-hard password hash by design.
 */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const db = await createDb({ memory: true });
const app = await buildApp({ db, closeDbWithApp: true, settings: { SMTP_URL: undefined, MAIL_FROM: 'bench@ona.example', PUBLIC_URL: undefined, REDIS_URL: undefined } });
const org = await createOrganization(db.db, 'Bench');
await createUser(db.db, { email: 'bench@ona.test', organizationIds: [org.id], permissions: ['engagement_admin'] });

const loginTimes: number[] = [];
let token = '';
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'bench@ona.test', password: FIXTURE_PASSWORD } });
  loginTimes.push(performance.now() - started);
  token = (res.json() as { token: string }).token;
}
const readTimes: number[] = [];
for (let i = 0; i < 500; i++) {
  const started = performance.now();
  await app.inject({ method: 'GET', url: '/api/engagements/', headers: { authorization: `Token ${token}` } });
  readTimes.push(performance.now() - started);
}
loginTimes.sort((a, b) => a - b);
readTimes.sort((a, b) => a - b);
console.log(`login (scrypt N=2^15): p50 ${percentile(loginTimes, 50).toFixed(1)} ms, p99 ${percentile(loginTimes, 99).toFixed(1)} ms over ${loginTimes.length}`);
console.log(`GET /api/engagements/: p50 ${percentile(readTimes, 50).toFixed(2)} ms, p99 ${percentile(readTimes, 99).toFixed(2)} ms over ${readTimes.length}`);
await app.close();
