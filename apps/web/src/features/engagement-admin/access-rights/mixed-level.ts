import type { TAccessLevel, TModule } from '@ona/contracts';

/** What the modal shows per module for the selected users: their common level, or `mixed`. */
export type TSharedLevel = TAccessLevel | 'mixed';

export type TUserLevels = Partial<Record<TModule, TAccessLevel>>;

/** A module missing from a user's rights reads as no_access (DECISIONS.md: a missing row means no access). */
export function levelOf(levels: TUserLevels, module: TModule): TAccessLevel {
  return levels[module] ?? 'no_access';
}

export function sharedLevel(users: readonly TUserLevels[], module: TModule): TSharedLevel | null {
  const first = users[0];
  if (!first) return null;
  const level = levelOf(first, module);
  return users.every((user) => levelOf(user, module) === level) ? level : 'mixed';
}

export function sharedLevels(users: readonly TUserLevels[], modules: readonly TModule[]): Partial<Record<TModule, TSharedLevel>> {
  const result: Partial<Record<TModule, TSharedLevel>> = {};
  for (const module of modules) {
    const level = sharedLevel(users, module);
    if (level !== null) result[module] = level;
  }
  return result;
}

/**
 * The body of a bulk update: only the modules whose value the admin changed, and never `mixed`
 * (leaving a module on `mixed` keeps each user's own level).
 */
export function changedLevels(
  initial: Partial<Record<TModule, TSharedLevel>>,
  edited: Partial<Record<TModule, TSharedLevel>>,
): Partial<Record<TModule, TAccessLevel>> {
  const changes: Partial<Record<TModule, TAccessLevel>> = {};
  for (const [module, level] of Object.entries(edited) as [TModule, TSharedLevel][]) {
    if (level !== 'mixed' && level !== initial[module]) changes[module] = level;
  }
  return changes;
}

export function hasChanges(initial: Partial<Record<TModule, TSharedLevel>>, edited: Partial<Record<TModule, TSharedLevel>>): boolean {
  return Object.keys(changedLevels(initial, edited)).length > 0;
}
