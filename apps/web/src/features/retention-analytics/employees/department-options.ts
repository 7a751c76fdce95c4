import type { TRetentionUnit } from '../retention-lookups.ts';

export type TDepartmentOption = { value: string; label: string };

/**
 * The departments depth first, each label indented by its depth so the select reads as a tree.
 * Units whose parent the caller does not see start at the left; a loop in bad data stops.
 */
export function departmentOptions(units: readonly TRetentionUnit[], locale: string): TDepartmentOption[] {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const byName = (a: TRetentionUnit, b: TRetentionUnit) => collator.compare(a.name, b.name);
  const seen = new Set<number>();
  const options: TDepartmentOption[] = [];
  const visit = (unit: TRetentionUnit, depth: number) => {
    if (seen.has(unit.id)) return;
    seen.add(unit.id);
    options.push({ value: String(unit.id), label: `${'\u2003'.repeat(depth)}${unit.name}` });
    const children = unit.children.flatMap((id) => byId.get(id) ?? []).sort(byName);
    for (const child of children) visit(child, depth + 1);
  };
  const roots = units.filter((unit) => unit.parent === null || !byId.has(unit.parent)).sort(byName);
  for (const root of roots) visit(root, 0);
  for (const unit of units) visit(unit, 0);
  return options;
}
