import { describe, expect, it } from 'vitest';
import { orgChartLayout } from './layouts.ts';

/** The leader array and the report lists of a tree given as each person's leader (-1: a root). */
function tree(leaders: readonly number[]): { leaderOf: Int32Array; directReports: number[][] } {
  const directReports = leaders.map(() => [] as number[]);
  leaders.forEach((leader, v) => {
    if (leader >= 0) directReports[leader]!.push(v);
  });
  return { leaderOf: Int32Array.from(leaders), directReports };
}

/** A random organisation: each person after the first reports to someone before them. */
function randomOrganisation(size: number, seed: number): number[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: size }, (_, v) => (v === 0 ? -1 : Math.floor(next() * Math.min(v, 1 + v / 6))));
}

describe('the org chart layout', () => {
  it('stacks a team of people who lead nobody in a block of at most four rows under their leader, centred', () => {
    const { leaderOf, directReports } = tree([-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const { x, y } = orgChartLayout(leaderOf, directReports);
    const members = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(new Set(members.map((m) => x[m])).size).toBe(3);
    expect(new Set(members.map((m) => y[m])).size).toBe(4);
    expect(Math.min(...members.map((m) => y[m]!))).toBe(1);
    expect(y[0]).toBe(0);
    expect(x[0]).toBe((Math.min(...members.map((m) => x[m]!)) + Math.max(...members.map((m) => x[m]!))) / 2);
  });

  it('puts reports who lead teams first, each subtree in its own columns, then the block of the others', () => {
    // 0 leads 1 (who leads 3 and 4) and 2 (who leads nobody).
    const { leaderOf, directReports } = tree([-1, 0, 0, 1, 1]);
    const { x, y } = orgChartLayout(leaderOf, directReports);
    expect(Math.max(x[3]!, x[4]!)).toBeLessThan(x[2]!);
    expect(y[1]).toBe(1);
    expect(y[2]).toBe(1);
    expect(y[3]).toBe(2);
  });

  it('on a random organisation of 3,000 gives everyone their own place, leaders above their reports, subtrees side by side', () => {
    const leaders = randomOrganisation(3000, 7);
    const { leaderOf, directReports } = tree(leaders);
    const { x, y } = orgChartLayout(leaderOf, directReports);
    const places = new Set(leaders.map((_, v) => `${x[v]}|${y[v]}`));
    expect(places.size).toBe(leaders.length);
    leaders.forEach((leader, v) => {
      if (leader >= 0) expect(y[v]!).toBeGreaterThan(y[leader]!);
    });
    // The columns under each leader's reports do not interleave.
    const span = (v: number): [number, number] => {
      let [lo, hi] = [x[v]!, x[v]!];
      for (const r of directReports[v]!) {
        const [a, b] = span(r);
        lo = Math.min(lo, a);
        hi = Math.max(hi, b);
      }
      return [lo, hi];
    };
    for (const reports of directReports) {
      const spans = reports.filter((r) => directReports[r]!.length > 0).map(span).sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThan(spans[i - 1]![1]);
    }
    const individualContributors = leaders.filter((_, v) => directReports[v]!.length === 0).length;
    expect(new Set(x).size).toBeLessThan(individualContributors / 2);
  });

  it('lays out a chain 20,000 deep without overflowing the stack', () => {
    const leaders = Array.from({ length: 20_000 }, (_, v) => v - 1);
    const { leaderOf, directReports } = tree(leaders);
    const { y } = orgChartLayout(leaderOf, directReports);
    expect(y[19_999]).toBe(19_999);
  });
});
