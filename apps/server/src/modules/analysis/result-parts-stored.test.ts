import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personMetricTable, runAnalysis, type NetworkKey } from '@ona/analytics';
import type { TMetricsPage, TPersonMetricId } from '@ona/contracts';
import { and, desc, eq, tables } from '@ona/db';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { storedResultOf } from '../../testing/stored-result.ts';
import { analysisOfRun, individualReportOfRun, requireLatestAnalysis } from '../analytics-shared/latest-result.ts';
import { loadAnalysisInput } from './analysis-input.ts';
import { latestRunId, runRowVersion, storeFinishedRun } from './run-repository.ts';
import { splitResult } from './result-parts.ts';
import { rewriteStoredResults } from './run-parts-repository.ts';
import { replaceStrings } from '../data-subject-requests/data-subject.ts';

// docs/analysis-result-parts.md: a run stored in parts, read whole and in sections, rewritten by an
// erasure; and a run stored before the parts (its result one jsonb value) read the same way.
let ctx: TestContext;
let org: AnalyticsOrganisation;
let runId: number;
const db = () => ctx.db.db;
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const withoutTimings = ({ timings: _timings, ...rest }: { timings: unknown }) => rest;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  const latest = await latestRunId(db(), org.engagementId);
  if (!latest) throw new Error('the organisation was not analysed');
  runId = latest.id;
});

afterAll(async () => {
  await ctx.close();
});

describe('a run analysed through the worker', () => {
  it('is stored in parts, its jsonb result left empty, and reads back equal to the whole the engine gives', async () => {
    const [run] = await db().select({ result: tables.analysisRuns.result }).from(tables.analysisRuns).where(eq(tables.analysisRuns.id, runId));
    expect(run?.result).toBeNull();
    const parts = await db().select({ path: tables.analysisRunParts.path }).from(tables.analysisRunParts).where(eq(tables.analysisRunParts.runId, runId));
    expect(parts.map((p) => p.path.join('.'))).toEqual(expect.arrayContaining(['employeeIds', 'employees', 'retention', 'metrics.work', 'graph.nodes']));
    // The same input through the engine on this thread: the stored parts join to it (timings aside: a clock).
    const engine = asJson(runAnalysis(await loadAnalysisInput(db(), org.engagementId, { collaboration: true }))) as { timings: unknown };
    const joined = (await storedResultOf(db(), runId)) as unknown as { timings: unknown };
    expect(withoutTimings(joined)).toStrictEqual(withoutTimings(engine));
    // And so does what every report reads.
    const read = await requireLatestAnalysis(db(), org.engagementId);
    expect(asJson(read.result)).toStrictEqual(asJson(joined));
    expect(JSON.stringify(read.result)).toBe(JSON.stringify(joined));
  });

  it('gives a page only the sections it asks for: one network’s metrics, the retention pages', async () => {
    const whole = (await storedResultOf(db(), runId))!;
    const metrics = await requireLatestAnalysis(db(), org.engagementId, [['metrics', 'work']]);
    expect(Object.keys(metrics.result).sort()).toEqual(['employeeIds', 'metrics']);
    expect(asJson(metrics.result.metrics)).toStrictEqual({ work: asJson(whole.metrics.work), byKind: {}, byCategory: {} });
    expect(metrics.outline.map((path) => path.join('.'))).toContain('metrics.work');
    const retention = await requireLatestAnalysis(db(), org.engagementId, [['retention'], ['groups']]);
    expect(Object.keys(retention.result).sort()).toEqual(['employeeIds', 'groups', 'retention']);
    expect(asJson(retention.result.retention)).toStrictEqual(asJson(whole.retention));
    expect(retention.employeeIndex.get(org.people.a1)).toBe(whole.employeeIds.indexOf(String(org.people.a1)));
  });

  it('pages the Metrics table in the order of sorting every row of the whole result in memory, for several columns both ways, ties by name then id', async () => {
    const whole = (await storedResultOf(db(), runId))!;
    const people = await db().select({ id: tables.employees.id, name: tables.employees.name, unitId: tables.employees.unitId }).from(tables.employees).where(eq(tables.employees.engagementId, org.engagementId));
    const units = new Map((await db().select({ id: tables.units.id, name: tables.units.name }).from(tables.units).where(eq(tables.units.engagementId, org.engagementId))).map((u) => [u.id, u.name]));
    const personOf = new Map(people.map((p) => [p.id, p]));
    // The reference: every person of the run, the whole column, sorted as the page promises.
    const expected = (network: NetworkKey, sort: string): number[] => {
      const table = personMetricTable(whole, network)!;
      const descending = sort.startsWith('-');
      const key = descending ? sort.slice(1) : sort;
      const sign = descending ? -1 : 1;
      const rows = whole.employeeIds.map((engineId, index) => {
        const person = personOf.get(Number(engineId))!;
        const value = key === 'name' || key === 'unit' ? null : (table.columns[key as TPersonMetricId]?.[index] ?? null);
        return { id: person.id, name: person.name, unit: (person.unitId === null ? undefined : units.get(person.unitId)) ?? '', value: value !== null && Number.isFinite(value) ? value : null };
      });
      type Row = (typeof rows)[number];
      const byName = (a: Row, b: Row) => a.name.localeCompare(b.name) || a.id - b.id;
      return rows
        .sort((a, b) => {
          if (key === 'name') return sign * byName(a, b);
          if (key === 'unit') return sign * a.unit.localeCompare(b.unit) || byName(a, b);
          if (a.value === null || b.value === null) return a.value === b.value ? byName(a, b) : a.value === null ? 1 : -1;
          return sign * (a.value - b.value) || byName(a, b);
        })
        .map((row) => row.id);
    };
    const paged = async (token: string, network: string, sort: string): Promise<number[]> => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const res = await getAs(ctx, token, `/api/engagements/${org.engagementId}/metrics/?network=${network}&sort=${sort}&page=${page}&page_size=5`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<TMetricsPage>();
        ids.push(...body.data.map((row) => row.employee.id));
        if (ids.length >= body.total) return ids;
      }
    };
    let ties = 0;
    for (const network of ['work', 'kind:advice'] as const) {
      for (const column of ['name', 'unit', 'in_degree', 'betweenness', 'closeness', 'community', 'constraint']) {
        for (const sort of [column, `-${column}`]) {
          const want = expected(network, sort);
          expect(await paged(org.tokens.admin, network, sort), `${network} ${sort}`).toEqual(want);
        }
      }
      const inDegree = personMetricTable(whole, network)!.columns.in_degree ?? [];
      ties += inDegree.length - new Set(inDegree).size;
    }
    // Equal values happen, so the order of ties was checked too.
    expect(ties).toBeGreaterThan(0);
    // Below all_access another's out-degree is withheld: sorted by it, the leader's own row comes
    // first, then everyone else by name, whichever way.
    for (const sort of ['out_degree', '-out_degree']) {
      const ids = await paged(org.tokens.leader, 'work', sort);
      expect(ids[0]).toBe(org.people.leadA);
      const others = ids.slice(1).map((id) => personOf.get(id)!);
      expect(others.map((p) => p.id)).toEqual([...others].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id).map((p) => p.id));
    }
  });

  it('is rewritten part by part by an erasure: the name is gone from every part, and readers see the new version', async () => {
    const [person] = await db().select({ name: tables.employees.name }).from(tables.employees).where(eq(tables.employees.id, org.people.a2));
    const name = person!.name;
    const before = await requireLatestAnalysis(db(), org.engagementId);
    expect(JSON.stringify(before.result)).toContain(`"${name}"`);
    const rewritten = await db().transaction((tx) => rewriteStoredResults(tx, [org.engagementId], (value) => replaceStrings(value, (text) => (text === name ? 'Erased person' : text))));
    expect(rewritten).toEqual([runId]);
    const stored = JSON.stringify(await storedResultOf(db(), runId));
    expect(stored).not.toContain(`"${name}"`);
    expect(stored).toContain('"Erased person"');
    const after = await requireLatestAnalysis(db(), org.engagementId);
    expect(after.version).not.toBe(before.version);
    expect(JSON.stringify(after.result)).not.toContain(`"${name}"`);
    // Nothing else changed: the figures are the same.
    expect(asJson(after.result.metrics)).toStrictEqual(asJson(before.result.metrics));
  });
});

