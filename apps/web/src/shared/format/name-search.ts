import { foldText, SEARCH_MIN_LENGTH } from '@ona/contracts';

export type TSearchState = 'idle' | 'tooShort' | 'active';

/** Whether a typed term is empty, still too short to search, or searching. */
export function searchState(term: string): TSearchState {
  const folded = foldText(term);
  if (folded === '') return 'idle';
  return folded.length < SEARCH_MIN_LENGTH ? 'tooShort' : 'active';
}

/**
 * A matcher for an active term, accent- and case-blind, so "kovacs" finds "Kovács"; null while
 * the term is idle or too short, which callers read as "everything matches".
 */
export function nameMatcher(term: string): ((...texts: readonly (string | null | undefined)[]) => boolean) | null {
  if (searchState(term) !== 'active') return null;
  const needle = foldText(term);
  return (...texts) => texts.some((text) => text !== null && text !== undefined && foldText(text).includes(needle));
}

/** Spec §5: a select's search shows at most five matches. */
export const SELECT_MAX_MATCHES = 5;

/**
 * The options a picker offers for a typed term. Without a term, short lists (units) are browsed
 * whole while long ones (thousands of employees) offer nothing until three characters are typed.
 */
export function pickerMatches<T extends { label: string }>(options: readonly T[], term: string, browseWhenIdle: boolean): T[] {
  const state = searchState(term);
  if (state === 'idle') return browseWhenIdle ? [...options] : [];
  if (state === 'tooShort') return [];
  const matches = nameMatcher(term);
  return options.filter((option) => matches?.(option.label) ?? false).slice(0, SELECT_MAX_MATCHES);
}
