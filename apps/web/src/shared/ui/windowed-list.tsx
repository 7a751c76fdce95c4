import { useCallback, useEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { windowRange } from './window-range.ts';

type TWindowedListProps<T> = {
  items: readonly T[];
  rowHeight: number;
  /** Height of the scrolling viewport in px; the list never grows past it. */
  height: number;
  itemKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  testId?: string;
  /** Anything that should bring the list back to its top (a new search, another question). */
  resetKey?: string | number;
  /**
   * 'list' (default): a named list of items. 'rows': the body of a role="table" whose rows
   * `renderRow` draws itself (role="row" with aria-rowindex); the wrappers here then carry no role.
   */
  semantics?: 'list' | 'rows';
};

/**
 * A list that renders only the rows in view (fixed row height), so 10,000 colleagues cost as much
 * as 20: the DOM holds a spacer of the full height and the visible slice positioned inside it.
 */
export function WindowedList<T>({ items, rowHeight, height, itemKey, renderRow, label, testId, resetKey, semantics = 'list' }: TWindowedListProps<T>) {
  const asRows = semantics === 'rows';
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const totalHeight = items.length * rowHeight;
  const viewportHeight = Math.min(height, Math.max(totalHeight, rowHeight));

  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = 0;
    setScrollTop(0);
  }, [resetKey]);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop), []);
  const { start, end } = windowRange({ itemCount: items.length, rowHeight, viewportHeight, scrollTop });
  const rows: ReactNode[] = [];
  for (let index = start; index < end; index += 1) {
    const item = items[index];
    if (item === undefined) continue;
    const style = { position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight } as const;
    rows.push(
      asRows ? (
        <div key={itemKey(item)} style={style}>
          {renderRow(item, index)}
        </div>
      ) : (
        <li key={itemKey(item)} role="listitem" style={style}>
          {renderRow(item, index)}
        </li>
      ),
    );
  }

  return (
    <div
      ref={viewport}
      onScroll={onScroll}
      style={{ height: viewportHeight, overflowY: 'auto', position: 'relative', overscrollBehavior: 'contain' }}
      data-testid={testId}
      data-count={items.length}
    >
      {asRows ? (
        <div role="rowgroup" aria-label={label} style={{ position: 'relative', height: totalHeight }}>
          {rows}
        </div>
      ) : (
        <ul aria-label={label} role="list" style={{ position: 'relative', height: totalHeight, margin: 0, padding: 0, listStyle: 'none' }}>
          {rows}
        </ul>
      )}
    </div>
  );
}
