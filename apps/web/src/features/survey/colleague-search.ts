import { foldText } from '../../shared/format/fold-text.ts';

/** The spec's minimum search length (§5): shorter terms search nothing and ask for more. */
export const MIN_SEARCH_LENGTH = 3;

export type TSearchableColleague = { id: number; name: string; unitId: number | null };

export { foldText };

export type TColleagueIndex<T extends TSearchableColleague> = { colleague: T; folded: string }[];

/** Folds every name once; searching 10,000 colleagues then costs one substring test each. */
export function indexColleagues<T extends TSearchableColleague>(colleagues: readonly T[]): TColleagueIndex<T> {
  return colleagues.map((colleague) => ({ colleague, folded: foldText(colleague.name) }));
}

/** `unitIds`: the chosen unit and its subunits; null for every unit. */
export type TColleagueFilter = { query: string; unitIds: ReadonlySet<number> | null };

export type TSearchResult<T> = {
  colleagues: T[];
  /** A term was typed but is shorter than the minimum: it was ignored. */
  tooShort: boolean;
  /** A term of full length matched nobody (within the unit filter). */
  noMatch: boolean;
};

export function searchColleagues<T extends TSearchableColleague>(index: TColleagueIndex<T>, { query, unitIds }: TColleagueFilter): TSearchResult<T> {
  const term = foldText(query);
  const tooShort = term.length > 0 && term.length < MIN_SEARCH_LENGTH;
  const byName = term.length >= MIN_SEARCH_LENGTH;
  const colleagues: T[] = [];
  for (const entry of index) {
    if (unitIds !== null && (entry.colleague.unitId === null || !unitIds.has(entry.colleague.unitId))) continue;
    if (byName && !entry.folded.includes(term)) continue;
    colleagues.push(entry.colleague);
  }
  return { colleagues, tooShort, noMatch: byName && colleagues.length === 0 };
}

/** Adds or removes one colleague, keeping the order in which they were chosen. */
export function toggleSelection(selected: readonly number[], colleagueId: number): number[] {
  return selected.includes(colleagueId) ? selected.filter((id) => id !== colleagueId) : [...selected, colleagueId];
}
