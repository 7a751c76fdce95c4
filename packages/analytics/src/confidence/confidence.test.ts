import { describe, expect, it } from 'vitest';
import { buildOrganisation } from '../graph/organisation.ts';
import { DEFAULT_OPTIONS } from '../options.ts';
import { krackhardtOrganisation } from '../testing/krackhardt-organisation.ts';
import { syntheticOrganisation } from '../testing/synthetic.ts';
import { personCoverage } from './coverage.ts';
import { networkConfidence } from './network-confidence.ts';
import { rankStability, stabilityDropShare, STABLE_MIN_CORRELATION } from './rank-stability.ts';
import { responseBand, responseRate } from './response-band.ts';
import { averageRanks, spearman } from './spearman.ts';

describe('response-rate bands', () => {
  it('reads ≥ 80 % as high, 65–79 % as moderate, below as caution, with half-open edges', () => {
    expect(responseBand(1)).toBe('high');
    expect(responseBand(0.8)).toBe('high');
    expect(responseBand(0.7999)).toBe('moderate');
    expect(responseBand(0.65)).toBe('moderate');
    expect(responseBand(0.6499)).toBe('caution');
    expect(responseBand(0)).toBe('caution');
  });

  it('counts who answered', () => {
    expect(responseRate([1, 1, 1, 0, 1])).toEqual({ asked: 5, answered: 4, rate: 0.8, band: 'high' });
    expect(responseRate([])).toEqual({ asked: 0, answered: 0, rate: 0, band: 'caution' });
  });
});

