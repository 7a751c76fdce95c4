import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDb, tables, type Database } from '@ona/db';
import { companyCsv, employeeId, generateCompany, HR_MAPPING, type HrPersonRow } from '../apps/server/src/modules/hr-sync/hr-company-fixture.ts';
import { createSync, saveSettings } from '../apps/server/src/modules/hr-sync/hr-sync-service.ts';
import { readHrFile } from '../apps/server/src/modules/hr-sync/read-hr-file.ts';
import { createBenchDatabase } from './support/bench-database.ts';

/**
 * HR-file sync of a large company (issue 30: "the time to sync 100,000 people, goal under 60 s,
 * and its memory"). For each database (PostgreSQL at TEST_DATABASE_URL, and the embedded one) it
 * runs what a push with auto-apply runs after the upload: read the CSV, map the rows, diff against
 * the directory, guard, write, all in one transaction. Twice: the first file (100,000 joiners) and
 * next month's (1 % each of joiners, movers and leavers). The anchor, in the same run on the same
 * PostgreSQL, is the floor of the first load: the same people and history rows written with plain
 * node-postgres, 1,000 rows a statement, no reading, mapping, diff or checks.
 * Peak memory is the process's maximum resident set (getrusage) after each step.
 * HR_SYNC_PEOPLE (default 100000). Not part of `npm test`.
 */
const PEOPLE = Number(process.env.HR_SYNC_PEOPLE ?? 100_000);
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const peak = () => mb(process.resourceUsage().maxRSS);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function nextMonth(company: HrPersonRow[]): HrPersonRow[] {
  const onePercent = Math.floor(PEOPLE / 100);
  const rows = company.filter((_, i) => !(i > PEOPLE / 2 && i % 100 === 7)).map((r) => ({ ...r }));
  for (const [k, row] of rows.entries()) if (k > PEOPLE / 2 && k % 100 === 31) row.unit = 'Company > Division 9 > Moved';
  for (let k = 0; k < onePercent; k++) rows.push({ ...generateCompany(1)[0]!, id: `N${k}`, email: `new${k}@company.test`, name: `New ${k}`, manager: employeeId(3) });
  return rows;
}

async function tenant(db: Database): Promise<{ organizationId: number; userId: number }> {
  const [organization] = await db.insert(tables.organizations).values({ name: 'Bench company' }).returning();
  const [user] = await db.insert(tables.users).values({ email: 'hr@bench.test', name: 'HR', passwordHash: 'x' }).returning();
  if (!organization || !user) throw new Error('no tenant');
  await saveSettings(db, organization.id, HR_MAPPING, 40, new Date());
  return { organizationId: organization.id, userId: user.id };
}

async function syncFile(db: Database, who: { organizationId: number; userId: number }, file: Buffer): Promise<{ ms: number; status: string; counts: object }> {
  const started = performance.now();
  const table = await readHrFile(file);
  const sync = await createSync(db, table, { ...who, source: 'api', fileName: 'bench.csv', autoApply: true, locale: 'en', now: new Date() });
  return { ms: performance.now() - started, status: sync.status, counts: sync.diff.counts };
}

async function run(label: string, db: Database, first: Buffer, second: Buffer): Promise<void> {
  const who = await tenant(db);
  const a = await syncFile(db, who, first);
  console.log(`${label}: first file, ${PEOPLE.toLocaleString('en')} joiners: ${s(a.ms)} (${a.status}), peak RSS ${peak()}`);
  const b = await syncFile(db, who, second);
  console.log(`${label}: next month: ${s(b.ms)} (${b.status}) ${JSON.stringify(b.counts)}, peak RSS ${peak()}`);
}

/** The floor: the first load's rows written by plain node-postgres, nothing read, mapped or checked. */
async function anchor(url: string, company: HrPersonRow[]): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  const started = performance.now();
  await client.query('begin');
  const { rows: [org] } = await client.query<{ id: number }>(`insert into organizations (name) values ('Anchor') returning id`);
  for (let i = 0; i < company.length; i += 1_000) {
    const chunk = company.slice(i, i + 1_000);
    const { rows } = await client.query<{ id: number; unit_path: string; manager_external_id: string | null }>(
      `insert into directory_people (organization_id, external_id, user_name, email, display_name, unit_path, manager_external_id, hire_date, gender, generation, location, attributes)
       select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::text[], $10::text[], $11::text[], $12::jsonb[])
       returning id, unit_path, manager_external_id`,
      [org!.id, chunk.map((r) => r.id), chunk.map((r) => r.email), chunk.map((r) => r.email), chunk.map((r) => r.name), chunk.map((r) => r.unit), chunk.map((r) => r.manager || null), chunk.map((r) => r.hired), chunk.map((r) => r.gender), chunk.map((r) => r.generation), chunk.map((r) => r.location), chunk.map((r) => JSON.stringify({ cost_centre: r.costCentre }))],
    );
    await client.query(
      `insert into directory_person_history (organization_id, person_id, unit_path, manager_external_id, active, source) select $1, * , true, 'hr_file' from unnest($2::int[], $3::text[], $4::text[])`,
      [org!.id, rows.map((r) => r.id), rows.map((r) => r.unit_path), rows.map((r) => r.manager_external_id)],
    );
  }
  await client.query('commit');
  const ms = performance.now() - started;
  client.release();
  await pool.end();
  return ms;
}

console.log(`load average at the start: ${loadavg().map((v) => v.toFixed(2)).join(' ')}; ${PEOPLE.toLocaleString('en')} people`);
const company = generateCompany(PEOPLE);
const first = companyCsv(company);
const second = companyCsv(nextMonth(company));
console.log(`files: ${mb(first.length / 1024)} and ${mb(second.length / 1024)} of CSV; peak RSS after making them ${peak()}`);

const postgres = await createBenchDatabase(SERVER, 'hr_sync_bench');
try {
  console.log(`anchor (plain node-postgres, the first load's rows only): ${s(await anchor(postgres.url, company))}`);
  await run('PostgreSQL', postgres.handle.db, first, second);
} finally {
  await postgres.drop();
}

if (process.env.HR_SYNC_EMBEDDED !== '0') {
  const dataDir = mkdtempSync(resolve('tmp-hr-sync-bench-'));
  const embedded = await createDb({ dataDir });
  try {
    await run('embedded (PGlite)', embedded.db, first, second);
  } finally {
    await embedded.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`load average at the end: ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
