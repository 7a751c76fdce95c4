import { KEY_ROLE_CODES, KEY_ROLE_COLORS, NO_KEY_ROLE_COLOR, SEVERAL_KEY_ROLES_COLOR, type TGraphNode, type TGraphVisualization } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { GRAPH_COLORS } from '../../graph/graph-constants.ts';
import { legendEntries } from './graph-legend-entries.ts';

const roles = (...held: string[]) => Object.fromEntries(KEY_ROLE_CODES.map((role) => [role, held.includes(role)])) as TGraphNode['key_roles'];

function person(id: number, unit: number | null, keyRoles: TGraphNode['key_roles'] = roles()): TGraphNode {
  return {
    id, label: `P${id}`, unit, parent: null, leader_name: null, answer_count: 1, x: 0, y: 0,
    positions: { regular: { x: 0, y: 0 }, circular: { x: 0, y: 0 }, orgchart: { x: 0, y: 0 }, logo: { x: 0, y: 0 } },
    size: 0.15, isSelected: true, attributes: {}, key_roles: keyRoles, gender: null, organizational_unit: '', given: 0, received: 0,
  };
}

function view(employees: TGraphNode[]): TGraphVisualization {
  return {
    employees,
    units: [
      { id: 1, name: 'Sales', parent: null, color: '#111111', in_scope: true },
      { id: 2, name: 'Finance', parent: null, color: '#222222', in_scope: true },
      { id: 3, name: 'Legal', parent: null, color: '#333333', in_scope: true },
    ],
    node_attributes: [], questions: [], relations: [], filters: [], graph_types: [], graph_type: null, own_employee_id: null, named_by: null,
    statistics: { employee_count: employees.length, connection_count: 0, directed: true, mutual_count: 0, mutual_percentage: 0 },
  };
}

describe('the colour legend', () => {
  it('by unit lists only the units with someone in view, the largest first, with their colours and counts', () => {
    const entries = legendEntries(view([person(1, 2), person(2, 1), person(3, 2), person(4, null)]), 'unit');
    expect(entries.map((e) => [e.key, e.color, e.count])).toEqual([
      ['2', '#222222', 2],
      ['none', GRAPH_COLORS.noUnit, 1],
      ['1', '#111111', 1],
    ]);
  });

  it('by key person lists the roles in view in their fixed order, then several roles, then none', () => {
    const entries = legendEntries(view([person(1, 1, roles('mentor')), person(2, 1, roles('broker')), person(3, 1, roles('broker', 'expert')), person(4, 1), person(5, 1, roles('broker'))]), 'keyPerson');
    expect(entries.map((e) => [e.key, e.color, e.count])).toEqual([
      ['broker', KEY_ROLE_COLORS.broker, 2],
      ['mentor', KEY_ROLE_COLORS.mentor, 1],
      ['several', SEVERAL_KEY_ROLES_COLOR, 1],
      ['none', NO_KEY_ROLE_COLOR, 1],
    ]);
  });

  it('counts add up to the people in view', () => {
    const people = [person(1, 1), person(2, 3, roles('talent')), person(3, 3)];
    for (const colorBy of ['unit', 'keyPerson'] as const) {
      expect(legendEntries(view(people), colorBy).reduce((sum, e) => sum + e.count, 0)).toBe(people.length);
    }
  });
});
