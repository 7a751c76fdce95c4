import { describe, expect, it } from 'vitest';
import { changedLevels, hasChanges, sharedLevel, sharedLevels } from './mixed-level.ts';

describe('sharedLevel', () => {
  it('is the common level when every selected user has it', () => {
    expect(sharedLevel([{ survey: 'self_only' }, { survey: 'self_only' }], 'survey')).toBe('self_only');
  });

  it('is mixed when the selected users differ', () => {
    expect(sharedLevel([{ survey: 'self_only' }, { survey: 'all_access' }], 'survey')).toBe('mixed');
  });

  it('reads a missing module as no_access', () => {
    expect(sharedLevel([{}, { survey: 'no_access' }], 'survey')).toBe('no_access');
    expect(sharedLevel([{}, { survey: 'subtree' }], 'survey')).toBe('mixed');
  });

  it('is null without a selection', () => {
    expect(sharedLevel([], 'survey')).toBeNull();
  });
});

describe('sharedLevels and changedLevels', () => {
  const users = [
    { survey: 'self_only', statistics: 'all_access' },
    { survey: 'self_only', statistics: 'no_access' },
  ] as const;
  const initial = sharedLevels(users, ['survey', 'statistics']);

  it('computes every module at once', () => {
    expect(initial).toEqual({ survey: 'self_only', statistics: 'mixed' });
  });

  it('sends only what changed, never mixed', () => {
    expect(changedLevels(initial, { survey: 'self_only', statistics: 'mixed' })).toEqual({});
    expect(hasChanges(initial, { ...initial })).toBe(false);
    expect(changedLevels(initial, { survey: 'subtree', statistics: 'all_access' })).toEqual({ survey: 'subtree', statistics: 'all_access' });
    expect(hasChanges(initial, { ...initial, statistics: 'module_disabled' })).toBe(true);
  });
});
