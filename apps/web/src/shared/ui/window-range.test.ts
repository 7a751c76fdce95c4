import { describe, expect, it } from 'vitest';
import { scrollTopToReveal, windowRange } from './window-range.ts';

describe('windowRange', () => {
  it('renders only the visible rows and the overscan of a long list', () => {
    expect(windowRange({ itemCount: 10_000, rowHeight: 48, viewportHeight: 480, scrollTop: 0, overscan: 5 })).toEqual({ start: 0, end: 16 });
  });

  it('follows the scroll position', () => {
    // Row 100 is the first visible one at 4800 px.
    expect(windowRange({ itemCount: 10_000, rowHeight: 48, viewportHeight: 480, scrollTop: 4800, overscan: 5 })).toEqual({ start: 95, end: 116 });
  });

  it('never goes past the last row, even when the scroll position overshoots', () => {
    expect(windowRange({ itemCount: 100, rowHeight: 40, viewportHeight: 400, scrollTop: 99_999, overscan: 2 })).toEqual({ start: 88, end: 100 });
  });

  it('renders every row of a list shorter than the viewport', () => {
    expect(windowRange({ itemCount: 3, rowHeight: 40, viewportHeight: 400, scrollTop: 0 })).toEqual({ start: 0, end: 3 });
  });

  it('is empty for an empty list and a negative scroll is read as the top', () => {
    expect(windowRange({ itemCount: 0, rowHeight: 40, viewportHeight: 400, scrollTop: 0 })).toEqual({ start: 0, end: 0 });
    expect(windowRange({ itemCount: 50, rowHeight: 40, viewportHeight: 200, scrollTop: -30, overscan: 0 })).toEqual({ start: 0, end: 6 });
  });

  it('keeps the rendered row count bounded whatever the list length', () => {
    for (const itemCount of [10, 1_000, 100_000]) {
      const { start, end } = windowRange({ itemCount, rowHeight: 48, viewportHeight: 600, scrollTop: 2_000 });
      expect(end - start).toBeLessThanOrEqual(Math.ceil(600 / 48) + 1 + 12);
    }
  });
});

describe('scrollTopToReveal', () => {
  it('scrolls up to a row above the viewport and down to one below it', () => {
    expect(scrollTopToReveal(2, 40, 200, 400)).toBe(80);
    expect(scrollTopToReveal(20, 40, 200, 0)).toBe(640);
  });

  it('leaves a visible row alone', () => {
    expect(scrollTopToReveal(3, 40, 200, 80)).toBeNull();
  });
});
