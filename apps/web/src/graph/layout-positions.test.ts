import { describe, expect, it } from 'vitest';
import { KEY_ROLE_CODES, type TGraphNode, type TGraphVisualization } from '@ona/contracts';
import { easeInOutCubic, interpolatePositions, layoutPositions } from './layout-positions.ts';

const noRoles = Object.fromEntries(KEY_ROLE_CODES.map((r) => [r, false])) as TGraphNode['key_roles'];
function node(id: number, label: string, at: { x: number; y: number }, extra: Partial<TGraphNode> = {}): TGraphNode {
  const point = { x: at.x, y: at.y };
  return {
    id, label, unit: 1, parent: null, leader_name: null, answer_count: 3, x: at.x, y: at.y,
    positions: { regular: point, circular: point, orgchart: point, logo: point },
    size: 0.15, isSelected: false, attributes: {}, key_roles: noRoles, gender: null, organizational_unit: 'Sales', given: 1, received: 1, ...extra,
  };
}

const graph: TGraphVisualization = {
  employees: [node(1, 'Anna <Kovács> & Co', { x: 0, y: 0 }, { key_roles: { ...noRoles, broker: true } }), node(2, 'Béla', { x: 10, y: 5 }, { answer_count: 0 })],
  units: [{ id: 1, name: 'Sales "North"', parent: null, color: '#1f77b4', in_scope: true }],
  node_attributes: [],
  questions: [],
  relations: [{ source: 1, target: 2, questions: [11, 12], mutual: false, isSelected: false }],
  filters: [],
  graph_types: [],
  statistics: { employee_count: 2, connection_count: 1, directed: true, mutual_count: 0, mutual_percentage: 0 },
  graph_type: null,
  own_employee_id: null,
  named_by: null,
};

describe('layout positions', () => {
  it('fit every layout into the same box, keeping the aspect ratio', () => {
    const positions = layoutPositions(graph.employees, 'regular');
    expect(positions.get(1)).toEqual({ x: -100, y: -50 });
    expect(positions.get(2)).toEqual({ x: 100, y: 50 });
  });

  it('turn the org chart downwards and stretch its depth to half its width', () => {
    const chart = layoutPositions([node(1, 'Top', { x: 0, y: 0 }), node(2, 'Below', { x: 40, y: 1 })], 'orgchart');
    expect(chart.get(1)).toEqual({ x: -100, y: 50 });
    expect(chart.get(2)).toEqual({ x: 100, y: -50 });
  });

  it('move between layouts along the way, nodes new to the view starting at their target', () => {
    const mid = interpolatePositions(new Map([[1, { x: 0, y: 0 }]]), new Map([[1, { x: 10, y: -10 }], [2, { x: 5, y: 5 }]]), 0.5);
    expect(mid.get(1)).toEqual({ x: 5, y: -5 });
    expect(mid.get(2)).toEqual({ x: 5, y: 5 });
  });

  it('ease in and out from 0 to 1, halfway at half time', () => {
    expect([easeInOutCubic(-1), easeInOutCubic(0), easeInOutCubic(0.5), easeInOutCubic(1), easeInOutCubic(2)]).toEqual([0, 0, 0.5, 1, 1]);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
  });
});
