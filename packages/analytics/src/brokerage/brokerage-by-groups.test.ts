import { describe, expect, it } from 'vitest';
import type { Digraph } from '../graph/digraph.ts';
import { hasEdge } from '../graph/digraph.ts';
import { DEFAULT_OPTIONS } from '../options.ts';
import { runAnalysis } from '../run-analysis.ts';
import { krackhardtDigraph, readCsv, referenceNumber } from '../testing/krackhardt.ts';
import { DEFAULT_QUESTIONNAIRE, syntheticOrganisation } from '../testing/synthetic.ts';
import { brokerageByGroups, groupRolesFromColumns, networkDigraph, networkQuestionIds } from './brokerage-by-groups.ts';
import type { BrokerageColumn } from './gould-fernandez.ts';
import { BROKERAGE_ROLES, brokerage } from './gould-fernandez.ts';

/** sna's column names (brokerage_by_attribute_sna.R writes raw_w_I, exp_w_I, sd_w_I, z_w_I, …). */
const SNA: Record<BrokerageColumn, string> = { coordinator: 'w_I', itinerant: 'w_O', representative: 'b_IO', gatekeeper: 'b_OI', liaison: 'b_O', total: 't' };
const COLUMNS = Object.entries(SNA) as [BrokerageColumn, string][];

/** The groupings the R script used: hierarchy level, and age under 35 / 35–44 / 45 and over. */
function krackhardtGrouping(attribute: 'level' | 'age_band'): { ids: string[]; labels: string[] } {
  const rows = readCsv('nodes.csv');
  const band = (age: number) => (age < 35 ? 'under 35' : age < 45 ? '35-44' : '45 and over');
  return { ids: rows.map((r) => r.id!), labels: rows.map((r) => (attribute === 'level' ? r.level! : band(Number(r.age)))) };
}

/** Group numbers from labels, numbered by first appearance. */
function groupNumbers(labels: readonly string[]): number[] {
  const numbers = new Map<string, number>();
  return labels.map((label) => {
    if (!numbers.has(label)) numbers.set(label, numbers.size);
    return numbers.get(label)!;
  });
}

function expectClose(actual: number | null, expected: number | null, label: string): void {
  if (expected === null) return void expect(actual, label).toBeNull();
  expect(Math.abs(actual! - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
}

/**
 * Gould & Fernandez's definition read literally, independently of the engine's loops: every
 * ordered triple (i, j, k) of distinct people with i → j → k and no i → k is one brokerage by j,
 * classified by which of the three share a group.
 */
function bruteForceCounts(graph: Digraph, groupOf: readonly number[]): Record<BrokerageColumn, number>[] {
  const n = graph.nodeCount;
  const counts = Array.from({ length: n }, () => ({ coordinator: 0, itinerant: 0, representative: 0, gatekeeper: 0, liaison: 0, total: 0 }));
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < n; k++) {
        if (i === j || j === k || i === k || !hasEdge(graph, i, j) || !hasEdge(graph, j, k) || hasEdge(graph, i, k)) continue;
        const [gi, gj, gk] = [groupOf[i], groupOf[j], groupOf[k]];
        const role: BrokerageColumn =
          gi === gj && gj === gk ? 'coordinator' : gi === gj ? 'representative' : gj === gk ? 'gatekeeper' : gi === gk ? 'itinerant' : 'liaison';
        counts[j]![role]++;
        counts[j]!.total++;
      }
    }
  }
  return counts;
}

