import type { Organisation } from '../graph/organisation.ts';
import type { Dimension360, HierarchyLevel, Leadership360Input } from '../types.ts';
import { DIMENSIONS_360 } from '../types.ts';

export interface Item360Result {
  itemId: string;
  /** The leader chose themself for this behaviour. */
  own_selection: boolean;
  /** Share of the leader's direct reports who chose the leader (0..1). */
  survey_result: number;
}

export interface Report360 {
  id: string;
  employee: { id: string; name: string };
  hierarchy_level: HierarchyLevel;
  result: { employee_id: string } & Record<Dimension360, Item360Result[]>;
  /** Mean survey_result per dimension, for charts. */
  dimensionMeans: Record<Dimension360, number>;
}

/**
 * One 360 report per leader (anyone with direct reports), from the optional leadership block.
 * An item's survey result is the share of the leader's direct reports who chose the leader on it;
 * its own selection, whether the leader chose themself. People and items are matched by id, as
 * they always were: an entry naming a repeated id counts for its first occurrence, which is where
 * every lookup by that id lands (buildOrganisation's `indexOf`), and a repeated choice counts once.
 */
export function reports360(org: Organisation, block: Leadership360Input | undefined): { reports: Report360[]; warnings: string[] } {
  if (!block) return { reports: [], warnings: [] };
  const warnings: string[] = [];
  const dimensions = Object.keys(DIMENSIONS_360) as Dimension360[];
  const itemsOf = new Map(dimensions.map((dimension) => [dimension, block.items.filter((item) => item.dimension === dimension)]));
  for (const dimension of dimensions) {
    const count = itemsOf.get(dimension)!.length;
    if (count !== DIMENSIONS_360[dimension]) warnings.push(`360 dimension ${dimension} has ${count} items; the spec expects ${DIMENSIONS_360[dimension]}`);
  }
  const firstItem = new Map<string, number>();
  block.items.forEach((item, k) => {
    if (!firstItem.has(item.id)) firstItem.set(item.id, k);
  });
  const firstOf = firstIndexes(org);
  const choices = choicesByLeader(org, block, firstOf, firstItem);
  // voted[person] === the current (leader, item) stamp: that person chose the leader on the item.
  const voted = new Int32Array(org.size).fill(-1);
  let stamp = 0;
  const reports: Report360[] = [];
  for (let v = 0; v < org.size; v++) {
    const reportsTo = org.directReports[v]!;
    if (reportsTo.length === 0) continue;
    const leader = org.employees[v]!;
    const result = { employee_id: leader.id } as Report360['result'];
    const dimensionMeans = {} as Record<Dimension360, number>;
    for (const dimension of dimensions) {
      const items = itemsOf.get(dimension)!;
      result[dimension] = items.map((item) => {
        stamp += 1;
        for (const source of choices.sourcesOf(firstOf[v]!, firstItem.get(item.id)!)) voted[source] = stamp;
        let chosenBy = 0;
        for (const r of reportsTo) if (voted[firstOf[r]!] === stamp) chosenBy += 1;
        return { itemId: item.id, own_selection: voted[firstOf[v]!] === stamp, survey_result: chosenBy / reportsTo.length };
      });
      dimensionMeans[dimension] = items.length > 0 ? result[dimension].reduce((sum, r) => sum + r.survey_result, 0) / items.length : 0;
    }
    reports.push({ id: leader.id, employee: { id: leader.id, name: leader.name }, hierarchy_level: org.hierarchyLevel[v]!, result, dimensionMeans });
  }
  return { reports, warnings };
}

/** Each person's index, or that of the first person with the same id. */
function firstIndexes(org: Organisation): Int32Array {
  const first = new Int32Array(org.size);
  for (let v = 0; v < org.size; v++) first[v] = org.indexOf.get(org.employees[v]!.id) ?? v;
  return first;
}

/**
 * The block's choices grouped by (chosen leader, item), both as their first index: the respondents
 * of one group from `offsets[g]` to `offsets[g + 1]` of `sources`, a group per leader and item
 * (counting sort, two passes over the columns). Only people with direct reports get groups.
 */
function choicesByLeader(org: Organisation, block: Leadership360Input, firstOf: Int32Array, firstItem: ReadonlyMap<string, number>): { sourcesOf(leader: number, item: number): Int32Array } {
  const { source, target, question } = block.nominations;
  const n = org.size;
  const itemCount = block.items.length;
  const count = Math.min(source.length, target.length, question.length);
  const canonicalItem = Int32Array.from(block.items, (item) => firstItem.get(item.id)!);
  const slotOf = new Int32Array(n).fill(-1);
  let leaders = 0;
  for (let v = 0; v < n; v++) if (org.directReports[v]!.length > 0) slotOf[v] = leaders++;
  const groupOf = (i: number): number => {
    const s = source[i]!;
    const t = target[i]!;
    const k = question[i]!;
    if (s < 0 || s >= n || t < 0 || t >= n || k < 0 || k >= itemCount) return -1;
    const slot = slotOf[firstOf[t]!]!;
    return slot < 0 ? -1 : slot * itemCount + canonicalItem[k]!;
  };
  const offsets = new Int32Array(leaders * itemCount + 1);
  for (let i = 0; i < count; i++) {
    const g = groupOf(i);
    if (g >= 0) offsets[g + 1]! += 1;
  }
  for (let g = 0; g < leaders * itemCount; g++) offsets[g + 1]! += offsets[g]!;
  const filled = offsets.slice(0, -1);
  const sources = new Int32Array(offsets[leaders * itemCount]!);
  for (let i = 0; i < count; i++) {
    const g = groupOf(i);
    if (g >= 0) sources[filled[g]!++] = firstOf[source[i]!]!;
  }
  return {
    sourcesOf(leader, item) {
      const slot = slotOf[leader]!;
      if (slot < 0) return sources.subarray(0, 0);
      const g = slot * itemCount + item;
      return sources.subarray(offsets[g]!, offsets[g + 1]!);
    },
  };
}
