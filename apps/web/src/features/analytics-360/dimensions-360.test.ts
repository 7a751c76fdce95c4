import { DIMENSION_360_CODES } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { analytics360PagePath, DIMENSION_PAGES, formatShare, selfView, SPEC_ITEM_COUNTS, summarizeDimension } from './dimensions-360.ts';

const item = (own: boolean, share: number | null, id = 'x') => ({ item_id: id, text: null, own_selection: own, survey_result: share });

describe('the 360 dimension pages', () => {
  it('has one page per dimension of the contract, with the spec’s path segments', () => {
    expect(DIMENSION_PAGES.map((page) => page.dimension).sort()).toEqual([...DIMENSION_360_CODES].sort());
    expect(analytics360PagePath(3, 42, 'problem_solving')).toBe('engagements/3/360-analytics/42/problem-solving.html');
    expect(analytics360PagePath(3, 42, 'connection_with_leader')).toBe('engagements/3/360-analytics/42/connection-with-leader.html');
    expect(analytics360PagePath(3, 42, 'index')).toBe('engagements/3/360-analytics/42/index.html');
  });

  it('knows the spec’s item counts (33 items in all)', () => {
    expect(Object.values(SPEC_ITEM_COUNTS).reduce((a, b) => a + b, 0)).toBe(33);
  });
});

describe('summarizeDimension', () => {
  it('counts own selections and averages the team’s shares', () => {
    expect(summarizeDimension('openness', [item(true, 0.5), item(false, 0.25), item(true, 0.75)])).toEqual({ dimension: 'openness', itemCount: 3, ownSelected: 2, teamMean: 0.5 });
  });

  it('hides the mean when any share is withheld, and keeps the own selections', () => {
    expect(summarizeDimension('trust', [item(true, null), item(false, null)])).toEqual({ dimension: 'trust', itemCount: 2, ownSelected: 1, teamMean: null });
    expect(summarizeDimension('trust', [item(true, 0.5), item(false, null)]).teamMean).toBeNull();
  });

  it('has no mean for a dimension without items', () => {
    expect(summarizeDimension('respect', []).teamMean).toBeNull();
  });
});

describe('selfView', () => {
  it('compares the leader’s own choice with a majority of the team', () => {
    expect(selfView(item(true, 0.5))).toBe('agree_chosen');
    expect(selfView(item(false, 0.49))).toBe('agree_not_chosen');
    expect(selfView(item(true, 0.2))).toBe('self_higher');
    expect(selfView(item(false, 0.8))).toBe('self_lower');
  });

  it('says nothing about a withheld share', () => {
    expect(selfView(item(true, null))).toBe('unknown');
  });
});

describe('formatShare', () => {
  it('shows a whole percentage in the user’s format and a dash when withheld', () => {
    expect(formatShare(0.625, 'en-US')).toBe('63%');
    expect(formatShare(null, 'en-US')).toBe('–');
  });
});
