import { describe, expect, it } from 'vitest';
import { forceLayout, initialPosition } from './force-layout.ts';

const distance = (a: { x: number; y: number } | undefined, b: { x: number; y: number } | undefined) => Math.hypot((a?.x ?? 0) - (b?.x ?? 0), (a?.y ?? 0) - (b?.y ?? 0));

describe('forceLayout', () => {
  it('pulls tied people closer than untied ones and is deterministic', () => {
    const nodes = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, ...initialPosition(id, i, undefined) }));
    const edges = [{ source: 'a', target: 'b', weight: 2 }, { source: 'c', target: 'd', weight: 1 }];
    const first = forceLayout(nodes, edges);
    expect(distance(first.get('a'), first.get('b'))).toBeLessThan(distance(first.get('a'), first.get('c')));
    expect(forceLayout(nodes, edges)).toEqual(first);
    for (const p of first.values()) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
  });
});
