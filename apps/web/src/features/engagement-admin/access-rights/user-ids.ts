/** `users=3,5,8` → [3, 5, 8]; anything malformed reads as no selection. */
export function parseUserIds(raw: string | null): number[] {
  if (!raw || !/^\d{1,10}(,\d{1,10})*$/.test(raw)) return [];
  return [...new Set(raw.split(',').map(Number))].filter((id) => id > 0);
}
