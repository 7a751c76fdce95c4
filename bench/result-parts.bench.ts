/**
 * What storing an analysis result in parts costs and saves (docs/analysis-result-parts.md):
 * a synthetic organisation of N people (default 2,000) through the engine, then the whole result as
 * one JSON text (what one jsonb value held) against the split into gzip parts the worker thread
 * does, the join of every part, and the join of the parts one page reads (the work network's
 * metrics; the retention sections). Run: `npx tsx bench/result-parts.bench.ts 5000`.
 * Figures go to docs/benchmarks.md with the machine's load (`uptime`).
 */
import { performance } from 'node:perf_hooks';
import { runAnalysisAsync } from '../packages/analytics/src/index.ts';
import { syntheticOrganisation } from '../packages/analytics/src/testing/synthetic.ts';
import { joinResult, splitResult } from '../apps/server/src/modules/analysis/result-parts.ts';

const size = Number(process.argv[2] ?? 2000);
const timed = <T>(run: () => T): { value: T; ms: number } => {
  const start = performance.now();
  const value = run();
  return { value, ms: Math.round(performance.now() - start) };
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const result = await runAnalysisAsync(syntheticOrganisation({ employees: size, seed: 42, with360: true }), {}, undefined, { workers: 2 });
const whole = timed(() => JSON.stringify(result));
const split = timed(() => splitResult(result));
const parts = split.value;
const stored = parts.reduce((sum, part) => sum + part.body.byteLength, 0);
const largest = parts.reduce((max, part) => Math.max(max, part.body.byteLength), 0);
const joined = timed(() => joinResult(parts));
const equal = JSON.stringify(joined.value) === whole.value;
const pick = (test: (path: readonly string[]) => boolean) => parts.filter((part) => part.path[0] === 'employeeIds' || test(part.path));
const metricsWork = pick((path) => path[0] === 'metrics' && path[1] === 'work');
const retention = pick((path) => ['employees', 'retention', 'groups'].includes(path[0] ?? ''));
const joinMetrics = timed(() => joinResult(metricsWork));
const joinRetention = timed(() => joinResult(retention));
const bytesOf = (list: typeof parts) => list.reduce((sum, part) => sum + part.body.byteLength, 0);

console.log(`people ${size}`);
console.log(`whole JSON ${mb(whole.value.length)} in ${whole.ms} ms (one string in the parent before; now never built)`);
console.log(`split + gzip ${parts.length} parts, ${mb(stored)} stored (largest ${mb(largest)}) in ${split.ms} ms`);
console.log(`join of every part ${joined.ms} ms, same JSON text as the whole: ${equal}`);
console.log(`metrics page (work network): ${metricsWork.length} parts, ${mb(bytesOf(metricsWork))} read, joined in ${joinMetrics.ms} ms`);
console.log(`retention page: ${retention.length} parts, ${mb(bytesOf(retention))} read, joined in ${joinRetention.ms} ms`);
