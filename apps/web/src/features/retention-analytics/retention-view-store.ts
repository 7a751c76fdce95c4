import { create } from 'zustand';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { DEFAULT_RETENTION_FILTERS, type TRetentionFilters } from './retention-filters.ts';
import { DEFAULT_DATASHEET_SORT, type TDatasheetSort } from './retention-sort.ts';

type TRetentionViewState = {
  /** The engagement the filters were set for: another engagement starts from the defaults. */
  engagementId: number | null;
  filters: TRetentionFilters;
  sort: TDatasheetSort;
  forEngagement: (engagementId: number) => void;
  setFilters: (change: Partial<TRetentionFilters>) => void;
  setSort: (sort: TDatasheetSort) => void;
  resetFilters: () => void;
  reset: () => void;
};

/**
 * The datasheet's filters and sort. They live outside the page so that a reader who opens a group
 * page and comes back finds the datasheet as they left it.
 */
export const useRetentionViewStore = create<TRetentionViewState>()((set, get) => ({
  engagementId: null,
  filters: DEFAULT_RETENTION_FILTERS,
  sort: DEFAULT_DATASHEET_SORT,
  forEngagement: (engagementId) => {
    if (get().engagementId !== engagementId) set({ engagementId, filters: DEFAULT_RETENTION_FILTERS, sort: DEFAULT_DATASHEET_SORT });
  },
  setFilters: (change) => set((state) => ({ filters: { ...state.filters, ...change } })),
  setSort: (sort) => set({ sort }),
  resetFilters: () => set({ filters: DEFAULT_RETENTION_FILTERS }),
  reset: () => set({ engagementId: null, filters: DEFAULT_RETENTION_FILTERS, sort: DEFAULT_DATASHEET_SORT }),
}));

// Spec §4: on logout the retention data and its filters are reset (the data goes with the query
// cache, which logout clears; the filters go here).
useAuthStore.subscribe((state, previous) => {
  if (previous.token !== null && state.token === null) useRetentionViewStore.getState().reset();
});
