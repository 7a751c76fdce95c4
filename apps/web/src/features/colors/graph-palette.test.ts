import { describe, expect, it } from 'vitest';
import { GRAPH_PALETTE, unitColor } from './graph-palette.ts';

describe('GRAPH_PALETTE', () => {
  it('has 18 distinct colours', () => {
    expect(GRAPH_PALETTE).toHaveLength(18);
    expect(new Set(GRAPH_PALETTE.map((color) => color.hex)).size).toBe(18);
    expect(new Set(GRAPH_PALETTE.map((color) => color.name)).size).toBe(18);
  });

  it('assigns colours cyclically by unit index', () => {
    expect(unitColor(0)).toBe(GRAPH_PALETTE[0]);
    expect(unitColor(18)).toBe(GRAPH_PALETTE[0]);
    expect(unitColor(19)).toBe(GRAPH_PALETTE[1]);
  });
});
