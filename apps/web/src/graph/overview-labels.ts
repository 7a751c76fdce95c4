/**
 * Up to this many units the overview names every unit (each label forced, as a small organisation
 * expects to read its units at a glance). Above it the labels go through sigma's label grid, which
 * shows the largest unit of each cell and more as the user zooms in: 8,691 forced labels at
 * 100,000 people covered the circles in a black mass of text (seen 2026-12-04).
 */
export const FORCED_UNIT_LABELS_MAX = 150;

/** Whether every unit's label is drawn, whatever its size and its neighbours' (see FORCED_UNIT_LABELS_MAX). */
export function unitLabelsForced(unitCount: number): boolean {
  return unitCount <= FORCED_UNIT_LABELS_MAX;
}
