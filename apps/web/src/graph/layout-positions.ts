import type { TGraphLayout, TGraphNode } from '@ona/contracts';

export type TPoint = { x: number; y: number };
export type TPositions = ReadonlyMap<number, TPoint>;

/** The drawing box every layout is fitted into, so that switching layouts keeps the scale. */
const HALF_WIDTH = 100;

/**
 * Positions of one stored layout, fitted into the common box. Layouts keep their aspect ratio,
 * except the org chart: it is far wider than deep, so its depth is stretched to half its width,
 * and its rows run downwards.
 */
export function layoutPositions(nodes: readonly TGraphNode[], layout: TGraphLayout): Map<number, TPoint> {
  const raw = nodes.map((node) => {
    const point = node.positions[layout];
    // The engine's org chart, logo and circle use screen coordinates (y grows downwards); sigma's y grows upwards.
    return { id: node.id, x: point.x, y: layout === 'regular' ? point.y : -point.y };
  });
  const result = new Map<number, TPoint>();
  if (raw.length === 0) return result;
  const xs = raw.map((p) => p.x);
  const ys = raw.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = maxX - minX;
  const height = maxY - minY;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const span = Math.max(width, height);
  const scaleX = span > 0 ? (2 * HALF_WIDTH) / (layout === 'orgchart' ? Math.max(width, 1e-9) : span) : 1;
  const scaleY = layout === 'orgchart' ? (height > 0 ? HALF_WIDTH / height : 1) : scaleX;
  for (const p of raw) result.set(p.id, { x: (p.x - cx) * scaleX, y: (p.y - cy) * scaleY });
  return result;
}

/** Positions between two layouts at progress t (0..1); nodes missing from `from` start at their target. */
export function interpolatePositions(from: TPositions, to: TPositions, t: number): Map<number, TPoint> {
  const result = new Map<number, TPoint>();
  for (const [id, target] of to) {
    const start = from.get(id) ?? target;
    result.set(id, { x: start.x + (target.x - start.x) * t, y: start.y + (target.y - start.y) * t });
  }
  return result;
}

/** Cubic ease in and out. */
export function easeInOutCubic(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return c < 0.5 ? 4 * c * c * c : 1 - (-2 * c + 2) ** 3 / 2;
}
