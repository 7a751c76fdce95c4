import type { Unit } from '../types.ts';

/**
 * Unit names from the top unit down to each unit: how units are matched across journeys (a unit
 * keeps its identity when its name and its parents' names stay; ids differ between journeys).
 * A cycle in the parent links stops the walk where it closes.
 */
export function unitPaths(units: readonly Unit[]): Map<string, string[]> {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const paths = new Map<string, string[]>();
  for (const unit of units) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: Unit | undefined = unit; at && !seen.has(at.id); at = at.parentId === null ? undefined : byId.get(at.parentId)) {
      seen.add(at.id);
      names.push(at.name);
    }
    paths.set(unit.id, names.reverse());
  }
  return paths;
}

/** One string per path, for maps; the separator cannot occur in a name typed by a person. */
export const pathKey = (path: readonly string[]): string => path.join('\u0000');
