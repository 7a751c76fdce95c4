import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/**
 * Runs every benchmark of the project in turn; each prints its own figures. The figures are
 * written down in docs/ (never asserted in tests).
 */
const benchmarks = ['packages/analytics/bench/analysis.bench.ts', 'bench/communities.bench.ts', 'bench/api-login.bench.ts', 'bench/survey-load.bench.ts', 'bench/request-path.bench.ts', 'bench/graph.bench.ts', 'bench/instant-survey-load.bench.ts', 'bench/first-load.bench.ts', 'bench/site-first-load.bench.ts', 'bench/hr-sync.bench.ts', 'bench/collaboration-import.bench.ts', 'bench/audit-log.bench.ts', 'bench/scale-load.bench.ts'];

let failed = false;
for (const file of benchmarks) {
  if (!existsSync(file)) continue;
  console.log(`\n=== ${file} ===`);
  const result = spawnSync('npx', ['tsx', file, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
