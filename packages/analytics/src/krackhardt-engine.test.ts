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

  it('reads the data without warnings', () => {
    expect(result.warnings).toEqual([]);
    expect(result.employees).toHaveLength(21);
  });

  it('finds v18 the top advice broker, with the reference betweenness (the work graph is the advice graph here)', () => {
    const work = result.metrics.work.betweenness!;
    const top = result.employeeIds[work.indexOf(Math.max(...work))];
    expect(top).toBe('v18');
    for (const row of adviceReference) expect(Math.abs(column(work, row.id!) - referenceNumber(row, 'betweenness_directed_raw')!)).toBeLessThanOrEqual(1e-9);
    expect(employee('v18').keyRoles).toContain('broker');
    expect(employee('v21').keyRoles).toContain('broker');
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

  it('flags v2, asked by 18 of 20 colleagues, as overwhelmed with consultancy', () => {
    expect(employee('v2').riskFactors).toContain('overwhelmedWithConsultancy');
  });
});
