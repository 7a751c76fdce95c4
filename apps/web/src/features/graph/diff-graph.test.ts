import type { TTieDiff } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { diffGraph, diffNodeNumber } from './diff-graph.ts';

const journey = { id: 2, name: 'Spring', access_from: '2026-03-01', access_till: '2026-03-21', analysed_at: null };
const earlier = { id: 1, name: 'Autumn', access_from: '2025-10-13', access_till: '2025-11-02', analysed_at: null };

/** Ann and Bob stayed, Cid left, Dan joined: Ann→Bob kept, Ann→Dan added, Cid→Ann lost. */
const DIFF: TTieDiff = {
  journey,
  earlier,
  access: { then: 'all_access', now: 'all_access' },
  graph_type: null,
  questions: [{ key: 'q1', label: 'Cooperation', category: 'work_cooperation' }],
  nodes: [
    { id: 'now:10', name: 'Ann', status: 'stayed', then_id: 1, now_id: 10, unit_then: 5, unit_now: 50, position_then: { x: 9, y: 9 }, position_now: { x: 0, y: 0 } },
    { id: 'now:11', name: 'Bob', status: 'stayed', then_id: 2, now_id: 11, unit_then: 5, unit_now: 50, position_then: { x: 9, y: 9 }, position_now: { x: 2, y: 0 } },
    { id: 'then:3', name: 'Cid', status: 'left', then_id: 3, now_id: null, unit_then: 5, unit_now: null, position_then: { x: 50, y: 50 }, position_now: null },
    { id: 'now:12', name: 'Dan', status: 'joined', then_id: null, now_id: 12, unit_then: null, unit_now: 51, position_then: null, position_now: { x: 0, y: 4 } },
  ],
  edges: [
    { source: 'now:10', target: 'now:11', status: 'kept', questions: [{ key: 'q1', status: 'kept' }] },
    { source: 'now:10', target: 'now:12', status: 'added', questions: [{ key: 'q1', status: 'added' }] },
    { source: 'then:3', target: 'now:10', status: 'lost', questions: [{ key: 'q1', status: 'lost' }] },
  ],
  units_then: [{ id: 5, name: 'Sales', parent: null }],
  units_now: [{ id: 50, name: 'Sales', parent: null }, { id: 51, name: 'Sales – Team 2', parent: 50 }],
  statistics: { kept: 1, added: 1, lost: 1, stayed: 2, joined: 1, left: 1 },
};

describe('the graph diff as the canvas draws it', () => {
  it('keys people of the later journey by their id and leavers by the negative of their earlier id', () => {
    expect(diffNodeNumber({ now_id: 10, then_id: 1 })).toBe(10);
    expect(diffNodeNumber({ now_id: null, then_id: 3 })).toBe(-3);
    expect(diffNodeNumber({ now_id: null, then_id: null })).toBeNull();
  });

  it('draws every tie once with its status, and counts only ties of the later wave as given and received', () => {
    const { data, marks } = diffGraph(DIFF);
    expect(data.relations.map((tie) => `${tie.source}>${tie.target}`)).toEqual(['10>11', '10>12', '-3>10']);
    expect(Object.fromEntries(marks.ties)).toEqual({ '10>11': 'kept', '10>12': 'added', '-3>10': 'lost' });
    expect(Object.fromEntries(marks.people)).toEqual({ 10: 'stayed', 11: 'stayed', [-3]: 'left', 12: 'joined' });
    const ann = data.employees.find((node) => node.id === 10)!;
    expect([ann.given, ann.received]).toEqual([2, 0]);
    expect(data.employees.find((node) => node.id === 12)!.organizational_unit).toBe('Sales – Team 2');
  });

  it('puts a leaver among the colleagues they had ties with, not at their place in the other layout', () => {
    const { data } = diffGraph(DIFF);
    const cid = data.employees.find((node) => node.id === -3)!;
    // Cid's only colleague is Ann, at (0, 0) now; Cid stands a twentieth of the span (4) off her.
    expect(Math.hypot(cid.x, cid.y)).toBeCloseTo(0.2, 5);
    expect(cid.positions.regular).toEqual({ x: cid.x, y: cid.y });
  });
});
