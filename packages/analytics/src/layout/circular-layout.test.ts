import { describe, expect, it } from 'vitest';
import { circularLayout } from './layouts.ts';

/** The leader array and the report lists of a tree given as each person's leader (-1: a root). */
function tree(leaders: readonly number[]): { leaderOf: Int32Array; directReports: number[][] } {
  const directReports = leaders.map(() => [] as number[]);
  leaders.forEach((leader, v) => {
    if (leader >= 0) directReports[leader]!.push(v);
  });
  return { leaderOf: Int32Array.from(leaders), directReports };
}

/** Each person's place on the circle, 0 at twelve o'clock, counting clockwise (screen y grows down). */
function places(leaders: readonly number[], units: readonly number[]): number[] {
  const { leaderOf, directReports } = tree(leaders);
  const { x, y } = circularLayout(leaderOf, directReports, Int32Array.from(units));
  const n = leaders.length;
  return x.map((px, v) => {
    const turn = (Math.atan2(y[v]!, px) + Math.PI / 2 + 2 * Math.PI) % (2 * Math.PI);
    return Math.round((turn / (2 * Math.PI)) * n) % n;
  });
}

describe('the circular layout', () => {
  it('puts everyone on the unit circle, each on a place of their own', () => {
    const leaders = [-1, 0, 0, 1, 1, 1, 2, 2, -1];
    const { leaderOf, directReports } = tree(leaders);
    const { x, y } = circularLayout(leaderOf, directReports, Int32Array.from(leaders.map(() => 0)));
    x.forEach((px, v) => expect(Math.hypot(px, y[v]!)).toBeCloseTo(1, 9));
    expect(new Set(places(leaders, leaders.map(() => 0))).size).toBe(leaders.length);
  });

  it('starts with the top of the tree at twelve o’clock', () => {
    expect(places([-1, 0, 0, 0], [0, 1, 1, 1])[0]).toBe(0);
  });

  it('follows each leader by the arc of their team who lead nobody, ordered by unit, then by each sub-leader’s arc', () => {
    // 0 leads 1 (leads 4, 5) and 2, 3 (lead nobody; 3 in a lower unit than 2).
    const order = places([-1, 0, 0, 0, 1, 1], [0, 5, 7, 6, 5, 5]);
    const at = (v: number) => order[v]!;
    expect([at(0), at(3), at(2), at(1)]).toEqual([0, 1, 2, 3]);
    expect([at(4), at(5)].sort()).toEqual([4, 5]);
  });

  it('places a long chain of leaders without overflowing the stack', () => {
    const n = 20_000;
    const leaders = Array.from({ length: n }, (_, v) => v - 1);
    const order = places(leaders, leaders.map(() => 0));
    expect(order[0]).toBe(0);
    expect(order[n - 1]).toBe(n - 1);
  });
});
