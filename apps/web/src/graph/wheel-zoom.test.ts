import { describe, expect, it } from 'vitest';
import { wheelNotches, wheelZoomRatio } from './wheel-zoom.ts';

describe('wheel zoom', () => {
  it('counts one notch in pixels, lines and pages alike', () => {
    expect(wheelNotches(100, 0)).toBe(1);
    expect(wheelNotches(-3, 1)).toBe(1);
    expect(wheelNotches(1, 2)).toBe(1);
  });

  it('zooms in about 3% for one notch up and out as much for one notch down', () => {
    expect(wheelZoomRatio(1, -100, 0)).toBeCloseTo(1 / 1.03, 10);
    expect(wheelZoomRatio(1, 100, 0)).toBeCloseTo(1.03, 10);
    expect(wheelZoomRatio(0.5, -3, 1)).toBeCloseTo(0.5 / 1.03, 10);
  });

  it('scales with the intensity of the turn: a trackpad nudge zooms less, a hard turn more, within a limit', () => {
    expect(wheelZoomRatio(1, 10, 0)).toBeCloseTo(1.03 ** 0.1, 10);
    expect(wheelZoomRatio(1, 300, 0)).toBeCloseTo(1.03 ** 3, 10);
    expect(wheelZoomRatio(1, 1e6, 0)).toBeCloseTo(1.03 ** 20, 10);
  });

  it('leaves the camera alone without vertical movement', () => {
    expect(wheelZoomRatio(0.7, 0, 0)).toBe(0.7);
  });
});
