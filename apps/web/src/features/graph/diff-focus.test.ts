import { describe, expect, it } from 'vitest';
import type { TDiffEdge, TDiffNode, TTieDiff } from '@ona/contracts';
import { diffUnitOptions, focusDiff, NO_DIFF_FOCUS } from './diff-focus.ts';

const node = (id: string, unitThen: number | null, unitNow: number | null): TDiffNode => ({
  id,
  name: `Person ${id}`,
  status: unitThen === null ? 'joined' : unitNow === null ? 'left' : 'stayed',
  then_id: unitThen === null ? null : Number(id.slice(1)),
  now_id: unitNow === null ? null : Number(id.slice(1)),
  unit_then: unitThen,
  unit_now: unitNow,
  position_then: null,
  position_now: null,
});
const edge = (source: string, target: string, status: TDiffEdge['status']): TDiffEdge => ({ source, target, status, questions: [] });

// Then: Company(1) > Sales(2). Now: Company(10) > Sales(20) > Sales East(21), and Support(30).
// p1 stayed in Sales (East now), p2 left Sales, p3 joined Support, p4 stayed at the top.
const diff = {
  units_then: [{ id: 1, name: 'Company', parent: null }, { id: 2, name: 'Sales', parent: 1 }],
  units_now: [{ id: 10, name: 'Company', parent: null }, { id: 20, name: 'Sales', parent: 10 }, { id: 21, name: 'Sales East', parent: 20 }, { id: 30, name: 'Support', parent: 10 }],
  nodes: [node('p1', 2, 21), node('p2', 2, null), node('p3', null, 30), node('p4', 1, 10)],
  edges: [edge('p1', 'p2', 'lost'), edge('p3', 'p4', 'added'), edge('p4', 'p1', 'kept'), edge('p4', 'p3', 'kept')],
} as unknown as TTieDiff;

describe('the graph diff narrowed to a unit or people', () => {
  it('offers each unit once, matched by its name path in both journeys', () => {
    expect(diffUnitOptions(diff)).toEqual(['Company', 'Company / Sales', 'Company / Sales / Sales East', 'Company / Support']);
  });

  it('leaves the diff whole without a focus', () => {
    expect(focusDiff(diff, NO_DIFF_FOCUS)).toBe(diff);
  });

  it('keeps a unit’s people then and now, sub-units included, with all their ties and the colleagues at the other end', () => {
    const sales = focusDiff(diff, { unitPath: 'Company / Sales', people: [] });
    expect(sales.edges.map((e) => `${e.source}>${e.target}`)).toEqual(['p1>p2', 'p4>p1']);
    expect(sales.nodes.map((n) => n.id)).toEqual(['p1', 'p2', 'p4']);
  });

  it('keeps a chosen person and their ties, and adds people to a unit', () => {
    const p3 = focusDiff(diff, { unitPath: null, people: ['p3'] });
    expect(p3.edges.map((e) => `${e.source}>${e.target}`)).toEqual(['p3>p4', 'p4>p3']);
    expect(p3.nodes.map((n) => n.id)).toEqual(['p3', 'p4']);
    const both = focusDiff(diff, { unitPath: 'Company / Sales / Sales East', people: ['p3'] });
    expect(both.edges).toHaveLength(4);
  });

  it('does not take a unit whose name only begins like the chosen one', () => {
    const sales = focusDiff(diff, { unitPath: 'Company / Sales', people: [] });
    expect(sales.nodes.some((n) => n.id === 'p3')).toBe(false);
    expect(focusDiff(diff, { unitPath: 'Company / Sales East', people: [] }).nodes).toEqual([]);
  });
});
