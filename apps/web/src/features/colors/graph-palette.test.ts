import { describe, expect, it } from 'vitest';
import { GRAPH_PALETTE, unitColor } from './graph-palette.ts';

describe('the graph palette', () => {
  it('has 18 distinct colours', () => {
    expect(new Set(GRAPH_PALETTE.map((c) => c.hex)).size).toBe(18);
  });

  it('is assigned cyclically by unit index', () => {
    expect(unitColor(18)).toEqual(GRAPH_PALETTE[0]);
    expect(unitColor(19)).toEqual(GRAPH_PALETTE[1]);
  });
});
