import { describe, expect, it } from 'vitest';
import { FORCED_UNIT_LABELS_MAX, unitLabelsForced } from './overview-labels.ts';

describe('the overview’s unit labels', () => {
  it('names every unit of an organisation with up to FORCED_UNIT_LABELS_MAX units', () => {
    expect(unitLabelsForced(1)).toBe(true);
    expect(unitLabelsForced(FORCED_UNIT_LABELS_MAX)).toBe(true);
  });

  it('leaves the labels of more units to the label grid (8,691 units at 100,000 people)', () => {
    expect(unitLabelsForced(FORCED_UNIT_LABELS_MAX + 1)).toBe(false);
    expect(unitLabelsForced(8691)).toBe(false);
  });
});
