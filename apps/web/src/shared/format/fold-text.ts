/** Case- and accent-blind form of a text, so "kovacs" finds "Kovács" and "ÉVA" finds "Éva". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
