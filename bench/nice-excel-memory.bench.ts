import { spawnSync } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { copyRows, createDb, eq, sql, tables, type CopyValue, type Database } from '@ona/db';
import { loadEmployees, visibleEmployees } from '../apps/server/src/modules/analytics-shared/analytics-scope.ts';
import { labeller } from '../apps/server/src/modules/analytics-shared/labels.ts';
import { writeTableWorkbook } from '../apps/server/src/modules/analytics-shared/workbook-stream.ts';
import { loadUnits } from '../apps/server/src/modules/engagements/repository.ts';
import { importNiceExcel, parseNiceExcel } from '../apps/server/src/modules/employees-import/nice-excel-import.ts';
import { defaultQuestionnaire } from '../apps/server/src/modules/survey/default-questionnaire.ts';
import { niceExcelWorkbook } from '../apps/server/src/modules/survey-exports/nice-excel.ts';
import { readWorkbookOffThread } from '../apps/server/src/modules/uploads/read-workbook.ts';
import { createBenchDatabase } from './support/bench-database.ts';

/**
 * Peak memory of the nice Excel at 100,000 people (issue 34, item 5; docs/benchmarks.md, "The nice
 * Excel at 100,000 people"): a PostgreSQL database gets 100,000 people in 1,000 units, the 13
 * default questions and NOMINATIONS nominations (spread over the questions); then, each in a child process of its own so that
 * each peak is its own, the export (the route's builder, `niceExcelWorkbook`, written by the
 * streaming writer to a file) and the import of that file (the upload's reader worker, the parse and
 * the one-transaction store into a second journey). Each child reports its CPU seconds
 * (process.cpuUsage, user + system, the reader worker's thread included), wall time and peak
 * resident memory (the process's maxRSS, threads included).
 *
 * `npx tsx bench/nice-excel-memory.bench.ts` (TEST_DATABASE_URL, PEOPLE and NOMINATIONS to change
 * the sizes; NOMINATIONS=9100000 is the whole survey of 100,000 people). KEEP_FILE=path keeps the
 * exported file, SKIP_IMPORT=1 stops after the export, IMPORT_FILE=path imports a kept file into a
 * fresh database (the halves of the long run, run apart). Not part of `npm run bench`: it loads
 * millions of rows.
 */
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PEOPLE = Number(process.env.PEOPLE ?? 100_000);
/** One answers-sheet row each: Excel's sheet holds 1,048,575 below its header. */
const NOMINATIONS = Number(process.env.NOMINATIONS ?? 1_000_000);
const UNITS = 1_000;
const SELF = fileURLToPath(import.meta.url);

interface Figures {
  phase: string;
  cpuSeconds: number;
  wallSeconds: number;
  peakRssMb: number;
  detail: Record<string, number | string>;
}

function report(phase: string, started: number, cpu: NodeJS.CpuUsage, detail: Record<string, number | string>): void {
  const used = process.cpuUsage(cpu);
  const figures: Figures = {
    phase,
    cpuSeconds: (used.user + used.system) / 1e6,
    wallSeconds: (performance.now() - started) / 1000,
    // maxRSS is in kilobytes.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    detail,
  };
  console.log(`FIGURES ${JSON.stringify(figures)}`);
}

