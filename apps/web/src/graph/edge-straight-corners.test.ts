import { describe, expect, it } from 'vitest';
import { edgeCorners, packCorner, type TCorner } from './edge-straight-corners.ts';

/** What the vertex shader reads back from a packed corner (normalised bytes, as WebGL hands them over). */
function unpack(value: number): TCorner {
  const bytes = new Uint8Array(new Float32Array([value]).buffer);
  const [radius, head, side, end] = [...bytes].map((b) => b / 255) as [number, number, number, number];
  return { radius: radius as 0 | 1, head: head as 0 | 1, side: Math.round(side * (255 / 60) - 2) as TCorner['side'], end: end > 0 ? 'target' : 'source' };
}

describe('the corners of a straight edge', () => {
  it('without arrows is a plain band from node centre to node centre, two triangles', () => {
    const corners = edgeCorners(0);
    expect(corners).toHaveLength(6);
    expect(corners.every((c) => c.radius === 0 && c.head === 0 && Math.abs(c.side) === 1)).toBe(true);
    expect(corners.filter((c) => c.end === 'source')).toHaveLength(3);
  });

  it('with one arrow stops its body a head short of the target, and puts the head there with its tip at the node', () => {
    const corners = edgeCorners(1);
    expect(corners).toHaveLength(9);
    const body = corners.slice(0, 6);
    expect(body.filter((c) => c.end === 'target').every((c) => c.radius === 1 && c.head === 1)).toBe(true);
    expect(body.filter((c) => c.end === 'source').every((c) => c.radius === 0 && c.head === 0)).toBe(true);
    expect(corners.slice(6)).toEqual([
      { end: 'target', radius: 1, head: 0, side: 0 },
      { end: 'target', radius: 1, head: 1, side: 2 },
      { end: 'target', radius: 1, head: 1, side: -2 },
    ]);
  });

  it('with two arrows (a mutual pair drawn once) is the same at both ends', () => {
    const corners = edgeCorners(2);
    expect(corners).toHaveLength(12);
    expect(corners.slice(0, 6).every((c) => c.radius === 1 && c.head === 1)).toBe(true);
    const mirrored = (c: TCorner): TCorner => ({ ...c, end: c.end === 'source' ? 'target' : 'source' });
    expect(corners.slice(9).map(mirrored)).toEqual(corners.slice(6, 9));
  });

  it('packs every corner into one float that unpacks to the same corner and is never NaN', () => {
    for (const heads of [0, 1, 2] as const) {
      for (const corner of edgeCorners(heads)) {
        const packed = packCorner(corner);
        expect(Number.isNaN(packed)).toBe(false);
        expect(unpack(packed)).toEqual(corner);
      }
    }
  });
});
