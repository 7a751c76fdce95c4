import { GRAPH_CONSTANTS } from './graph-constants.ts';

/** WheelEvent.deltaMode values. */
const DOM_DELTA_PIXEL = 0;
const DOM_DELTA_LINE = 1;
/** Lines one notch scrolls in browsers that report lines (Firefox on some systems). */
const LINES_PER_NOTCH = 3;
/** The most notches one event counts: a flung trackpad must not jump to the zoom limit. */
const MAX_NOTCHES_PER_EVENT = 20;

/**
 * How many wheel notches an event stands for, whatever unit the browser reports it in: pixels
 * (Chromium, Safari: 100 a notch), lines (3 a notch) or pages (1 a notch).
 */
export function wheelNotches(deltaY: number, deltaMode: number): number {
  const size = Math.abs(deltaY);
  const notches = deltaMode === DOM_DELTA_PIXEL ? size / GRAPH_CONSTANTS.wheelNotchDelta : deltaMode === DOM_DELTA_LINE ? size / LINES_PER_NOTCH : size;
  return Math.min(MAX_NOTCHES_PER_EVENT, notches);
}

/**
 * The camera ratio after a wheel event: about 3% per notch (spec), so a stronger turn zooms more.
 * Scrolling up (negative deltaY) zooms in, i.e. a smaller ratio in sigma.
 */
export function wheelZoomRatio(ratio: number, deltaY: number, deltaMode: number): number {
  if (deltaY === 0) return ratio;
  const factor = (1 + GRAPH_CONSTANTS.wheelZoomStep) ** wheelNotches(deltaY, deltaMode);
  return deltaY < 0 ? ratio / factor : ratio * factor;
}
