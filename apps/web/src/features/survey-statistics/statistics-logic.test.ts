import { describe, expect, it } from 'vitest';
import { axisTicks, labelEvery, linearScale, niceStep } from './chart-scale.ts';
import { formatRate, isBelowReliable, responseBand } from './response-rate.ts';
import { buildUnitTree, treeIds } from '../../shared/format/unit-tree.ts';

describe('response rate', () => {
  it('warns below 80% only', () => {
    expect(isBelowReliable(0.79)).toBe(true);
    expect(isBelowReliable(0.8)).toBe(false);
    expect(isBelowReliable(null)).toBe(false);
  });

  it('bands the org chart colours', () => {
    expect([responseBand(0.2), responseBand(0.6), responseBand(0.85)]).toEqual(['low', 'medium', 'good']);
  });

  it('formats as a whole percentage', () => {
    expect(formatRate(0.8333, 'en-US')).toBe('83%');
    expect(formatRate(null, 'en-US')).toBe('–');
  });
});

describe('chart scale', () => {
  it('picks round steps', () => {
    expect([niceStep(0.3), niceStep(3), niceStep(7), niceStep(23), niceStep(180)]).toEqual([1, 5, 10, 50, 200]);
  });

  it('makes ticks from zero past the maximum', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(300)).toEqual([0, 100, 200, 300]);
  });

  it('maps values onto pixels, upside down for the y axis', () => {
    const y = linearScale(100, 200, 0);
    expect([y(0), y(50), y(100)]).toEqual([200, 100, 0]);
  });

  it('thins the day labels', () => {
    expect(labelEvery(30, 6)).toBe(5);
    expect(labelEvery(3, 6)).toBe(1);
  });
});

describe('buildUnitTree', () => {
  it('nests units under their parents', () => {
    const tree = buildUnitTree([
      { id: 1, parent: null },
      { id: 2, parent: 1 },
      { id: 3, parent: 2 },
      { id: 4, parent: 1 },
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children.map((child) => child.unit.id)).toEqual([2, 4]);
    expect(treeIds(tree)).toEqual([1, 2, 3, 4]);
  });

  it('turns orphans and cycles into roots instead of losing them', () => {
    const tree = buildUnitTree([
      { id: 1, parent: 99 },
      { id: 2, parent: 3 },
      { id: 3, parent: 2 },
    ]);
    expect(treeIds(tree).sort()).toEqual([1, 2, 3]);
  });
});
