import type { TAccessLevel, TEngagement } from '@ona/contracts';
import { MODULES } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { MODULE_TILES, tileState, visibleTiles } from './engagement-modules.ts';

function engagementWith(levels: Partial<Record<(typeof MODULES)[number], TAccessLevel>>): TEngagement {
  const level = (module: (typeof MODULES)[number]) => levels[module] ?? 'all_access';
  return {
    id: 1,
    name: 'Pulse 2025',
    access_from: '2025-01-01',
    access_till: '2025-12-31',
    default_language: 'hu',
    participant_count: 10,
    answer_count: 7,
    survey: { access_level: level('survey'), question_count: 13, last_question_id: null, terms_accepted: false, finished: false },
    graph_visualization: { access_level: level('graph_visualization'), answer_count: 7 },
    leader_reports: { access_level: level('leader_reports'), involved_employee_count: 3 },
    retention_analytics: { access_level: level('retention_analytics'), involved_employee_count: 3 },
    individual_reports: { access_level: level('individual_reports'), involved_employee_count: 3 },
    executive_reports: { access_level: level('executive_reports'), involved_employee_count: 3 },
    analytics360_reports: { access_level: level('analytics360_reports'), involved_employee_count: 3 },
    key_people_analytics: { access_level: level('key_people_analytics') },
    statistics: { access_level: level('statistics') },
    is_admin: false,
    state: 'open',
    modules: [...MODULES],
    previous_engagement_id: null,
    closed_at: null,
    archived: false,
    has_answers: true,
  };
}

describe('tileState', () => {
  it('hides no_access, greys module_disabled and opens every other level', () => {
    expect(tileState('no_access')).toBe('hidden');
    expect(tileState('module_disabled')).toBe('disabled');
    expect(tileState('self_only')).toBe('enabled');
    expect(tileState('subtree')).toBe('enabled');
    expect(tileState('all_access')).toBe('enabled');
  });
});

describe('visibleTiles', () => {
  it('has one tile per module of the contract', () => {
    expect(MODULE_TILES.map((tile) => tile.module).sort()).toEqual([...MODULES].sort());
  });

  it('drops hidden modules and keeps the order of the spec', () => {
    const tiles = visibleTiles(engagementWith({ graph_visualization: 'no_access', statistics: 'module_disabled' }));
    expect(tiles.map(({ tile }) => tile.module)).not.toContain('graph_visualization');
    expect(tiles.find(({ tile }) => tile.module === 'statistics')?.state).toBe('disabled');
    expect(tiles[0]?.tile.module).toBe('survey');
  });

  it('leads each tile to its module route', () => {
    const routes = Object.fromEntries(MODULE_TILES.map((tile) => [tile.module, tile.route(7)]));
    expect(routes.survey).toBe('engagements/7/survey/intro.html');
    expect(routes.statistics).toBe('engagements/7/survey-statistics/overview.html');
    expect(routes.retention_analytics).toBe('engagements/7/retention-analytics/index.html');
    expect(routes.graph_visualization).toBe('engagements/7/graph.html');
  });
});
