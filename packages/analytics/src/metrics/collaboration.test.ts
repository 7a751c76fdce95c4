import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../run-analysis.ts';
import { runAnalysisAsync } from '../run-analysis-async.ts';
import type { AnalysisInput, CollaborationTieInput } from '../types.ts';
import { syntheticOrganisation } from '../testing/synthetic.ts';
import { buildOrganisation } from '../graph/organisation.ts';
import { buildDigraph } from '../graph/digraph.ts';
import { resolveOptions } from '../options.ts';
import { computeGraphMeasures, withBetweenness } from './network-metrics.ts';
import { betweenness } from './betweenness.ts';
import { networkKeys, personMetricTable } from './person-metrics.ts';

const tie = (source: string, target: string, interactions = 2, met = 0): CollaborationTieInput => ({ source, target, interactions, fromSource: interactions - met, fromTarget: 0, met });

/** Seven people in two units: a triangle a-b-c, a bridge c-d, a path d-e-f; g has no tie (an isolate). */
function smallOrganisation(collaboration: AnalysisInput['collaboration']): AnalysisInput {
  const employee = (id: string, unitId: string, leaderId: string | null) => ({ id, name: id.toUpperCase(), unitId, leaderId, hasAnswered: true });
  return {
    employees: [employee('a', 'u1', null), employee('b', 'u1', 'a'), employee('c', 'u1', 'a'), employee('d', 'u2', 'a'), employee('e', 'u2', 'd'), employee('f', 'u2', 'd'), employee('g', 'u2', 'd')],
    units: [
      { id: 'u1', name: 'One', parentId: null },
      { id: 'u2', name: 'Two', parentId: 'u1' },
    ],
    questions: [{ id: 'q1', category: 'work_cooperation', kind: 'cooperation' }],
    // b names a, e names d (employee indexes 1 → 0 and 4 → 3).
    nominations: { source: Int32Array.of(1, 4), target: Int32Array.of(0, 3), question: Int32Array.of(0, 0) },
    collaboration,
  };
}

const TIES = [tie('a', 'b'), tie('a', 'c'), tie('b', 'c', 5, 3), tie('c', 'd', 3), tie('d', 'e'), tie('e', 'f', 4, 4)];

describe('collaboration network in the analysis', () => {
  it('has the metrics of the same undirected network built by hand, each tie both ways', () => {
    const input = smallOrganisation({ fromWeek: '2026-01-05', toWeek: '2026-02-02', coveredEmployeeIds: ['a', 'b', 'c', 'd', 'e', 'f', 'nobody'], ties: TIES });
    const result = runAnalysis(input);
    const collaboration = result.metrics.collaboration!;
    expect(collaboration).toBeDefined();

    // The same network by hand on the employees' indices (a=0 … g=6).
    const index = new Map(input.employees.map((e, i) => [e.id, i]));
    const sources: number[] = [];
    const targets: number[] = [];
    for (const t of TIES) {
      sources.push(index.get(t.source)!, index.get(t.target)!);
      targets.push(index.get(t.target)!, index.get(t.source)!);
    }
    const graph = buildDigraph(7, sources, targets);
    const options = resolveOptions({});
    const org = buildOrganisation(input);
    const seed = options.seed + 200;
    const expected = withBetweenness(
      computeGraphMeasures(graph, options, { unitOf: org.unitOf, unitCount: 2, extras: { closeness: { exactMaxNodes: 2000, pivots: 512, seed }, communitiesAndBrokerage: true, seed } }),
      betweenness(graph, { exactMaxNodes: 600, pivots: 256, seed, strata: org.unitOf }),
    );
    expect(collaboration).toEqual(expected);

    // Undirected: in-degree = out-degree = degree; figures checked by hand.
    expect(collaboration.inDegree).toEqual([2, 2, 3, 2, 2, 1, 0]);
    expect(collaboration.outDegree).toEqual(collaboration.inDegree);
    expect(collaboration.edgeCount).toBe(12);
    // c lies on every shortest path between {a, b} and {d, e, f}: 6 unordered pairs, 12 ordered.
    expect(collaboration.betweenness![2]).toBe(12);
    expect(collaboration.betweenness![0]).toBe(0);
    // Burt: g has no ties, so no constraint; f's only contact constrains it fully.
    expect(collaboration.constraint[6]).toBeNull();
    expect(collaboration.constraint[5]).toBeCloseTo(1, 10);
    expect(new Set(collaboration.community).size).toBeGreaterThan(1);
    expect(collaboration.brokerage).not.toBeNull();

    expect(result.collaboration).toEqual({ fromWeek: '2026-01-05', toWeek: '2026-02-02', coveredEmployees: 6, employees: 7, ties: TIES });
    expect(result.confidence.collaboration).toEqual({ covered: 6, employees: 7, rate: 6 / 7, band: 'high' });
    expect(networkKeys(result)).toContain('collaboration');
    const table = personMetricTable(result, 'collaboration')!;
    expect(table.columns.in_degree).toEqual([2, 2, 3, 2, 2, 1, 0]);
    expect(table.network.communityCount).toBe(new Set(collaboration.community).size);
    // The survey's networks are untouched by it.
    expect(result.metrics.work).toEqual(runAnalysis(smallOrganisation(null)).metrics.work);
  });

  it('keeps only ties between employees, each pair once, lower id first', () => {
    const input = smallOrganisation({
      fromWeek: '2026-01-05',
      toWeek: '2026-02-02',
      coveredEmployeeIds: [],
      ties: [{ source: 'b', target: 'a', interactions: 3, fromSource: 2, fromTarget: 1, met: 0 }, tie('a', 'stranger'), tie('c', 'c')],
    });
    const result = runAnalysis(input);
    expect(result.collaboration!.ties).toEqual([{ source: 'a', target: 'b', interactions: 3, fromSource: 1, fromTarget: 2, met: 0 }]);
    expect(result.confidence.collaboration).toEqual({ covered: 0, employees: 7, rate: 0, band: 'caution' });
  });

  it('is null without collaboration data, and the result is exactly the one of an input without the field', async () => {
    const base = syntheticOrganisation({ employees: 40, seed: 7, answerRate: 0.8, with360: true });
    const without = runAnalysis(base);
    expect(without.collaboration).toBeNull();
    expect('collaboration' in without.metrics).toBe(false);
    expect('collaboration' in without.confidence).toBe(false);
    expect(networkKeys(without)).not.toContain('collaboration');
    expect(JSON.stringify(runAnalysis({ ...base, collaboration: null }))).toBe(JSON.stringify(without));
    expect(JSON.stringify(await runAnalysisAsync({ ...base, collaboration: null }, {}, undefined, { workers: 2 }))).toBe(JSON.stringify(without));
  });

  it('gives the same result on worker threads as on one thread', async () => {
    const base = syntheticOrganisation({ employees: 60, seed: 11, answerRate: 0.9, with360: false });
    const ids = base.employees.map((e) => e.id);
    const ties = ids.slice(1).map((id, i) => tie(ids[i]! < id ? ids[i]! : id, ids[i]! < id ? id : ids[i]!));
    const input = { ...base, collaboration: { fromWeek: '2026-01-05', toWeek: '2026-02-02', coveredEmployeeIds: ids, ties } };
    const options = { metrics: { betweenness: { parallelMinNodes: 10 } } };
    const single = runAnalysis(input, options);
    expect(single.metrics.collaboration!.inDegree.reduce((x, y) => x + y, 0)).toBe(2 * ties.length);
    expect(JSON.stringify(await runAnalysisAsync(input, options, undefined, { workers: 2 }))).toBe(JSON.stringify(single));
  });
});