async function load(db: Database): Promise<{ source: number; target: number; organizationId: number }> {
  const [organization] = await db.insert(tables.organizations).values({ name: 'Bench company' }).returning();
  if (!organization) throw new Error('no organisation');
  const journey = (name: string) => ({ organizationId: organization.id, name, accessFrom: '2026-01-01', accessTill: '2026-12-31', defaultLanguage: 'en' as const });
  const [source, target] = await db.insert(tables.engagements).values([journey('Source'), journey('Target')]).returning({ id: tables.engagements.id });
  if (!source || !target) throw new Error('no journeys');
  const unitIds = (await db.insert(tables.units).values(Array.from({ length: UNITS }, (_, u) => ({ engagementId: source.id, name: `Unit ${u}`, parentId: null, position: u }))).returning({ id: tables.units.id })).map((u) => u.id);
  await db.execute(sql`update ${tables.units} set parent_id = ${unitIds[0]} where engagement_id = ${source.id} and id <> ${unitIds[0]}`);
  const reserved = await db.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('employees', 'id'))::int as id from generate_series(1, ${PEOPLE}::int)`);
  const ids = reserved.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await copyRows(
    db,
    'employees',
    ['id', 'engagement_id', 'unit_id', 'leader_id', 'name', 'email', 'gender', 'generation', 'entry_date', 'job_title', 'attributes'],
    ids.map((id, i) => [id, source.id, unitIds[i % UNITS], i === 0 ? null : ids[Math.floor((i - 1) / 10)], `Person ${i}`, `person${i}@bench.test`, i % 2 ? 'female' : 'male', 'y', '2020-01-02', `Title ${i % 40}`, { site: `Site ${i % 12}` }]),
  );
  const questionIds = (await db.insert(tables.questions).values(defaultQuestionnaire().map((q, position) => ({ engagementId: source.id, ...q, position }))).returning({ id: tables.questions.id })).map((q) => q.id);
  // Each respondent names as many colleagues as the total asks for, spread evenly over the questions
  // (9,100,000 at 100,000 people: 7 to each of 13 questions, the whole survey of docs/survey-and-admin.md).
  const perPerson = Math.ceil(NOMINATIONS / PEOPLE);
  const perQuestion = Math.ceil(perPerson / questionIds.length);
  const answers = function* (): Generator<CopyValue[]> {
    for (let i = 0; i < PEOPLE; i++) {
      for (let q = 0, given = 0; given < perPerson && q < questionIds.length; q++) {
        const count = Math.min(perQuestion, perPerson - given);
        given += count;
        yield [source.id, ids[i] as number, questionIds[q] as number, Array.from({ length: count }, (_, j) => ids[(i + 1 + j + q * 37) % PEOPLE] as number)];
      }
    }
  };
  await copyRows(db, 'answers', ['engagement_id', 'employee_id', 'question_id', 'selected_employee_ids'], answers());
  return { source: source.id, target: target.id, organizationId: organization.id };
}

async function exportPhase(url: string, engagementId: number, file: string): Promise<void> {
  const handle = await createDb({ url, poolSize: 2 });
  const db = handle.db;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const [engagement] = await db.select().from(tables.engagements).where(eq(tables.engagements.id, engagementId));
  if (!engagement) throw new Error('no journey');
  const [employees, units] = await Promise.all([loadEmployees(db, engagementId), loadUnits(db, engagementId)]);
  const scope = {
    engagement,
    level: 'all_access' as const,
    ownEmployeeId: null,
    employees,
    employeeById: new Map(employees.map((e) => [e.id, e])),
    units,
    unitById: new Map(units.map((u) => [u.id, u])),
    visible: visibleEmployees('all_access', null, employees),
  };
  const out = createWriteStream(file);
  await writeTableWorkbook(await niceExcelWorkbook(db, scope, labeller('en'), 'en'), out);
  await finished(out);
  report('export', started, cpu, { bytes: statSync(file).size });
  await handle.close();
}

async function importPhase(url: string, engagementId: number, organizationId: number, file: string): Promise<void> {
  const handle = await createDb({ url, poolSize: 2 });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const workbook = await readWorkbookOffThread(readFileSync(file), { handOver: true });
  const read = process.cpuUsage(cpu);
  const content = parseNiceExcel(workbook, 'en');
  const result = await importNiceExcel(handle.db, { id: engagementId, organizationId }, content);
  const [stored] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(tables.answers).where(eq(tables.answers.engagementId, engagementId));
  report('import', started, cpu, { ...result, stored_answers: stored?.n ?? 0, read_cpu_seconds: (read.user + read.system) / 1e6 });
  await handle.close();
}

function child(args: string[]): Figures {
  const run = spawnSync(process.execPath, [...process.execArgv, SELF, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: process.env });
  const line = run.stdout.split('\n').find((l) => l.startsWith('FIGURES '));
  if (run.status !== 0 || !line) throw new Error(`${args[0]} failed (${run.status}): ${run.stderr.slice(-3000)}`);
  return JSON.parse(line.slice('FIGURES '.length)) as Figures;
}

const [phase, url, engagement, organization, file] = process.argv.slice(2);
if (phase === 'export' && url && engagement && file) await exportPhase(url, Number(engagement), file);
else if (phase === 'import' && url && engagement && organization && file) await importPhase(url, Number(engagement), Number(organization), file);
else if (process.env.IMPORT_FILE) {
  // The import alone, of a file kept from an earlier run (KEEP_FILE), into a fresh database.
  const database = await createBenchDatabase(SERVER, 'h3_nice_excel_bench');
  try {
    const [organization] = await database.handle.db.insert(tables.organizations).values({ name: 'Bench company' }).returning();
    if (!organization) throw new Error('no organisation');
    const [target] = await database.handle.db.insert(tables.engagements).values({ organizationId: organization.id, name: 'Target', accessFrom: '2026-01-01', accessTill: '2026-12-31', defaultLanguage: 'en' }).returning({ id: tables.engagements.id });
    if (!target) throw new Error('no journey');
    console.log(`importing ${process.env.IMPORT_FILE} (${statSync(process.env.IMPORT_FILE).size} bytes); load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const figures = child(['import', database.url, String(target.id), String(organization.id), process.env.IMPORT_FILE]);
    console.log(`${figures.phase}: ${figures.cpuSeconds.toFixed(1)} s CPU, ${figures.wallSeconds.toFixed(1)} s wall, peak RSS ${figures.peakRssMb.toFixed(0)} MB, ${JSON.stringify(figures.detail)}`);
    console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await database.drop();
  }
} else {
  const database = await createBenchDatabase(SERVER, 'h3_nice_excel_bench');
  const dir = mkdtempSync(join(tmpdir(), 'h3-nice-excel-'));
  try {
    const loadStarted = performance.now();
    const ids = await load(database.handle.db);
    const [counted] = await database.handle.db.select({ n: sql<number>`count(*)::int` }).from(tables.answers).where(eq(tables.answers.engagementId, ids.source));
    const [rows] = await database.handle.db.select({ n: sql<number>`sum(cardinality(selected_employee_ids))::int` }).from(tables.answers).where(eq(tables.answers.engagementId, ids.source));
    console.log(`loaded ${PEOPLE} people, ${counted?.n} answers, ${rows?.n} nominations in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const file = join(dir, 'nice.xlsx');
    const phases = [() => child(['export', database.url, String(ids.source), '0', file])];
    // SKIP_IMPORT: the export alone (with KEEP_FILE, for IMPORT_FILE runs of the import).
    if (!process.env.SKIP_IMPORT) phases.push(() => child(['import', database.url, String(ids.target), String(ids.organizationId), file]));
    for (const phase of phases) {
      const figures = phase();
      console.log(`${figures.phase}: ${figures.cpuSeconds.toFixed(1)} s CPU, ${figures.wallSeconds.toFixed(1)} s wall, peak RSS ${figures.peakRssMb.toFixed(0)} MB, ${JSON.stringify(figures.detail)}`);
      if (figures.phase === 'export' && process.env.KEEP_FILE) copyFileSync(file, process.env.KEEP_FILE);
    }
    console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}
