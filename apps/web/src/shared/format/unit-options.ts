import type { TUnitNode } from '@ona/contracts';

export type TUnitOption = { id: number; name: string; depth: number; path: string };

/** The unit tree flattened depth first, each unit with its depth and its path of names. */
export function flattenUnits(units: readonly TUnitNode[], depth = 0, parents: string[] = []): TUnitOption[] {
  return units.flatMap((unit) => {
    const names = [...parents, unit.name];
    return [{ id: unit.id, name: unit.name, depth, path: names.join(' › ') }, ...flattenUnits(unit.subunits, depth + 1, names)];
  });
}

/** A unit and every unit below it; null when the unit is not in the tree. */
export function subtreeUnitIds(units: readonly TUnitNode[], unitId: number): Set<number> | null {
  for (const unit of units) {
    if (unit.id === unitId) return new Set(flattenUnits([unit]).map((option) => option.id));
    const below = subtreeUnitIds(unit.subunits, unitId);
    if (below) return below;
  }
  return null;
}

export function unitNames(units: readonly TUnitNode[]): Map<number, string> {
  return new Map(flattenUnits(units).map((option) => [option.id, option.name]));
}
