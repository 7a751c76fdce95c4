/**
 * The search rule of the lists (spec §5), shared by the web client, which filters short lists
 * itself, and the server, which filters the long ones before paging them: both must find alike.
 */

/** Case- and accent-blind form of a text, so "kovacs" finds "Kovács" and "ÉVA" finds "Éva". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Spec §5: a search starts from the third character; shorter terms filter nothing. */
export const SEARCH_MIN_LENGTH = 3;

/** The folded term to look for, or null while the term is empty or too short (everything matches). */
export function searchNeedle(term: string): string | null {
  const needle = foldText(term);
  return needle.length < SEARCH_MIN_LENGTH ? null : needle;
}
