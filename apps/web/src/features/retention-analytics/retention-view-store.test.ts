import { describe, expect, it } from 'vitest';
import type { TUserProfile } from '@ona/contracts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { DEFAULT_RETENTION_FILTERS } from './retention-filters.ts';
import { DEFAULT_DATASHEET_SORT } from './retention-sort.ts';
import { useRetentionViewStore } from './retention-view-store.ts';

const store = () => useRetentionViewStore.getState();

describe('retention view state', () => {
  it('starts from the defaults when another engagement opens, and keeps the filters for the same one', () => {
    store().forEngagement(1);
    store().setFilters({ generations: ['x'] });
    store().setSort({ column: 'employee', direction: 'asc' });
    store().forEngagement(1);
    expect(store().filters.generations).toEqual(['x']);
    store().forEngagement(2);
    expect(store().filters).toEqual(DEFAULT_RETENTION_FILTERS);
    expect(store().sort).toEqual(DEFAULT_DATASHEET_SORT);
  });

  it('forgets the filters on logout (spec §4)', () => {
    useAuthStore.getState().signIn('token', { id: 1 } as TUserProfile);
    store().forEngagement(3);
    store().setFilters({ riskLevels: [4], search: 'anna' });
    useAuthStore.getState().signOut();
    expect(store().filters).toEqual(DEFAULT_RETENTION_FILTERS);
    expect(store().engagementId).toBeNull();
  });

  it('resets only the filters on "Reset filters", keeping the sort', () => {
    store().setFilters({ answered: 'answered' });
    store().setSort({ column: 'leader', direction: 'desc' });
    store().resetFilters();
    expect(store().filters).toEqual(DEFAULT_RETENTION_FILTERS);
    expect(store().sort).toEqual({ column: 'leader', direction: 'desc' });
  });
});
