import { describe, expect, it } from 'vitest';
import { runAnalysis } from './run-analysis.ts';
import { krackhardtOrganisation } from './testing/krackhardt-organisation.ts';
import { readCsv, referenceNumber } from './testing/krackhardt.ts';
import type { RiskFactorCode } from './risk/factor-codes.ts';

/**
 * The whole engine on a real organisation: Krackhardt's 21 high-tech managers, with advice as the
 * advice question, friendship as sympathy and reports-to as the leader tree. The figures asserted
 * here were checked against the NetworkX and sna reference files and the nodes table.
 */
describe('the engine on the Krackhardt high-tech managers', () => {
  const result = runAnalysis(krackhardtOrganisation());
  const employee = (id: string) => result.employees.find((e) => e.id === id)!;
  const column = (values: readonly number[], id: string): number => values[result.employeeIds.indexOf(id)]!;
  const adviceReference = readCsv('reference/krackhardt_hightech__advice__node_metrics.csv');
  /** Everyone who holds `code` in the list `of` picks, sorted. */
  const holders = (of: (e: (typeof result.employees)[number]) => readonly string[], code: string) =>
    result.employees.filter((e) => of(e).includes(code)).map((e) => e.id).sort();

  it('reads the data without warnings', () => {
    expect(result.warnings).toEqual([]);
    expect(result.employees).toHaveLength(21);
  });

  it('finds v18 the top advice broker, with the reference betweenness (the work graph is the advice graph here)', () => {
    const work = result.metrics.work.betweenness!;
    const top = result.employeeIds[work.indexOf(Math.max(...work))];
    expect(top).toBe('v18');
    for (const row of adviceReference) expect(Math.abs(column(work, row.id!) - referenceNumber(row, 'betweenness_directed_raw')!)).toBeLessThanOrEqual(1e-9);
    // Broker: the two highest work betweenness (top 5% of 21 is 2) with enough brokerage between departments.
    expect(holders((e) => e.keyRoles, 'broker')).toEqual(['v18', 'v21']);
  });

  it('gives exactly these key and group roles, and no one else any', () => {
    const everyKeyRole = result.employees.filter((e) => e.keyRoles.length > 0).map((e) => [e.id, [...e.keyRoles].sort()]);
    expect(everyKeyRole).toEqual([
      ['v2', ['advisor']],
      ['v18', ['advisor', 'broker']],
      ['v21', ['advisor', 'broker']],
    ]);
    // Gould–Fernandez roles over departments (z-scores as sna): v18 bridges other departments, v21 works its own and outward.
    const everyGroupRole = result.employees.filter((e) => e.groupRoles.length > 0).map((e) => [e.id, [...e.groupRoles].sort()]);
    expect(everyGroupRole).toEqual([
      ['v18', ['itinerant', 'liaison']],
      ['v21', ['coordinator', 'representative']],
    ]);
  });

  it('makes the three most asked managers advisors: v2 (18 colleagues), v18 and v21 (15 each)', () => {
    expect(column(result.metrics.byKind.advice!.inDegree, 'v2')).toBe(18);
    const advisors = result.employees.filter((e) => e.keyRoles.includes('advisor')).map((e) => e.id);
    expect(advisors.sort()).toEqual(['v18', 'v2', 'v21']);
  });

  it.each([
    ['advice', 'advice'],
    ['friendship', 'sympathy'],
  ] as const)('stores the reference PageRank, eigenvector and HITS of %s (as %s) with its default tolerance and iterations, within 1e-9', (relation, kind) => {
    const rows = readCsv(`reference/krackhardt_hightech__${relation}__node_metrics.csv`);
    const stored = result.metrics.byKind[kind]!;
    const graphs = relation === 'advice' ? [stored, result.metrics.work] : [stored];
    for (const metrics of graphs) {
      for (const row of rows) {
        const checks: [string, number[] | null, string][] = [
          ['pagerank', metrics.pagerank, 'pagerank_085'],
          ['eigenvector', metrics.eigenvector, 'eigenvector_in_l2'],
          ['eigenvector max 1', metrics.eigenvectorMax1, 'eigenvector_in_max1'],
          ['hub', metrics.hubs, 'hits_hub_sum1'],
          ['authority', metrics.authorities, 'hits_authority_sum1'],
        ];
        for (const [label, values, referenceColumn] of checks) {
          const expected = referenceNumber(row, referenceColumn)!;
          // Reference values below 1e-15 are numerical zeros of NetworkX.
          const target = Math.abs(expected) < 1e-15 ? 0 : expected;
          expect(values, label).not.toBeNull();
          const actual = column(values!, row.id!);
          expect(Math.abs(actual - target), `${row.id} ${label}: ${actual} vs ${target}`).toBeLessThanOrEqual(1e-9);
        }
      }
    }
  });

  it('sees the CEO v7 as the strategic leader of the four vice-presidents', () => {
    expect(employee('v7')).toMatchObject({ leaderId: null, hierarchyLevel: 'strategic' });
    const group = result.groups.find((g) => g.leaderId === 'v7')!;
    expect(group.memberIds.slice(1).sort()).toEqual(['v14', 'v18', 'v2', 'v21']);
    expect(result.leaderReports.map((r) => r.leaderId).sort()).toEqual(['v14', 'v18', 'v2', 'v21', 'v7']);
  });

  it('counts Gould–Fernandez brokerage over departments exactly as sna does', () => {
    const rows = readCsv('reference/krackhardt_hightech__advice__brokerage_by_dept__sna.csv');
    for (const row of rows) expect(result.brokerage.nodes[result.employeeIds.indexOf(row.id!)]!.raw.total, row.id).toBe(referenceNumber(row, 'total_t'));
  });

  it('keeps risk levels in 0..4 and fires no factor that needs a question the study did not ask', () => {
    const unasked: RiskFactorCode[] = ['lackOfManagersAttention', 'lackOfManagersFeedback', 'lackOfManagersRecognition', 'lackOfFeedback', 'lackOfRecognition', 'lackOfSupport', 'overloadedInCooperation', 'overwhelmedWithPersonalSupport'];
    for (const e of result.employees) {
      expect(e.risk_level).toBeGreaterThanOrEqual(0);
      expect(e.risk_level).toBeLessThanOrEqual(4);
      expect(e.riskFactors.filter((f) => unasked.includes(f)), e.id).toEqual([]);
    }
  });

  it('flags as overwhelmed with consultancy exactly the three most asked: v2 (18 of 20), v18 and v21 (15 each, the top 5% rule)', () => {
    expect(holders((e) => e.riskFactors, 'overwhelmedWithConsultancy')).toEqual(['v18', 'v2', 'v21']);
  });

  it('finds exactly these exit-risk factors and levels', () => {
    expect(holders((e) => e.riskFactors, 'alienatedFromGroup')).toEqual(['v15', 'v3']);
    expect(holders((e) => e.riskFactors, 'unnoticed')).toEqual(['v13', 'v15', 'v19', 'v9']);
    expect(holders((e) => e.riskFactors, 'lackOfManagersSupport')).toEqual(['v11']);
    expect(holders((e) => e.riskFactors, 'noChemistryWithLeader')).toEqual(['v10', 'v13', 'v18', 'v2', 'v20', 'v21', 'v8', 'v9']);
    const levels = Object.fromEntries(result.employees.map((e) => [e.id, e.risk_level]));
    expect(levels).toEqual({ v1: 0, v2: 3, v3: 1, v4: 0, v5: 0, v6: 0, v7: 0, v8: 3, v9: 4, v10: 2, v11: 1, v12: 0, v13: 2, v14: 0, v15: 2, v16: 0, v17: 0, v18: 3, v19: 1, v20: 2, v21: 3 });
  });
});
