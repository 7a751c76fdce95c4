import { performance } from 'node:perf_hooks';
import { count, tables } from '@ona/db';
import { generateDemoLogins, generateDemoOrganisation } from '../apps/server/src/demo/generate-demo.ts';
import { loadDemo } from '../apps/server/src/demo/load-demo.ts';
import { createTestDatabase } from '../apps/server/src/testing/test-database.ts';

/**
 * The loader at the size the product claims (issue 34, item 6): a generated organisation of
 * SCALE_SIZE people (default 100,000) with its answers and 360 block, loaded by the demo loader in
 * one transaction, then every table counted against what was generated. On PostgreSQL (a
 * throw-away database on BENCH_DATABASE_URL, default the local test server) unless
 * SCALE_DB=embedded, which loads into an in-memory PGlite. The counts are checked here (the run
 * fails when one differs); the times are only printed (docs/benchmarks.md).
 *
 * The unit test of the loader (apps/server/src/demo/load-demo-large.test.ts) loads 8,000 people on
 * both databases: enough to pass PostgreSQL's parameter limit in one statement, small enough for
 * the test stage; generating 100,000 people alone takes over a minute.
 */
const SIZE = Number(process.env.SCALE_SIZE ?? 100_000);
const REFERENCE_DATE = '2026-10-12';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (process.env.SCALE_DB !== 'embedded') {
  process.env.TEST_DB_DRIVER = 'postgres';
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

let started = performance.now();
const company = generateDemoOrganisation({ size: SIZE, referenceDate: REFERENCE_DATE, earlierWave: false });
const logins = generateDemoLogins(company);
const expected = {
  employees: company.engagements.reduce((sum, e) => sum + e.participantKeys.length, 0),
  answers: company.engagements.reduce((sum, e) => sum + e.answers.length, 0),
  leadershipAnswers: company.engagements.reduce((sum, e) => sum + (e.leadership?.answers.length ?? 0), 0),
  participations: company.engagements.reduce((sum, e) => sum + e.participantKeys.length, 0),
};
console.log(`generated ${SIZE} people (${expected.answers} answers, ${expected.leadershipAnswers} 360 answers) in ${seconds(performance.now() - started)}, heap ${(process.memoryUsage().heapUsed / 1e9).toFixed(2)} GB`);

const db = await createTestDatabase();
try {
  started = performance.now();
  await loadDemo(db.db, [company], logins);
  console.log(`loaded on ${db.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'} in ${seconds(performance.now() - started)}`);
  const counted = async (table: typeof tables.employees | typeof tables.answers | typeof tables.leadershipAnswers | typeof tables.surveyParticipations) => (await db.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const found = {
    employees: await counted(tables.employees),
    answers: await counted(tables.answers),
    leadershipAnswers: await counted(tables.leadershipAnswers),
    participations: await counted(tables.surveyParticipations),
  };
  console.log(`stored: ${JSON.stringify(found)}`);
  // The generated answers name only people of the engagement, so every one is stored.
  for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
    if (found[key] !== expected[key]) throw new Error(`${key}: generated ${expected[key]}, stored ${found[key]}`);
  }
} finally {
  await db.close();
}
