import type { TAccessLevel, TEngagement, TModule } from '@ona/contracts';
import type { TIconName } from '../../shared/ui/icon.tsx';

/** One tile of the engagement details page, in the order the spec lists the modules (§1). */
export type TModuleTile = {
  module: TModule;
  icon: TIconName;
  /** Where the tile leads, relative to the app's base. */
  route: (engagementId: number) => string;
};

const under = (segment: string) => (engagementId: number) => `engagements/${engagementId}/${segment}`;

export const MODULE_TILES: readonly TModuleTile[] = [
  { module: 'survey', icon: 'survey', route: under('survey/intro.html') },
  { module: 'statistics', icon: 'statistics', route: under('survey-statistics/overview.html') },
  { module: 'retention_analytics', icon: 'retention', route: under('retention-analytics/index.html') },
  { module: 'leader_reports', icon: 'leader', route: under('leader-report/list.html') },
  { module: 'individual_reports', icon: 'individual', route: under('individual-report/list.html') },
  { module: 'executive_reports', icon: 'executive', route: under('executive-report.html') },
  { module: 'analytics360_reports', icon: 'analytics360', route: under('360-analytics/list.html') },
  { module: 'key_people_analytics', icon: 'keyPeople', route: under('key-people-analytics/list.html') },
  { module: 'graph_visualization', icon: 'graph', route: under('graph.html') },
];

export type TTileState = 'hidden' | 'disabled' | 'enabled';

/** DECISIONS.md, Access: no_access hides the tile, module_disabled greys it, any other level opens it. */
export function tileState(accessLevel: TAccessLevel): TTileState {
  if (accessLevel === 'no_access') return 'hidden';
  if (accessLevel === 'module_disabled') return 'disabled';
  return 'enabled';
}

export function visibleTiles(engagement: TEngagement): { tile: TModuleTile; state: Exclude<TTileState, 'hidden'> }[] {
  return MODULE_TILES.flatMap((tile) => {
    const state = tileState(engagement[tile.module].access_level);
    return state === 'hidden' ? [] : [{ tile, state }];
  });
}
