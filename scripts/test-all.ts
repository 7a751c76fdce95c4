import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SLOWEST_FILES_HEADING } from './slowest-files-reporter.ts';

/**
 * `npm test`: every test, in stages. Type checks first, then the unit and API tests on the embedded
 * database; then the API tests on PostgreSQL and the browser tests **at the same time**. Measured on
 * two cores (docs/architecture.md, "Test run and its duration"), the browser stage leaves about a
 * third of the CPU idle (its workers wait on page loads and the network going quiet) and the
 * PostgreSQL stage waits on the database server much of its time, so the two together take little
 * longer than the browser stage alone. They share nothing: each API test file has its own throw-away
 * database, each browser worker its own server and database.
 *
 * The PostgreSQL stage's output is kept in a file and printed whole when both have ended, so that
 * the two never interleave; the browser stage prints as it goes and is kept in a file too. A record
 * of a CI run keeps only its last lines, so when the browser stage failed its closing part (Vitest's
 * list of failed tests and their errors) is printed again after the PostgreSQL stage's output.
 * A failed stage fails `npm test`; after a failed type check or unit stage nothing further runs,
 * as with `&&` before.
 */

type TStage = { name: string; script: string };
type TResult = { name: string; code: number; seconds: number };

/** Runs a stage; its output goes to the terminal, to a file, or to both (`echo` with a file). */
function run(stage: TStage, output: 'inherit' | string, echo = false): Promise<TResult> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', stage.script, '--silent'], { stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (output !== 'inherit') {
      const file = createWriteStream(output);
      child.stdout?.pipe(file);
      child.stderr?.pipe(file);
      if (echo) {
        child.stdout?.pipe(process.stdout);
        child.stderr?.pipe(process.stderr);
      }
    }
    child.on('close', (code) => done({ name: stage.name, code: code ?? 1, seconds: Math.round((performance.now() - started) / 1000) }));
  });
}

/** Vitest's closing part: from its "Failed Tests" banner on, or the last 200 lines without one. */
function failuresOf(log: string): string {
  const banner = log.search(/Failed Tests \d+|Failed Suites \d+/);
  if (banner !== -1) return log.slice(Math.max(0, log.lastIndexOf('\n', banner - 80)));
  return log.split('\n').slice(-200).join('\n');
}

const results: TResult[] = [];
function summary(): void {
  console.log(`\nnpm test: ${results.map((r) => `${r.name} ${r.code === 0 ? 'passed' : 'FAILED'} in ${r.seconds} s`).join('; ')}`);
}

for (const stage of [
  { name: 'type checks', script: 'typecheck' },
  { name: 'unit and API tests (embedded database)', script: 'test:unit' },
]) {
  const result = await run(stage, 'inherit');
  results.push(result);
  if (result.code !== 0) {
    summary();
    process.exit(result.code);
  }
}

const logs = await mkdtemp(join(tmpdir(), 'ona-test-'));
const postgresLog = join(logs, 'postgres-stage.log');
const browserLog = join(logs, 'browser-stage.log');
if (process.env.TEST_DATABASE_URL) console.log(`\nThe API tests on PostgreSQL run beside the browser tests; their output follows when both have ended (${postgresLog}).\n`);
const [postgres, browser] = await Promise.all([
  run({ name: 'API tests on PostgreSQL', script: 'test:postgres' }, postgresLog),
  run({ name: 'browser tests (build included)', script: 'test:e2e' }, browserLog, true),
]);
console.log(`\n--- API tests on PostgreSQL (${postgresLog}) ---`);
console.log(await readFile(postgresLog, 'utf8'));
const browserOutput = await readFile(browserLog, 'utf8');
const browserSlowest = browserOutput.lastIndexOf(SLOWEST_FILES_HEADING);
if (browserSlowest !== -1) console.log(`\n--- browser tests, again their slowest files ---\n${browserOutput.slice(browserSlowest).split('\n\n')[0]}`);
if (browser.code !== 0) console.log(`\n--- browser tests, again from their failures on (${browserLog}) ---\n${failuresOf(browserOutput)}`);
results.push(postgres, browser);
summary();
process.exit(postgres.code !== 0 ? postgres.code : browser.code);
