/** The rows a fixed-row-height list must render to fill its viewport, plus a margin of extra rows. */
export type TWindowRange = { start: number; end: number };

export type TWindowInput = {
  itemCount: number;
  rowHeight: number;
  viewportHeight: number;
  scrollTop: number;
  /** Rows rendered above and below the visible ones, so fast scrolling shows no blank gap. */
  overscan?: number;
};

/** Half-open range [start, end) of item indexes; empty when there is nothing to show. */
export function windowRange({ itemCount, rowHeight, viewportHeight, scrollTop, overscan = 6 }: TWindowInput): TWindowRange {
  if (itemCount <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const maxScroll = Math.max(0, itemCount * rowHeight - viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), maxScroll);
  const firstVisible = Math.floor(top / rowHeight);
  const visibleCount = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(itemCount, firstVisible + visibleCount + overscan);
  return { start, end };
}

/** The scroll position that brings a row fully into view, or null when it already is. */
export function scrollTopToReveal(index: number, rowHeight: number, viewportHeight: number, scrollTop: number): number | null {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return rowBottom - viewportHeight;
  return null;
}
