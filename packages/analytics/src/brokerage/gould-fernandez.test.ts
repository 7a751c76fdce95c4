import { describe, expect, it } from 'vitest';
import { krackhardtDigraph, krackhardtNodes, readCsv, referenceNumber } from '../testing/krackhardt.ts';
import { buildDigraph, transpose } from '../graph/digraph.ts';
import { brokerage } from './gould-fernandez.ts';
import type { BrokerageColumn } from './gould-fernandez.ts';

const SNA_COLUMNS: Record<BrokerageColumn, { raw: string; suffix: string; graph: string }> = {
  coordinator: { raw: 'coordinator_wI', suffix: 'wI', graph: 'w_I' },
  itinerant: { raw: 'itinerant_wO', suffix: 'wO', graph: 'w_O' },
  representative: { raw: 'representative_bIO', suffix: 'bIO', graph: 'b_IO' },
  gatekeeper: { raw: 'gatekeeper_bOI', suffix: 'bOI', graph: 'b_OI' },
  liaison: { raw: 'liaison_bO', suffix: 'bO', graph: 'b_O' },
  total: { raw: 'total_t', suffix: 't', graph: 't' },
};

function expectClose(actual: number | null, expected: number | null, label: string): void {
  if (expected === null) {
    expect(actual, label).toBeNull();
    return;
  }
  expect(Math.abs(actual! - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
}

describe.each(['advice', 'friendship'] as const)('Gould–Fernandez brokerage by department on %s', (relation) => {
  const { graph, ids } = krackhardtDigraph(relation);
  const departments = krackhardtNodes().map((node) => Number(node.dept));
  const result = brokerage(graph, departments);
  const nodeRows = readCsv(`reference/krackhardt_hightech__${relation}__brokerage_by_dept__sna.csv`);
  const graphRows = readCsv(`reference/krackhardt_hightech__${relation}__brokerage_by_dept__sna__graph_level.csv`);

  it('equals sna counts, expectations, SDs and z-scores per manager', () => {
    ids.forEach((id, v) => {
      const row = nodeRows.find((r) => r.id === id)!;
      const node = result.nodes[v]!;
      for (const [column, names] of Object.entries(SNA_COLUMNS) as [BrokerageColumn, (typeof SNA_COLUMNS)[BrokerageColumn]][]) {
        expectClose(node.raw[column], referenceNumber(row, names.raw), `${id} raw ${column}`);
        expectClose(node.expected[column], referenceNumber(row, `exp_${names.suffix}`), `${id} exp ${column}`);
        expectClose(node.sd[column], referenceNumber(row, `sd_${names.suffix}`), `${id} sd ${column}`);
        expectClose(node.z[column], referenceNumber(row, `z_${names.suffix}`), `${id} z ${column}`);
      }
    });
  });

  it('equals sna graph-level counts, expectations, SDs and z-scores', () => {
    const level = (name: string): Record<string, string> => graphRows.find((row) => row['']! === name)!;
    for (const [column, names] of Object.entries(SNA_COLUMNS) as [BrokerageColumn, (typeof SNA_COLUMNS)[BrokerageColumn]][]) {
      expectClose(result.graph.raw[column], referenceNumber(level('raw'), names.graph), `raw ${column}`);
      expectClose(result.graph.expected[column], referenceNumber(level('expected'), names.graph), `exp ${column}`);
      expectClose(result.graph.sd[column], referenceNumber(level('sd'), names.graph), `sd ${column}`);
      expectClose(result.graph.z[column], referenceNumber(level('z'), names.graph), `z ${column}`);
    }
  });
});

describe('brokerage direction convention', () => {
  // Ties run from the one who names to the one named (A[i,j] = 1 when i nominates j), as in sna.
  // In the chain outsider → broker → colleague the broker is a gatekeeper (j and k share a unit).
  it('counts outsider → broker → colleague as gatekeeping and its transpose as representation', () => {
    const groups = [0, 1, 1];
    const chain = buildDigraph(3, [0, 1], [1, 2]);
    expect(brokerage(chain, groups).nodes[1]!.raw.gatekeeper).toBe(1);
    expect(brokerage(chain, groups).nodes[1]!.raw.representative).toBe(0);
    expect(brokerage(transpose(chain), groups).nodes[1]!.raw.representative).toBe(1);
  });

  it('does not count a two-path that the direct tie i→k short-circuits', () => {
    const closed = buildDigraph(3, [0, 1, 0], [1, 2, 2]);
    expect(brokerage(closed, [0, 0, 0]).nodes[1]!.raw.total).toBe(0);
  });
});
