import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, sql, type Database } from '@ona/db';
import type { TAuditLogFilters } from '@ona/contracts';
import { listAuditEntries } from '../apps/server/src/modules/audit/audit-repository.ts';
import { createBenchDatabase } from './support/bench-database.ts';

/**
 * The audit log at a million entries (issue 32: "an audit log query over a million entries (paged,
 * indexed, fast)"). One organisation's chain is filled with AUDIT_BENCH_ENTRIES (default 1,000,000)
 * entries by one `insert … select … from generate_series` (two years of reads, sign-ins and
 * changes by 200 users about 5,000 people in 20 journeys), then each page query the
 * administrator's page sends is timed through the product's own `listAuditEntries`: the first
 * page, a page deep in the chain (keyset `before`), and each filter. The filled hashes are not a
 * valid chain (verify is not timed here: it walks every entry in pages by design); the queries do
 * not read them. Median of 20 runs after 3 warm-ups, on PostgreSQL (TEST_DATABASE_URL) and the
 * embedded database (AUDIT_BENCH_EMBEDDED=0 skips it). Not part of `npm test`.
 */
const ENTRIES = Number(process.env.AUDIT_BENCH_ENTRIES ?? 1_000_000);
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = 20;
const PAGE = 50;
const ACTIONS = ['individual_report.read', 'leader_report.read', 'metrics.read', 'graph.read', 'sign_in.success', 'sign_in.failure', 'export.download', 'api_key.use', 'directory.change', 'access_rights.change'];
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** Two years of entries, oldest first, evenly spaced; ids cycle so each filter matches a known share. */
async function fill(db: Database, organizationId: number): Promise<number> {
  const started = performance.now();
  const actions = `array[${ACTIONS.map((a) => `'${a}'`).join(',')}]`;
  await db.execute(sql.raw(`
    insert into audit_entries (organization_id, seq, occurred_at, action, outcome, actor_user_id, route, engagement_id, subject_employee_id, target_ids, ip_address, user_agent, prev_hash, hash)
    select ${organizationId}, n,
      timestamptz '2025-01-01T00:00:00Z' + (n * interval '730 days' / ${ENTRIES}),
      (${actions})[1 + n % ${ACTIONS.length}],
      case when n % ${ACTIONS.length} = 5 then 'failure' else 'success' end,
      1 + n % 200,
      'GET /api/engagements/{id}/individual-reports/{reportId}/',
      1 + n % 20,
      case when n % 3 = 0 then 1 + (n::bigint * 7919) % 5000 end,
      '{}'::jsonb, '203.0.113.9', 'bench',
      lpad(to_hex(n - 1), 64, '0'), lpad(to_hex(n), 64, '0')
    from generate_series(1, ${ENTRIES}) as n`));
  await db.execute(sql.raw(`insert into audit_chain_heads (organization_id, last_seq, last_hash) values (${organizationId}, ${ENTRIES}, lpad(to_hex(${ENTRIES}), 64, '0'))`));
  await db.execute(sql.raw('analyze audit_entries'));
  return performance.now() - started;
}

async function median(query: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await query();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await query();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)] ?? 0;
}

const CASES: { label: string; filters: TAuditLogFilters; before?: number }[] = [
  { label: 'first page, no filter', filters: {} },
  { label: 'a page in the middle of the chain (before = half)', filters: {}, before: Math.floor(ENTRIES / 2) },
  { label: 'action = sign_in.failure', filters: { action: 'sign_in.failure' } },
  { label: 'action = sign_in.failure, a page in the middle', filters: { action: 'sign_in.failure' }, before: Math.floor(ENTRIES / 2) },
  { label: 'actor = one of 200 users', filters: { actor: 17 } },
  { label: 'subject employee = one of 5,000 people', filters: { subject_employee: 4242 } },
  { label: 'journey = one of 20', filters: { engagement: 7 } },
  { label: 'one month a year ago (from/to)', filters: { from: '2025-12-01', to: '2025-12-31' } },
  { label: 'actor and one month a year ago', filters: { actor: 17, from: '2025-12-01', to: '2025-12-31' } },
];

async function run(label: string, db: Database): Promise<void> {
  const [organization] = (await db.execute<{ id: number }>(sql`insert into organizations (name) values ('Audit bench') returning id`)).rows;
  if (!organization) throw new Error('no organisation');
  console.log(`${label}: filled ${ENTRIES.toLocaleString('en')} entries in ${s(await fill(db, organization.id))}`);
  for (const c of CASES) {
    let rows = 0;
    const time = await median(async () => {
      rows = (await listAuditEntries(db, organization.id, c.filters, { before: c.before, size: PAGE })).length;
    });
    console.log(`${label}: ${c.label}: ${ms(time)} (${rows} entries)`);
  }
}

console.log(`load average at the start: ${loadavg().map((v) => v.toFixed(2)).join(' ')}; ${ENTRIES.toLocaleString('en')} entries, pages of ${PAGE}`);
const postgres = await createBenchDatabase(SERVER, 'audit_bench');
try {
  await run('PostgreSQL', postgres.handle.db);
} finally {
  await postgres.drop();
}
if (process.env.AUDIT_BENCH_EMBEDDED !== '0') {
  const dataDir = mkdtempSync(resolve('tmp-audit-bench-'));
  const embedded = await createDb({ dataDir });
  try {
    await run('embedded (PGlite)', embedded.db);
  } finally {
    await embedded.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`load average at the end: ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