describe.each(['advice', 'friendship'] as const)('brokerage on Krackhardt %s grouped by another attribute than the department', (relation) => {
  const { graph, ids } = krackhardtDigraph(relation);

  describe.each(['level', 'age_band'] as const)('by %s', (attribute) => {
    const grouping = krackhardtGrouping(attribute);
    const groupOf = groupNumbers(grouping.labels);
    const result = brokerage(graph, groupOf);
    const base = `reference/krackhardt_hightech__${relation}__brokerage_by_${attribute}__sna`;

    it('equals sna 2.7-1 per manager: counts, expectations, SDs and z-scores', () => {
      const rows = readCsv(`${base}.csv`);
      expect(grouping.ids).toEqual(ids);
      ids.forEach((id, v) => {
        const row = rows.find((r) => r.id === id)!;
        expect(row.group).toBe(grouping.labels[v]);
        const node = result.nodes[v]!;
        for (const [column, sna] of COLUMNS) {
          expectClose(node.raw[column], referenceNumber(row, `raw_${sna}`), `${id} raw ${column}`);
          expectClose(node.expected[column], referenceNumber(row, `exp_${sna}`), `${id} exp ${column}`);
          expectClose(node.sd[column], referenceNumber(row, `sd_${sna}`), `${id} sd ${column}`);
          expectClose(node.z[column], referenceNumber(row, `z_${sna}`), `${id} z ${column}`);
        }
      });
    });

    it('equals sna 2.7-1 at graph level', () => {
      const rows = readCsv(`${base}__graph_level.csv`);
      const level = (name: string) => rows.find((row) => row['']! === name)!;
      for (const [column, sna] of COLUMNS) {
        expectClose(result.graph.raw[column], referenceNumber(level('raw'), sna), `raw ${column}`);
        expectClose(result.graph.expected[column], referenceNumber(level('expected'), sna), `exp ${column}`);
        expectClose(result.graph.sd[column], referenceNumber(level('sd'), sna), `sd ${column}`);
        expectClose(result.graph.z[column], referenceNumber(level('z'), sna), `z ${column}`);
      }
    });

    it('equals the brute-force enumeration of every two-path', () => {
      expect(result.nodes.map((node) => node.raw)).toEqual(bruteForceCounts(graph, groupOf));
    });
  });

  it('counts like the brute force when some people have no value and form a group of their own', () => {
    // Tenure known only for the first 15 managers: the other 6 share the "no value" group.
    const rows = readCsv('nodes.csv');
    const labels = rows.map((r, v) => (v < 15 ? (Number(r.tenure_years) < 10 ? 'short' : 'long') : 'no value'));
    const groupOf = groupNumbers(labels);
    const result = brokerageByGroups(graph, groupOf, DEFAULT_OPTIONS);
    const expected = bruteForceCounts(graph, groupOf);
    for (const [column] of COLUMNS) expect(result.raw[column]).toEqual(expected.map((counts) => counts[column]));
  });
});

describe('brokerage with other groups on a stored analysis', () => {
  const input = syntheticOrganisation({ employees: 120, seed: 5 });
  const result = runAnalysis(input);
  const questions = DEFAULT_QUESTIONNAIRE;
  const unitOf = groupNumbers(result.employees.map((e) => e.unitId));

  it('rebuilds each network from the stored ties: with units as groups it gives the run’s own counts, z-scores and roles', () => {
    const work = brokerageByGroups(networkDigraph(result, networkQuestionIds(questions, 'work')), unitOf, DEFAULT_OPTIONS);
    for (const [column] of COLUMNS) {
      expect(work.raw[column]).toEqual(result.brokerage.nodes.map((node) => node.raw[column]));
      expect(work.z[column]).toEqual(result.brokerage.nodes.map((node) => node.z[column]));
    }
    expect(work.roles).toEqual(result.employees.map((e) => e.groupRoles));
    for (const key of ['kind:advice', 'category:trust'] as const) {
      const stored = key === 'kind:advice' ? result.metrics.byKind.advice!.brokerage! : result.metrics.byCategory.trust!.brokerage!;
      const rebuilt = brokerageByGroups(networkDigraph(result, networkQuestionIds(questions, key)), unitOf, DEFAULT_OPTIONS);
      expect(rebuilt.raw).toEqual(stored.raw);
      expect(rebuilt.z).toEqual(stored.z);
      expect(groupRolesFromColumns(stored, DEFAULT_OPTIONS)).toEqual(rebuilt.roles);
    }
  });

  it('picks the questions of a network as the engine unites them', () => {
    expect([...networkQuestionIds(questions, 'kind:corporate_news')]).toEqual(['news']);
    expect([...networkQuestionIds(questions, 'category:trust')].sort()).toEqual(['personal', 'recognition', 'sympathy']);
    expect(networkQuestionIds(questions, 'work').has('sympathy')).toBe(false);
    expect(networkQuestionIds(questions, 'work').has('advice')).toBe(true);
  });

  it('assigns roles by the engine’s rule with any groups', () => {
    const byHalf = result.employeeIds.map((_, v) => v % 2);
    const found = brokerageByGroups(networkDigraph(result, networkQuestionIds(questions, 'work')), byHalf, DEFAULT_OPTIONS);
    for (const [v, roles] of found.roles.entries()) {
      for (const role of roles) {
        expect(BROKERAGE_ROLES).toContain(role);
        expect(found.raw[role][v]).toBeGreaterThanOrEqual(DEFAULT_OPTIONS.brokerage.minCount);
        expect(found.z[role][v]).toBeGreaterThanOrEqual(DEFAULT_OPTIONS.brokerage.zThreshold);
      }
    }
  });
});