describe('a run stored before the parts, its result one jsonb value', () => {
  it('still reads, whole and in sections, and is rewritten as one value', async () => {
    const whole = (await storedResultOf(db(), runId))!;
    const [legacy] = await db().insert(tables.analysisRuns).values({ engagementId: org.engagementId, status: 'done', progress: 100, step: 'done', result: whole, finishedAt: new Date() }).returning();
    const [newest] = await db().select({ id: tables.analysisRuns.id }).from(tables.analysisRuns).where(and(eq(tables.analysisRuns.engagementId, org.engagementId), eq(tables.analysisRuns.status, 'done'))).orderBy(desc(tables.analysisRuns.id)).limit(1);
    expect(newest?.id).toBe(legacy!.id);
    const read = await requireLatestAnalysis(db(), org.engagementId);
    expect(read.runId).toBe(legacy!.id);
    expect(asJson(read.result)).toStrictEqual(asJson(whole));
    const section = await analysisOfRun(db(), org.engagementId, legacy!.id, read.version, [['retention']]);
    expect(Object.keys(section.result).sort()).toEqual(['employeeIds', 'retention']);
    expect(asJson(section.result.retention)).toStrictEqual(asJson(whole.retention));
    const [person] = await db().select({ name: tables.employees.name }).from(tables.employees).where(eq(tables.employees.id, org.people.b1));
    const rewritten = await db().transaction((tx) => rewriteStoredResults(tx, [org.engagementId], (value) => replaceStrings(value, (text) => (text === person!.name ? 'Erased person' : text))));
    expect(rewritten).toContain(legacy!.id);
    const after = await requireLatestAnalysis(db(), org.engagementId);
    expect(JSON.stringify(after.result)).not.toContain(`"${person!.name}"`);
  });
});

describe('one person’s individual report', () => {
  it('is read from the stored page that holds it, equal to the whole result’s, on a run of several pages', async () => {
    const whole = (await storedResultOf(db(), runId))!;
    // Pages of four people: the twelve reports lie on three pages.
    const parts = splitResult(whole, 4);
    expect(parts.filter((part) => part.path.join('.') === 'individualReports')).toHaveLength(3);
    const paged = await storeFinishedRun(db(), { engagementId: org.engagementId }, parts);
    const [row] = await db().select({ version: runRowVersion }).from(tables.analysisRuns).where(eq(tables.analysisRuns.id, paged));
    for (const report of whole.individualReports) {
      const read = await individualReportOfRun(db(), org.engagementId, paged, row!.version, Number(report.employeeId));
      expect(asJson(read), report.employeeId).toStrictEqual(asJson(report));
    }
    expect(await individualReportOfRun(db(), org.engagementId, paged, row!.version, 999_999)).toBeNull();
  });
});
