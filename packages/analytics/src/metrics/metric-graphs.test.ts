import { describe, expect, it } from 'vitest';
import { buildOrganisation } from '../graph/organisation.ts';
import { resolveOptions } from '../options.ts';
import { runAnalysis } from '../run-analysis.ts';
import { syntheticOrganisation } from '../testing/synthetic.ts';
import { betweenness } from './betweenness.ts';
import { distinctBetweenness, distinctMeasures, metricGraphs } from './metric-graphs.ts';

// 300 people with sampled betweenness and closeness (thresholds lowered): the seeds decide the figures.
const input = syntheticOrganisation({ employees: 300, seed: 7 });
const options = resolveOptions({ metrics: { betweenness: { exactMaxNodes: 50, pivots: 40 }, closeness: { exactMaxNodes: 50, pivots: 40 } } });

describe('a category asked through one question kind is that kind’s network', () => {
  const org = buildOrganisation(input);
  const graphs = metricGraphs(org, options);
  const shared = graphs.filter((planned) => planned.scope === 'category' && graphs.some((other) => other.scope === 'kind' && other.graph === planned.graph));

  it('is planned with the kind’s betweenness and context, seeds included', () => {
    expect(shared.length).toBeGreaterThan(0);
    for (const category of shared) {
      const kind = graphs.find((other) => other.scope === 'kind' && other.graph === category.graph)!;
      expect(category.betweenness).toBe(kind.betweenness);
      expect(category.context).toBe(kind.context);
    }
  });

  it('has its betweenness and measures computed once', () => {
    const distinctGraphs = new Set(graphs.map((planned) => planned.graph)).size;
    let computed = 0;
    const thunks = distinctBetweenness(graphs, (graph, settings) => {
      computed++;
      return betweenness(graph, settings);
    });
    // In reverse, as the pool's planner calls them: the category's call computes, the kind's takes it.
    const values = thunks.map((_, i) => thunks[thunks.length - 1 - i]!()).reverse();
    expect(computed).toBe(distinctGraphs);
    expect(distinctMeasures(graphs).distinct).toHaveLength(distinctGraphs);
    for (const category of shared) {
      const kind = graphs.findIndex((other) => other.scope === 'kind' && other.graph === category.graph);
      expect(values[graphs.indexOf(category)]).toBe(values[kind]);
    }
  });

  it('shows the kind’s figures in the result, while a category of several kinds keeps its own', () => {
    const { metrics } = runAnalysis(input, options);
    const category = shared[0]!;
    const kind = graphs.find((other) => other.scope === 'kind' && other.graph === category.graph)!;
    if (category.scope !== 'category' || kind.scope !== 'kind') throw new Error('planned scopes');
    expect(metrics.byCategory[category.category]).toEqual(metrics.byKind[kind.kind]);
    expect(metrics.byCategory[category.category]!.betweennessMethod).toBe('pivots');
    const several = graphs.find((planned) => planned.scope === 'category' && !graphs.some((other) => other.scope === 'kind' && other.graph === planned.graph));
    if (several?.scope !== 'category') throw new Error('the synthetic survey has a category of several kinds');
    expect(several.betweenness!.seed).not.toBeOneOf(graphs.filter((other) => other.scope === 'kind').map((other) => other.betweenness!.seed));
    expect(metrics.byCategory[several.category]!.betweennessMethod).toBe('pivots');
  });
});
