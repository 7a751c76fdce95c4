/**
 * A page of the key people list against the whole answer it replaced (docs/analysis-result-parts.md,
 * "Lists"): a synthetic organisation of BENCH_PEOPLE people (default 20,000) through the engine, then
 * what one request builds for an all_access reader: the page (50 rows, key roles most first, with the
 * role counts, explanations and units) and, as before, a row for everyone with every unit (the answer
 * the web page used to hold whole). CPU time of this process (process.cpuUsage), heap grown during
 * the request after a full collection (run with NODE_OPTIONS=--expose-gc), and the answer's JSON size.
 * Run: `NODE_OPTIONS=--expose-gc npx tsx bench/key-people-list.bench.ts`; figures go to
 * docs/benchmarks.md with the machine's load.
 */
import { loadavg } from 'node:os';
import { runAnalysisAsync } from '../packages/analytics/src/index.ts';
import { syntheticOrganisation } from '../packages/analytics/src/testing/synthetic.ts';
import { ZKeyPeopleListQuery } from '../packages/contracts/src/index.ts';
import { employeeRef } from '../apps/server/src/modules/analytics-shared/analytics-scope.ts';
import { explainer, roleExplanationsOf } from '../apps/server/src/modules/analytics-shared/explanations.ts';
import { keyPeopleList } from '../apps/server/src/modules/key-people/key-people-service.ts';
import { adminScope } from './support/admin-scope.ts';
import { measured } from './support/measured.ts';

const size = Number(process.env.BENCH_PEOPLE ?? 20_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
// The engine's ids as the product stores them (decimal), as bench/result-parts.bench.ts does.
const input = syntheticOrganisation({ employees: size, seed: 7 });
const idOf = (id: string) => Number(id.slice(1)) + (id.startsWith('u') ? 1_000_000 : 1);
const result = await runAnalysisAsync(input, {}, undefined, { workers: 2 });
const stored = { employees: result.employees.map((e) => ({ ...e, id: String(idOf(e.id)) })) };
const units = input.units.map((unit) => ({ id: idOf(unit.id), name: unit.name, parentId: unit.parentId === null ? null : idOf(unit.parentId), position: 0 }));
const employees = input.employees.map((e) => ({ id: idOf(e.id), name: e.name, email: null, unitId: idOf(e.unitId), leaderId: e.leaderId === null ? null : idOf(e.leaderId), userId: null, gender: null, generation: null, entryDate: null }));
const scope = adminScope(employees, units);
const explain = explainer('en');

const heapGrowth = (bytes: number | null) => (bytes === null ? 'n/a' : mb(bytes));

console.log(`key people list at ${size} people, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
for (const [label, query] of [['-key_roles (default)', {}], ['name', { sort: 'name' }], ['only with a role, unit', { sort: 'unit', only_with_roles: 'true' }]] as const) {
  const parsed = ZKeyPeopleListQuery.parse(query);
  const page = measured(() => JSON.stringify(keyPeopleList(scope, stored, parsed, explain, 'en')));
  console.log(`page ${label}: ${page.cpuMs} ms CPU, heap +${heapGrowth(page.heapBytes)}, answer ${mb(page.value.length)}`);
}
// The answer before: a row for everyone the reader sees, every unit, the explanations.
const whole = measured(() => {
  const results = stored.employees.map((e) => ({ employee: employeeRef(scope, Number(e.id)), unit: scope.employeeById.get(Number(e.id))?.unitId ?? null, is_key_person: e.keyRoles.length > 0, key_roles: e.keyRoles, group_roles: e.groupRoles }));
  return JSON.stringify({ results, units: scope.units.map((u) => ({ id: u.id, name: u.name, parent: u.parentId })), explanations: roleExplanationsOf({ keyRoles: results.flatMap((r) => r.key_roles), groupRoles: results.flatMap((r) => r.group_roles) }, explain) });
});
console.log(`whole answer (before): ${whole.cpuMs} ms CPU, heap +${heapGrowth(whole.heapBytes)}, answer ${mb(whole.value.length)}`);
