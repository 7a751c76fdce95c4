/** The directory writes a unit as a path from the root down, units joined with ` / `. */
export const UNIT_PATH_SEPARATOR = ' / ';

/** The units of a path from the root down; blank segments dropped. */
export function unitSegments(path: string | null): string[] {
  if (path === null) return [];
  return path.split('/').map((segment) => segment.trim()).filter((segment) => segment !== '');
}

/** A path as every comparison reads it: trimmed segments, case-insensitive. */
export const pathKey = (segments: readonly string[]): string => segments.map((s) => s.toLocaleLowerCase()).join(UNIT_PATH_SEPARATOR);

/**
 * Whether a person in `personPath` belongs to a journey that chose `chosen` units: no choice means
 * the whole directory; a chosen unit takes everyone in it and below it.
 */
export function inChosenUnits(personPath: string | null, chosen: readonly string[] | null): boolean {
  if (chosen === null || chosen.length === 0) return true;
  const person = pathKey(unitSegments(personPath));
  return chosen.some((unit) => {
    const key = pathKey(unitSegments(unit));
    return person === key || person.startsWith(key + UNIT_PATH_SEPARATOR);
  });
}

/** Every unit path of the directory (ancestors included) with how many of `paths` are in it or below it. */
export function unitChoices(paths: readonly (string | null)[]): { path: string; people: number }[] {
  const counted = new Map<string, { path: string; people: number }>();
  for (const path of paths) {
    const segments = unitSegments(path);
    for (let depth = 1; depth <= segments.length; depth++) {
      const prefix = segments.slice(0, depth);
      const key = pathKey(prefix);
      const entry = counted.get(key) ?? { path: prefix.join(UNIT_PATH_SEPARATOR), people: 0 };
      entry.people += 1;
      counted.set(key, entry);
    }
  }
  return [...counted.values()].sort((a, b) => a.path.localeCompare(b.path));
}
