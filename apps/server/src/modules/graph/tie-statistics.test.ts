import { describe, expect, it } from 'vitest';
import { tieDensity, tieStatistics } from './tie-statistics.ts';

describe('the graph view’s tie statistics', () => {
  it('counts directed ties, mutual pairs and the share of ties returned', () => {
    // a→b, b→a (mutual), a→c: 3 ties, 1 mutual pair, 2 of 3 ties returned.
    const statistics = tieStatistics(3, [{ mutual: true }, { mutual: true }, { mutual: false }]);
    expect(statistics).toEqual({ employee_count: 3, connection_count: 3, directed: true, mutual_count: 1, mutual_percentage: 66.7 });
    expect(tieDensity(statistics)).toBeCloseTo(3 / 6, 12);
  });

  it('gives an undirected network (collaboration) its pairs and no reciprocity, never 100 %', () => {
    // Two collaboration ties, each drawn both ways: four drawn relations, all "mutual".
    const statistics = tieStatistics(3, [{ mutual: true }, { mutual: true }, { mutual: true }, { mutual: true }], false);
    expect(statistics).toEqual({ employee_count: 3, connection_count: 2, directed: false, mutual_count: null, mutual_percentage: null });
    // Two of the three possible pairs.
    expect(tieDensity(statistics)).toBeCloseTo(2 / 3, 12);
  });
});
