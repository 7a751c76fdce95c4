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

/** One 360 report per leader (anyone with direct reports), from the optional leadership block. */
export function reports360(org: Organisation, block: Leadership360Input | undefined): { reports: Report360[]; warnings: string[] } {
  if (!block) return { reports: [], warnings: [] };
  const warnings: string[] = [];
  const dimensions = Object.keys(DIMENSIONS_360) as Dimension360[];
  for (const dimension of dimensions) {
    const count = block.items.filter((item) => item.dimension === dimension).length;
    if (count !== DIMENSIONS_360[dimension]) warnings.push(`360 dimension ${dimension} has ${count} items; the spec expects ${DIMENSIONS_360[dimension]}`);
  }
  const chosen = new Map<string, Set<string>>();
  for (const nomination of block.nominations) {
    const key = `${nomination.itemId}\u0000${nomination.leaderId}`;
    const set = chosen.get(key) ?? new Set<string>();
    set.add(nomination.sourceId);
    chosen.set(key, set);
  }
  const reports: Report360[] = [];
  for (let v = 0; v < org.size; v++) {
    const reportsTo = org.directReports[v]!;
    if (reportsTo.length === 0) continue;
    const leader = org.employees[v]!;
    const reportIds = reportsTo.map((r) => org.employees[r]!.id);
    const result = { employee_id: leader.id } as Report360['result'];
    const dimensionMeans = {} as Record<Dimension360, number>;
    for (const dimension of dimensions) {
      const items = block.items.filter((item) => item.dimension === dimension);
      result[dimension] = items.map((item) => {
        const voters = chosen.get(`${item.id}\u0000${leader.id}`) ?? new Set<string>();
        return { itemId: item.id, own_selection: voters.has(leader.id), survey_result: reportIds.filter((r) => voters.has(r)).length / reportIds.length };
      });
      dimensionMeans[dimension] = items.length > 0 ? result[dimension].reduce((sum, r) => sum + r.survey_result, 0) / items.length : 0;
    }
    reports.push({ id: leader.id, employee: { id: leader.id, name: leader.name }, hierarchy_level: org.hierarchyLevel[v]!, result, dimensionMeans });
  }
  return { reports, warnings };
}
