/**
 * What storing an analysis result in parts costs and saves (docs/analysis-result-parts.md):
 * a synthetic organisation of N people (default 2,000) through the engine, then the whole result as
 * one JSON text (what one jsonb value held) against the split into gzip parts the worker thread
 * does, the join of every part, and the join of the parts one page reads (the work network's
 * metrics; the retention sections); then what one request of a page of the Metrics datasheet reads and
 * builds at BENCH_LIST_PEOPLE people. Run: `NODE_OPTIONS=--expose-gc npx tsx bench/result-parts.bench.ts 5000`.
 * Figures go to docs/benchmarks.md with the machine's load (`uptime`).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { personMetricTable, runAnalysisAsync } from '../packages/analytics/src/index.ts';
import { syntheticOrganisation } from '../packages/analytics/src/testing/synthetic.ts';
import { joinResult, splitResult } from '../apps/server/src/modules/analysis/result-parts.ts';
import { orderedPeople } from '../apps/server/src/modules/metrics/metric-order.ts';
import { metricsSections } from '../apps/server/src/modules/metrics/metrics-sections.ts';
import { metricRow, metricRows } from '../apps/server/src/modules/metrics/metrics-service.ts';
import { measured } from './support/measured.ts';

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

// A page of the Metrics datasheet (docs/analysis-result-parts.md, "Lists"): what one request reads
// and builds, at BENCH_LIST_PEOPLE (default 20,000). The engine's ids are made the decimal ids the
// product stores (`e12` → `13`); the reader is at all_access with every person a row of the
// directory; the groups are the units, as the page's default. CPU time of this process
// (process.cpuUsage), heap grown during the request after a full collection (run with
// NODE_OPTIONS=--expose-gc, else the heap figures are left out).
const listSize = Number(process.env.BENCH_LIST_PEOPLE ?? 20_000);
const decimalIds = (value: unknown): unknown => {
  if (typeof value === 'string') return /^e\d+$/.test(value) ? String(Number(value.slice(1)) + 1) : /^u\d+$/.test(value) ? String(1_000_000 + Number(value.slice(1))) : value;
  if (Array.isArray(value)) return value.map(decimalIds);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, decimalIds(child)]));
  return value;
};
const listInput = decimalIds(syntheticOrganisation({ employees: listSize, seed: 7 })) as Parameters<typeof runAnalysisAsync>[0];
const listResult = await runAnalysisAsync(listInput, {}, undefined, { workers: 2 });
const listParts = splitResult(listResult);
const sections = metricsSections('work');
const pageParts = listParts.filter((part) => part.path[0] === 'employeeIds' || sections.some((section) => section.every((segment, i) => i >= part.path.length || part.path[i] === segment)));
const pageResult = joinResult(pageParts);
const table = personMetricTable(pageResult, 'work');
if (!table) throw new Error('no work network');
const units = listInput.units.map((unit, position) => ({ id: Number(unit.id), name: unit.name, parentId: unit.parentId === null ? null : Number(unit.parentId), position }));
const employees = listInput.employees.map((e) => ({ id: Number(e.id), name: e.name, email: null, unitId: Number(e.unitId), leaderId: e.leaderId === null ? null : Number(e.leaderId), userId: null, gender: null, generation: null, entryDate: null }));
const scope = {
  level: 'all_access' as const,
  ownEmployeeId: null,
  visible: new Set(employees.map((e) => e.id)),
  employeeById: new Map(employees.map((e) => [e.id, e])),
  unitById: new Map(units.map((u) => [u.id, u])),
  units,
};
const unitName = new Map(units.map((u) => [String(u.id), u.name]));
const groups = { table, groupOf: (index: number) => unitName.get(pageResult.employees[index]?.unitId ?? '') ?? null, rolesOf: (index: number) => pageResult.employees[index]?.groupRoles ?? [] };
const heapGrowth = (bytes: number | null) => (bytes === null ? 'n/a' : mb(bytes));
console.log(`\nMetrics datasheet at ${listSize} people: ${pageParts.length} parts read, ${mb(bytesOf(pageParts))} compressed (of ${mb(bytesOf(listParts))} stored), load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
for (const sort of ['name', '-in_degree', 'betweenness'] as const) {
  const query = { unit: [] as number[], q: '', sort };
  // The page: the order as engine indexes, then only the page's 50 rows.
  const page = measured(() => Array.from(orderedPeople(scope, pageResult, table, query, 'en').subarray(0, 50), (index) => metricRow(scope, pageResult, groups, index)));
  // Every row built (the export's path; the page built these before it was sliced).
  const every = measured(() => metricRows(scope, pageResult, groups, query, 'en').slice(0, 50));
  const same = JSON.stringify(page.value) === JSON.stringify(every.value);
  console.log(`sort ${sort}: page of 50 ${page.cpuMs} ms CPU, heap +${heapGrowth(page.heapBytes)}; every row built ${every.cpuMs} ms CPU, heap +${heapGrowth(every.heapBytes)}; same first page: ${same}`);
}
