import { KEY_ROLE_CODES, keyRoleClass, keyRoleClassColor, type TGraphVisualization, type TKeyRoleClass } from '@ona/contracts';
import type { TGraphAppearance } from '../../graph/graph-appearance.ts';
import { GRAPH_COLORS } from '../../graph/graph-constants.ts';

/** One line of the colour legend: what a colour stands for and how many people in view wear it. */
export type TLegendEntry =
  | { kind: 'unit'; key: string; unitName: string | null; color: string; count: number }
  | { kind: 'keyRole'; key: string; roleClass: TKeyRoleClass; color: string; count: number };

/**
 * The colours on the canvas, counted over the people in view. By unit: the units that have
 * someone in view, the largest first (a legend of every unit of a large organisation would bury
 * the few on screen). By key person: the roles in their fixed order, then several roles, then none.
 */
export function legendEntries(data: TGraphVisualization, colorBy: TGraphAppearance['colorBy']): TLegendEntry[] {
  if (colorBy === 'keyPerson') {
    const counts = new Map<TKeyRoleClass, number>();
    for (const node of data.employees) {
      const roleClass = keyRoleClass(node.key_roles);
      counts.set(roleClass, (counts.get(roleClass) ?? 0) + 1);
    }
    const order: TKeyRoleClass[] = [...KEY_ROLE_CODES, 'several', 'none'];
    return order.flatMap((roleClass) => {
      const count = counts.get(roleClass) ?? 0;
      return count === 0 ? [] : [{ kind: 'keyRole' as const, key: roleClass, roleClass, color: keyRoleClassColor(roleClass), count }];
    });
  }
  const units = new Map(data.units.map((unit) => [unit.id, unit] as const));
  const counts = new Map<number | null, number>();
  for (const node of data.employees) {
    const unit = node.unit !== null && units.has(node.unit) ? node.unit : null;
    counts.set(unit, (counts.get(unit) ?? 0) + 1);
  }
  const entries: TLegendEntry[] = [...counts].map(([unitId, count]) => {
    const unit = unitId === null ? undefined : units.get(unitId);
    return unit
      ? { kind: 'unit', key: String(unit.id), unitName: unit.name, color: unit.color, count }
      : { kind: 'unit', key: 'none', unitName: null, color: GRAPH_COLORS.noUnit, count };
  });
  const name = (entry: TLegendEntry) => (entry.kind === 'unit' ? (entry.unitName ?? '') : '');
  return entries.sort((a, b) => b.count - a.count || name(a).localeCompare(name(b)));
}
