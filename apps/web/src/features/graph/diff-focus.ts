import type { TTieDiff } from '@ona/contracts';

/** What the graph diff is narrowed to: a unit (by its name path, sub-units included) and chosen people (diff node ids). */
export type TDiffFocus = { unitPath: string | null; people: readonly string[] };

export const NO_DIFF_FOCUS: TDiffFocus = { unitPath: null, people: [] };

const SEPARATOR = ' / ';

/** Each unit's name path from the top unit down, joined by " / ". */
function unitPaths(units: TTieDiff['units_now']): Map<number, string> {
  const byId = new Map(units.map((unit) => [unit.id, unit] as const));
  const paths = new Map<number, string>();
  const pathOf = (id: number, seen: Set<number> = new Set()): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const unit = byId.get(id);
    if (!unit || seen.has(id)) return '';
    seen.add(id);
    const parent = unit.parent === null ? '' : pathOf(unit.parent, seen);
    const path = parent === '' ? unit.name : `${parent}${SEPARATOR}${unit.name}`;
    paths.set(id, path);
    return path;
  };
  for (const unit of units) pathOf(unit.id);
  return paths;
}

/**
 * The units to narrow by: the name paths of both journeys' units, matched by name from the top
 * down as the Compare page matches them, so that a unit offered once covers its people then and now.
 */
export function diffUnitOptions(diff: TTieDiff): string[] {
  return [...new Set([...unitPaths(diff.units_now).values(), ...unitPaths(diff.units_then).values()])].sort((a, b) => a.localeCompare(b));
}

const within = (path: string | undefined, unitPath: string): boolean => path !== undefined && (path === unitPath || path.startsWith(`${unitPath}${SEPARATOR}`));

/**
 * The diff narrowed to a unit (its people then or now, sub-units included) and chosen people, with
 * every tie they gave or received, kept, added or lost, and the colleagues at the other end. No
 * focus: the diff unchanged. The statistics of the page stay those of the whole diff.
 */
export function focusDiff(diff: TTieDiff, focus: TDiffFocus): TTieDiff {
  if (focus.unitPath === null && focus.people.length === 0) return diff;
  const nowPaths = unitPaths(diff.units_now);
  const thenPaths = unitPaths(diff.units_then);
  const focused = new Set(focus.people);
  if (focus.unitPath !== null) {
    for (const node of diff.nodes) {
      const inNow = node.unit_now !== null && within(nowPaths.get(node.unit_now), focus.unitPath);
      const inThen = node.unit_then !== null && within(thenPaths.get(node.unit_then), focus.unitPath);
      if (inNow || inThen) focused.add(node.id);
    }
  }
  const edges = diff.edges.filter((edge) => focused.has(edge.source) || focused.has(edge.target));
  const shown = new Set([...focused, ...edges.flatMap((edge) => [edge.source, edge.target])]);
  return { ...diff, nodes: diff.nodes.filter((node) => shown.has(node.id)), edges };
}
