/**
 * The retention page's answers at scale against the whole answer they replaced (docs/analysis-result-parts.md,
 * "The retention page, paged"): a synthetic organisation of BENCH_PEOPLE people (default 20,000)
 * through the engine, then what one request builds for an all_access reader, uncached: a datasheet
 * page (50 rows) under three sorts and a filter, the org chart's tops and one branch, the whole
 * answer without its people (now) and with them (before). CPU time of this process, heap grown
 * during the request after a full collection (NODE_OPTIONS=--expose-gc), and the answer's JSON size.
 * Run: `NODE_OPTIONS=--expose-gc npx tsx bench/retention-pages.bench.ts`; figures go to
 * docs/benchmarks.md with the machine's load.
 */
import { loadavg } from 'node:os';
import { runAnalysisAsync } from '../packages/analytics/src/index.ts';
import { syntheticOrganisation } from '../packages/analytics/src/testing/synthetic.ts';
import { ZRetentionEmployeeListQuery, ZRetentionOrgChartQuery } from '../packages/contracts/src/index.ts';
import { explainer } from '../apps/server/src/modules/analytics-shared/explanations.ts';
import type { StoredAnalysis } from '../apps/server/src/modules/analytics-shared/latest-result.ts';
import { retentionEmployeePage } from '../apps/server/src/modules/retention-analytics/retention-employee-list.ts';
import { retentionOrgChart } from '../apps/server/src/modules/retention-analytics/retention-org-chart.ts';
import type { RetentionResult } from '../apps/server/src/modules/retention-analytics/retention-sections.ts';
import { retentionAnalytics } from '../apps/server/src/modules/retention-analytics/retention-service.ts';
import { adminScope } from './support/admin-scope.ts';
import { measured } from './support/measured.ts';

const size = Number(process.env.BENCH_PEOPLE ?? 20_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
// The engine's ids as the product stores them (decimal), as bench/result-parts.bench.ts does.
const input = syntheticOrganisation({ employees: size, seed: 7 });
const idOf = (id: string) => Number(id.slice(1)) + (id.startsWith('u') ? 1_000_000 : 1);
const engineId = (id: string) => String(idOf(id));
const result = await runAnalysisAsync(input, {}, undefined, { workers: 2 });
const employeesOut = result.employees.map((e) => ({ ...e, id: engineId(e.id), leaderId: e.leaderId === null ? null : engineId(e.leaderId), directReports: e.directReports.map(engineId) }));
const stored = {
  runId: 1,
  version: '1',
  finishedAt: new Date(),
  employeeIndex: new Map(),
  result: {
    employees: employeesOut,
    retention: {
      ...result.retention,
      keyPeopleInDanger: result.retention.keyPeopleInDanger.map((k) => ({ ...k, employeeId: engineId(k.employeeId) })),
      leadersInNeedOfSupport: result.retention.leadersInNeedOfSupport.map((l) => ({ ...l, leaderId: engineId(l.leaderId), neglectedIds: l.neglectedIds.map(engineId) })),
    },
    groups: result.groups.map((g) => ({ ...g, leaderId: engineId(g.leaderId), memberIds: g.memberIds.map(engineId), dysfunctions: g.dysfunctions.map((d) => ({ ...d, affected: d.affected.map(engineId) })) })),
  },
} as unknown as StoredAnalysis<RetentionResult>;
const units = input.units.map((unit) => ({ id: idOf(unit.id), name: unit.name, parentId: unit.parentId === null ? null : idOf(unit.parentId), position: 0 }));
const employees = input.employees.map((e) => ({ id: idOf(e.id), name: e.name, email: null, unitId: idOf(e.unitId), leaderId: e.leaderId === null ? null : idOf(e.leaderId), userId: null, gender: null, generation: 'y', entryDate: '2020-01-01' }));
const scope = adminScope(employees, units, { aggregateRiskOnlyForLeaders: false });
const explain = explainer('en');
const heapGrowth = (bytes: number | null) => (bytes === null ? 'n/a' : mb(bytes));
const line = (label: string, run: ReturnType<typeof measured<string>>) => console.log(`${label}: ${run.cpuMs} ms CPU, heap +${heapGrowth(run.heapBytes)}, answer ${mb(run.value.length)}`);

console.log(`retention pages at ${size} people, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
for (const [label, query] of [
  ['datasheet -risk_level (default), levels 1-4', { risk_level: ['1', '2', '3', '4'] }],
  ['datasheet name', { sort: 'name' }],
  ['datasheet leader', { sort: 'leader' }],
  ['datasheet unit filter, works_since', { sort: 'works_since', unit: String(units[1]?.id ?? units[0]?.id) }],
] as const) {
  const parsed = ZRetentionEmployeeListQuery.parse(query);
  line(label, measured(() => JSON.stringify(retentionEmployeePage(scope, stored.result, parsed, explain, 'en', new Date()))));
}
const tops = retentionOrgChart(scope, stored.result, ZRetentionOrgChartQuery.parse({}), 'en');
line('org chart tops', measured(() => JSON.stringify(retentionOrgChart(scope, stored.result, ZRetentionOrgChartQuery.parse({}), 'en'))));
const leader = tops.people[0]?.id;
line('org chart one branch', measured(() => JSON.stringify(retentionOrgChart(scope, stored.result, ZRetentionOrgChartQuery.parse({ leader: String(leader) }), 'en'))));
line('whole answer as the pages ask it (people=false)', measured(() => JSON.stringify(retentionAnalytics(scope, stored, 5, explain, false))));
line('whole answer with every person (the spec’s; the pages before)', measured(() => JSON.stringify(retentionAnalytics(scope, stored, 5, explain, true))));
