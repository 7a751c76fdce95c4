import { describe, expect, it } from 'vitest';
import type { CameraState } from 'sigma/types';
import { layerMatrix, pannedBy, zoomedAround } from './camera-preview.ts';

/** sigma's camera without rotation: the framed-graph point at the centre, scaled by 1 / ratio. */
const VIEWPORT = { width: 800, height: 600 };
const toViewport = (state: CameraState, point: { x: number; y: number }) => ({
  x: VIEWPORT.width / 2 + ((point.x - state.x) / state.ratio) * VIEWPORT.width,
  y: VIEWPORT.height / 2 - ((point.y - state.y) / state.ratio) * VIEWPORT.width,
});
const toFramed = (state: CameraState, point: { x: number; y: number }) => ({
  x: state.x + ((point.x - VIEWPORT.width / 2) / VIEWPORT.width) * state.ratio,
  y: state.y - ((point.y - VIEWPORT.height / 2) / VIEWPORT.width) * state.ratio,
});
const camera = (x: number, y: number, ratio: number): CameraState => ({ x, y, ratio, angle: 0 });

describe('camera preview', () => {
  it('reads the scale and shift that carry the drawn picture onto the previewed one', () => {
    expect(layerMatrix((p) => ({ x: 2 * p.x + 5, y: 2 * p.y - 3 }), 800)).toEqual([2, 0, -0, 2, 5, -3]);
  });

  it('keeps a rotation in the matrix, so a turned camera is previewed turned', () => {
    const [a, b, c, d] = layerMatrix((p) => ({ x: -p.y, y: p.x }), 800);
    expect([a, b, c, d]).toEqual([0, 1, -1, 0]);
  });

  it('zooming keeps the graph point under the pointer where it is on the screen', () => {
    const before = camera(0.5, 0.5, 1);
    const pointer = { x: 620, y: 140 };
    const anchor = toFramed(before, pointer);
    const after = zoomedAround(before, anchor, 0.8);
    expect(after.ratio).toBe(0.8);
    const seen = toViewport(after, anchor);
    expect(seen.x).toBeCloseTo(pointer.x, 9);
    expect(seen.y).toBeCloseTo(pointer.y, 9);
  });

  it('panning moves the camera so the grabbed point follows the pointer', () => {
    const before = camera(0.4, 0.6, 0.5);
    const grabbed = { x: 100, y: 200 };
    const released = { x: 340, y: 90 };
    const after = pannedBy(before, toFramed(before, grabbed), toFramed(before, released));
    const seen = toViewport(after, toFramed(before, grabbed));
    expect(seen.x).toBeCloseTo(released.x, 9);
    expect(seen.y).toBeCloseTo(released.y, 9);
    expect(after.ratio).toBe(before.ratio);
  });

  it('the matrix of a zoom maps every drawn point to where the new camera draws it', () => {
    const drawn = camera(0.5, 0.5, 1);
    const previewed = zoomedAround(drawn, toFramed(drawn, { x: 300, y: 250 }), 0.6);
    const [a, b, c, d, e, f] = layerMatrix((p) => toViewport(previewed, toFramed(drawn, p)), VIEWPORT.width);
    for (const p of [{ x: 0, y: 0 }, { x: 800, y: 600 }, { x: 123, y: 456 }]) {
      const expected = toViewport(previewed, toFramed(drawn, p));
      expect(a * p.x + c * p.y + e).toBeCloseTo(expected.x, 9);
      expect(b * p.x + d * p.y + f).toBeCloseTo(expected.y, 9);
    }
  });
});
