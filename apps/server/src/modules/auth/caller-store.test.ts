import { describe, expect, it } from 'vitest';
import { CallerStore, type CallerScope } from './caller-store.ts';

const caller = (userId: number, organizations: number[]): CallerScope => ({ user: { id: userId }, organizationId: organizations[0] ?? 0, availableOrganizations: organizations.map((id) => ({ id })) });

describe('caller store', () => {
  it('keeps a caller until it expires', () => {
    let now = 1_000;
    const store = new CallerStore<CallerScope>({ ttlMs: 10_000, maxEntries: 10, now: () => now });
    store.set('a', caller(1, [7]), store.begin());
    now += 9_999;
    expect(store.get('a')?.user.id).toBe(1);
    now += 1;
    expect(store.get('a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const store = new CallerStore<CallerScope>({ ttlMs: 10_000, maxEntries: 2 });
    for (const [token, user] of [['a', 1], ['b', 2], ['c', 3]] as const) store.set(token, caller(user, [7]), store.begin());
    expect([store.get('a'), store.get('b')?.user.id, store.get('c')?.user.id]).toEqual([undefined, 2, 3]);
    expect(store.size).toBe(2);
  });

  it('drops the callers a change concerns: by user, by organisation (current or available), or all', () => {
    const store = new CallerStore<CallerScope>({ ttlMs: 10_000, maxEntries: 10 });
    const fill = () => {
      store.set('one', caller(1, [7]), store.begin());
      store.set('two', caller(2, [8, 7]), store.begin());
      store.set('three', caller(3, [9]), store.begin());
    };
    fill();
    store.forget({ users: [1] });
    expect(['one', 'two', 'three'].map((t) => store.get(t) !== undefined)).toEqual([false, true, true]);
    fill();
    store.forget({ organization: 7 });
    expect(['one', 'two', 'three'].map((t) => store.get(t) !== undefined)).toEqual([false, false, true]);
    fill();
    store.forget({ everything: true });
    expect(store.size).toBe(0);
  });

  it('does not keep a lookup that started before a change (it may have read the old rows)', () => {
    const store = new CallerStore<CallerScope>({ ttlMs: 10_000, maxEntries: 10 });
    const startedAt = store.begin();
    store.forget({ users: [42] });
    store.set('slow', caller(1, [7]), startedAt);
    expect(store.get('slow')).toBeUndefined();
    store.set('fresh', caller(1, [7]), store.begin());
    expect(store.get('fresh')).toBeDefined();
  });
});
