import type { TGraphLayout, TTieStatus } from '@ona/contracts';
import { create } from 'zustand';
import { DEFAULT_APPEARANCE, type TGraphAppearance } from '../../graph/graph-appearance.ts';
import { NO_DIFF_FOCUS, type TDiffFocus } from './diff-focus.ts';
import { DEFAULT_GRAPH_FILTERS, type TGraphFilters } from './graph-query.ts';

export type TGraphViewMode = 'auto' | 'units' | 'people';

type TGraphViewState = {
  filters: TGraphFilters;
  layout: TGraphLayout;
  appearance: TGraphAppearance;
  /** The earlier journey the graph is compared with (the graph diff), or null for this wave alone. */
  compareWith: number | null;
  /** Which ties of the diff are drawn. */
  diffShow: Record<TTieStatus, boolean>;
  /** The unit and people the diff is narrowed to (none: the whole diff). */
  diffFocus: TDiffFocus;
  /** Units or people: `auto` follows the size of the journey (GRAPH_OVERVIEW_MIN_PEOPLE). */
  view: TGraphViewMode;
  /** Units of the overview opened into their people. */
  openUnits: readonly number[];
  /** The overview also draws the units not opened (with the opened people's ties to them). */
  overviewRest: 'units' | 'none';
  setView: (view: TGraphViewMode) => void;
  setOpenUnits: (units: readonly number[]) => void;
  setOverviewRest: (rest: 'units' | 'none') => void;
  setDiffFocus: (change: Partial<TDiffFocus>) => void;
  setCompareWith: (earlierId: number | null) => void;
  setDiffShow: (status: TTieStatus, shown: boolean) => void;
  setFilters: (change: Partial<TGraphFilters>) => void;
  setFilterValues: (lookupKey: string, values: string[]) => void;
  setLayout: (layout: TGraphLayout) => void;
  setAppearance: (change: Partial<TGraphAppearance>) => void;
  reset: () => void;
};

const DIFF_SHOW_ALL: Record<TTieStatus, boolean> = { kept: true, added: true, lost: true };

/** The graph page's UI state (scope, filters, style); the data itself lives in the query cache. */
export const useGraphViewStore = create<TGraphViewState>()((set) => ({
  filters: DEFAULT_GRAPH_FILTERS,
  layout: 'regular',
  appearance: DEFAULT_APPEARANCE,
  compareWith: null,
  diffShow: DIFF_SHOW_ALL,
  diffFocus: NO_DIFF_FOCUS,
  view: 'auto',
  openUnits: [],
  overviewRest: 'units',
  setView: (view) => set({ view }),
  setOpenUnits: (openUnits) => set({ openUnits }),
  setOverviewRest: (overviewRest) => set({ overviewRest }),
  setDiffFocus: (change) => set((state) => ({ diffFocus: { ...state.diffFocus, ...change } })),
  // Another earlier wave has other people and units: the focus starts again.
  setCompareWith: (compareWith) => set({ compareWith, diffFocus: NO_DIFF_FOCUS }),
  setDiffShow: (status, shown) => set((state) => ({ diffShow: { ...state.diffShow, [status]: shown } })),
  setFilters: (change) => set((state) => ({ filters: { ...state.filters, ...change } })),
  setFilterValues: (lookupKey, values) => set((state) => ({ filters: { ...state.filters, filters: { ...state.filters.filters, [lookupKey]: values } } })),
  setLayout: (layout) => set({ layout }),
  setAppearance: (change) => set((state) => ({ appearance: { ...state.appearance, ...change } })),
  reset: () => set({ filters: DEFAULT_GRAPH_FILTERS, layout: 'regular', appearance: DEFAULT_APPEARANCE, compareWith: null, diffShow: DIFF_SHOW_ALL, diffFocus: NO_DIFF_FOCUS, view: 'auto', openUnits: [], overviewRest: 'units' }),
}));