describe('Spearman rank correlation', () => {
  it('averages tied ranks', () => {
    expect([...averageRanks([10, 20, 20, 5])]).toEqual([2, 3.5, 3.5, 1]);
  });

  it('gives every value the mean of its places in sorted order, −0 and 0 one block, as a sort of the indices does', () => {
    // The definition written out: sort the indices by value, give each block of equal values its mean place.
    const byIndexSort = (values: number[]): number[] => {
      const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
      const ranks = new Array<number>(values.length);
      for (let i = 0; i < order.length; ) {
        let j = i;
        while (j + 1 < order.length && values[order[j + 1]!] === values[order[i]!]) j++;
        for (let k = i; k <= j; k++) ranks[order[k]!] = (i + j) / 2 + 1;
        i = j + 1;
      }
      return ranks;
    };
    let state = 11;
    const draw = (): number => (state = (state * 48271) % 2147483647) / 2147483647;
    const cases = [
      [],
      [3],
      [-0, 0, 0, -0, 1],
      Array.from({ length: 2000 }, () => Math.floor(draw() * 9) / 4 - 1),
      Array.from({ length: 2000 }, () => (draw() < 0.3 ? 0 : draw() * 1e-9)),
    ];
    for (const values of cases) expect([...averageRanks(values)]).toEqual(byIndexSort(values));
    expect([...averageRanks([-0, 0, 2])]).toEqual([1.5, 1.5, 3]);
  });

  it('is 1 for the same order, −1 for the reverse, and matches a hand-computed value with ties', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    // Ranks [1,2,3,4] and [1,2.5,2.5,4]: Pearson = 4.5 / sqrt(5 · 4.5).
    expect(spearman([1, 2, 3, 4], [0, 7, 7, 9])).toBeCloseTo(4.5 / Math.sqrt(5 * 4.5), 12);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});

describe('rank stability when respondents go missing', () => {
  const options = DEFAULT_OPTIONS;
  const org = buildOrganisation(syntheticOrganisation({ employees: 120, seed: 7, answerRate: 0.85, nominationsPerQuestion: 3 }));
  // At this response rate (about 85 %) the test drops as many again: about 15 % of the respondents.
  const dropShare = stabilityDropShare(responseRate(org.answered).rate);
  const run = (seed: number) => rankStability(org.work, org.answered, options, { dropShare, repeats: 20, seed });

  it('finds in-degree ranks more stable than betweenness ranks (Borgatti, Carley & Krackhardt 2006; Smith & Moody 2013)', () => {
    const result = run(11);
    const inDegree = result.centralities.inDegree!;
    const between = result.centralities.betweenness!;
    expect(dropShare).toBeGreaterThan(0.1);
    expect(result.dropped).toBe(Math.round(dropShare * [...org.answered].filter(Boolean).length));
    expect(inDegree.samples).toBe(20);
    expect(inDegree.mean).toBeGreaterThan(between.mean);
    expect(inDegree.verdict).toBe('stable');
    expect(inDegree.mean).toBeGreaterThanOrEqual(STABLE_MIN_CORRELATION);
    expect(between.verdict).toBe('unstable');
    expect(result.centralities.closeness!.mean).toBeGreaterThan(between.mean);
    for (const c of Object.values(result.centralities)) {
      expect(c!.mean).toBeLessThanOrEqual(1);
      expect(c!.min).toBeLessThanOrEqual(c!.mean);
      expect(c!.sd).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives identical figures for the same seed and different ones for another seed', () => {
    expect(run(11)).toEqual(run(11));
    expect(run(12).centralities.betweenness!.mean).not.toBe(run(11).centralities.betweenness!.mean);
  });

  it('holds the same order on the Krackhardt advice network', () => {
    const krackhardt = buildOrganisation(krackhardtOrganisation());
    const result = rankStability(krackhardt.byKind.get('advice')!, krackhardt.answered, options, { dropShare: 0.2, repeats: 40, seed: 3 });
    expect(result.dropped).toBe(4);
    const { inDegree, betweenness, closeness } = result.centralities;
    expect(inDegree!.mean).toBeGreaterThan(betweenness!.mean);
    expect(closeness!.mean).toBeGreaterThan(betweenness!.mean);
    expect(inDegree!.verdict).toBe('stable');
    expect(betweenness!.verdict).toBe('unstable');
  });

  it('has nothing to compare when no one answered', () => {
    const silent = rankStability(org.work, new Uint8Array(org.size), options, { dropShare: 0.3, repeats: 5, seed: 1 });
    expect(silent.dropped).toBe(0);
    expect(silent.centralities.inDegree).toBeNull();
  });

  it('drops as many again as are missing, at least a tenth', () => {
    expect(stabilityDropShare(1)).toBe(0.1);
    expect(stabilityDropShare(0.95)).toBe(0.1);
    expect(stabilityDropShare(0.7)).toBeCloseTo(0.3, 12);
  });
});

describe('coverage per person', () => {
  it('counts the answering colleagues of the unit, the leader and the direct reports, never the person', () => {
    const org = buildOrganisation({
      employees: [
        { id: 'boss', name: 'Boss', unitId: 'top', leaderId: null, hasAnswered: true },
        { id: 'peer', name: 'Peer', unitId: 'top', leaderId: 'boss', hasAnswered: false },
        { id: 'lead', name: 'Lead', unitId: 'top', leaderId: 'boss', hasAnswered: true },
        { id: 'a', name: 'A', unitId: 'team', leaderId: 'lead', hasAnswered: true },
        { id: 'b', name: 'B', unitId: 'team', leaderId: 'lead', hasAnswered: false },
        { id: 'c', name: 'C', unitId: 'team', leaderId: 'lead', hasAnswered: true },
      ],
      units: [
        { id: 'top', name: 'Top', parentId: null },
        { id: 'team', name: 'Team', parentId: 'top' },
      ],
      questions: [{ id: 'advice', category: 'work_info', kind: 'advice' }],
      // a (index 3) names b (index 4) on advice.
      nominations: { source: Int32Array.of(3), target: Int32Array.of(4), question: Int32Array.of(0) },
    });
    const [boss, peer, lead, a, b] = personCoverage(org);
    expect(boss).toEqual({ circle: 2, answered: 1, share: 0.5 });
    expect(peer).toEqual({ circle: 2, answered: 2, share: 1 });
    // The lead: two unit colleagues (boss answered, peer not) and three reports in another unit (a, c answered).
    expect(lead).toEqual({ circle: 5, answered: 3, share: 0.6 });
    expect(a).toEqual({ circle: 3, answered: 2, share: 2 / 3 });
    // b was named by a, which changes nothing: the circle comes from the organisation chart.
    expect(b).toEqual({ circle: 3, answered: 3, share: 1 });
  });
});

describe('confidence of an analysed organisation', () => {
  it('gives the response rate, a stability table for the work network, each asked kind and category, and coverage per person', () => {
    const org = buildOrganisation(krackhardtOrganisation());
    const options = { ...DEFAULT_OPTIONS, confidence: { ...DEFAULT_OPTIONS.confidence, repeats: 10, networkRepeats: 4 } };
    const result = networkConfidence(org, options);
    expect(result.response).toEqual({ asked: 21, answered: 21, rate: 1, band: 'high' });
    expect(Object.keys(result.stability.byKind).sort()).toEqual(['advice', 'sympathy']);
    expect(Object.keys(result.stability.byCategory).sort()).toEqual([...new Set(org.questions.map((q) => q.category))].sort());
    expect(result.stability.work.dropShare).toBe(0.1);
    expect(result.stability.work.dropped).toBe(2);
    expect(result.stability.work.repeats).toBe(10);
    expect(result.stability.byKind.advice!.repeats).toBe(4);
    expect(result.coverage).toHaveLength(21);
    expect(networkConfidence(org, options)).toEqual(result);
  });
});
