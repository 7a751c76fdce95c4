import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { eq, tables } from '@ona/db';
import { generateDemoLogins, generateDemoOrganisation } from '../apps/server/src/demo/generate-demo.ts';
import { loadDemo } from '../apps/server/src/demo/load-demo.ts';
import { createTestDatabase } from '../apps/server/src/testing/test-database.ts';

/**
 * The analysis worker's read of one engagement (`loadAnalysisInput`) at scale: INPUT_SIZE people
 * (default 100,000) generated as the scale benchmark generates them and loaded into a throw-away
 * PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL), then the surveyed engagement read
 * INPUT_RUNS times (default 2), each in a process of its own (bench/support/analysis-input-child.ts)
 * that prints its peak resident memory, the heap the input holds, the read's CPU and a hash per
 * part of the input (so that two versions of the reader can be compared: equal hashes, equal input;
 * INPUT_READERS names the checkouts that read in turn).
 *
 *   npx tsx bench/analysis-input-memory.bench.ts
 */
process.env.TEST_DB_DRIVER = 'postgres';
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZE = Number(process.env.INPUT_SIZE ?? 100_000);
const RUNS = Number(process.env.INPUT_RUNS ?? 2);
// INPUT_READERS: checkouts whose reader reads in turn, comma-separated (another version of the code
// in a worktree beside this one, with node_modules): equal hashes, equal input.
const READERS = (process.env.INPUT_READERS ?? '.').split(',');

console.log(`analysis input read at ${SIZE} people; load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
const company = generateDemoOrganisation({ size: SIZE, referenceDate: '2026-10-12', earlierWave: false });
const db = await createTestDatabase();
try {
  await loadDemo(db.db, [company], generateDemoLogins(company));
  for (const engagement of await db.db.select({ id: tables.engagements.id, name: tables.engagements.name }).from(tables.engagements)) {
    const surveyed = await db.db.select({ id: tables.leadershipAnswers.employeeId }).from(tables.leadershipAnswers).where(eq(tables.leadershipAnswers.engagementId, engagement.id)).limit(1);
    if (surveyed.length === 0) continue;
    for (let run = 1; run <= RUNS; run++) {
      for (const reader of READERS) {
        const line = execFileSync('npx', ['tsx', '--expose-gc', 'bench/support/analysis-input-child.ts', db.url!, String(engagement.id)], { encoding: 'utf8', cwd: reader }).trim();
        console.log(`${engagement.name}, read ${run}${READERS.length > 1 ? ` by ${reader}` : ''}: ${line}`);
      }
    }
  }
} finally {
  await db.close();
}
