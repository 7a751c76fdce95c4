import { describe, expect, it } from 'vitest';
import { graphToClipMatrix, lineEnds, premultipliedColor } from './tie-lines-layer.ts';

describe('lineEnds', () => {
  it('writes the chosen ties as source and target positions, in the order of the columns', () => {
    const x = new Float32Array([0, 10, 20]);
    const y = new Float32Array([1, 11, 21]);
    const source = new Uint32Array([0, 1, 2]);
    const target = new Uint32Array([1, 2, 0]);
    const weight = new Uint32Array([1, 3, 1]);
    expect([...lineEnds(x, y, source, target, (t) => weight[t] === 1)]).toEqual([0, 1, 10, 11, 20, 21, 0, 1]);
  });

  it('answers an empty buffer when no tie is chosen', () => {
    expect(lineEnds(new Float32Array([0]), new Float32Array([0]), new Uint32Array(0), new Uint32Array(0), () => true)).toHaveLength(0);
  });
});

describe('graphToClipMatrix', () => {
  const apply = (m: Float32Array, p: { x: number; y: number }) => ({ x: m[0]! * p.x + m[3]! * p.y + m[6]!, y: m[1]! * p.x + m[4]! * p.y + m[7]! });

  it('puts a graph point where the viewport mapping draws it, in clip space (y up)', () => {
    // A similarity with a rotation, as a camera with an angle gives, and the viewport's flip.
    const angle = 0.3;
    const toViewport = (p: { x: number; y: number }) => ({ x: 100 + 5 * (Math.cos(angle) * p.x - Math.sin(angle) * p.y), y: 300 - 5 * (Math.sin(angle) * p.x + Math.cos(angle) * p.y) });
    const matrix = graphToClipMatrix(toViewport, 800, 600);
    for (const point of [{ x: 0, y: 0 }, { x: 12, y: -7 }, { x: -40, y: 33 }]) {
      const viewport = toViewport(point);
      const clip = apply(matrix, point);
      expect(clip.x).toBeCloseTo((viewport.x / 800) * 2 - 1, 5);
      expect(clip.y).toBeCloseTo(1 - (viewport.y / 600) * 2, 5);
    }
  });

  it('maps the viewport corners to the corners of clip space', () => {
    const matrix = graphToClipMatrix((p) => p, 200, 100);
    const topLeft = apply(matrix, { x: 0, y: 0 });
    const bottomRight = apply(matrix, { x: 200, y: 100 });
    // Float32 entries: equal to about 1e-7.
    expect([topLeft.x, topLeft.y, bottomRight.x, bottomRight.y].map((v) => Number(v.toFixed(6)))).toEqual([-1, 1, 1, -1]);
  });
});

describe('premultipliedColor', () => {
  it('scales the channels by the opacity, as sigma blends (ONE, ONE_MINUS_SRC_ALPHA)', () => {
    const [r, g, b, a] = premultipliedColor('#ff8000', 0.5);
    expect(r).toBeCloseTo(0.5);
    expect(g).toBeCloseTo((128 / 255) * 0.5);
    expect(b).toBe(0);
    expect(a).toBe(0.5);
  });
});
