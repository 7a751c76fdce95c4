import type { TConfidence } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { networkStability, stabilitySummary, wholePercent } from './stability-summary.ts';

const figure = (centrality: 'in_degree' | 'betweenness' | 'closeness' | 'pagerank' | 'eigenvector', verdict: 'stable' | 'unstable' | null) => ({ centrality, mean: verdict ? 0.8 : null, sd: 0, min: 0.8, samples: verdict ? 5 : 0, verdict });
const confidence: TConfidence = {
  available: true,
  response: { asked: 10, answered: 8, rate: 0.8, band: 'high' },
  thresholds: { high_min_rate: 0.8, moderate_min_rate: 0.65, stable_min_correlation: 0.8 },
  networks: [
    {
      network: 'work', label: 'Work', drop_share: 0.2, dropped: 2, repeats: 5,
      centralities: [figure('in_degree', 'stable'), figure('betweenness', 'unstable'), figure('closeness', 'stable'), figure('pagerank', 'stable'), figure('eigenvector', null)],
    },
  ],
  collaboration: null,
};

describe('stability summary', () => {
  it('splits a network’s centralities by verdict and leaves out the ones that could not be compared', () => {
    expect(stabilitySummary(networkStability(confidence, 'work'))).toEqual({ stable: ['in_degree', 'closeness', 'pagerank'], unstable: ['betweenness'] });
  });
  it('keeps to the centralities a page shows', () => {
    expect(stabilitySummary(networkStability(confidence, 'work'), ['in_degree', 'betweenness'])).toEqual({ stable: ['in_degree'], unstable: ['betweenness'] });
  });
  it('is empty for a network the run has no figures of', () => {
    expect(stabilitySummary(networkStability(confidence, 'kind:advice'))).toEqual({ stable: [], unstable: [] });
  });
  it('never rounds a rate up into the next band', () => {
    expect(wholePercent(0.7996)).toBe(79);
    expect(wholePercent(0.8)).toBe(80);
    expect(wholePercent(0.29)).toBe(29);
  });
});
