import type { TGraphLayout, TGraphVisualization } from '@ona/contracts';
import { useEffect, useRef, type CSSProperties, type KeyboardEventHandler } from 'react';
import type { TGraphAppearance } from './graph-appearance.ts';
import type { TDiffMarks } from './diff-appearance.ts';
import { GRAPH_COLORS } from './graph-constants.ts';
import { GraphRenderer, type TGraphProbe } from './graph-renderer.ts';
import type { TOverviewProbe } from './overview-renderer.ts';
import { layoutPositions, type TPoint } from './layout-positions.ts';
import classes from './graph-canvas.module.css';
import type { TPrintTexts } from './print-picture.ts';

declare global {
  interface Window {
    /** Read-only probe of the drawn graph for browser tests and benchmarks. */
    __onaGraph?: TGraphProbe;
    /** Set by browser tests before the page loads, to try the large-graph behaviour on the demo. */
    __onaGraphTuning?: { largeGraphEdges?: number; overviewMinPeople?: number };
    /** Read-only probe of the overview of units. */
    __onaOverview?: TOverviewProbe;
  }
}

export type TGraphCanvasHandle = {
  /** A4 landscape at 300 dpi with title, date and legend (print-picture.ts). */
  exportPrintPng: (texts: TPrintTexts) => Promise<Blob | null>;
  positions: () => ReadonlyMap<number, TPoint>;
  resetCamera: () => void;
  /** Highlights the person the keyboard is on (null: nobody) and brings them into view. */
  focusNode: (nodeId: number | null) => void;
  /** Each person's place on the screen, and the canvas's middle (for the arrow keys). */
  viewportPositions: () => ReadonlyMap<number, TPoint>;
  viewportCentre: () => TPoint;
  /** Moves the keyboard focus to the canvas. */
  focus: () => void;
};

type TGraphCanvasProps = {
  data: TGraphVisualization;
  layout: TGraphLayout;
  appearance: TGraphAppearance;
  /** The statuses of a graph diff (two waves compared); absent for a single wave. */
  diff?: TDiffMarks | null;
  onHover: (nodeId: number | null, at: TPoint) => void;
  onClickNode: (nodeId: number | null) => void;
  onReady?: (handle: TGraphCanvasHandle | null) => void;
  label: string;
  /** The id of the text telling how to use the canvas from the keyboard. */
  describedBy?: string;
  /** Keys pressed while the canvas has the focus (the canvas is focusable when given). */
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  style?: CSSProperties;
};

/**
 * The sigma canvas. New data is drawn at the positions of the current layout; a change of layout
 * animates from wherever the nodes are (dragged ones included) to the new layout.
 */
export function GraphCanvas({ data, layout, appearance, diff = null, onHover, onClickNode, onReady, label, describedBy, onKeyDown, style }: TGraphCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const renderer = useRef<GraphRenderer | null>(null);
  const drawn = useRef<{ data: TGraphVisualization | null; layout: TGraphLayout }>({ data: null, layout });
  const handlers = useRef({ onHover, onClickNode });
  handlers.current = { onHover, onClickNode };

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const instance = new GraphRenderer(element, {
      onHover: (nodeId, at) => handlers.current.onHover(nodeId, at),
      onClickNode: (nodeId) => handlers.current.onClickNode(nodeId),
    }, window.__onaGraphTuning?.largeGraphEdges);
    renderer.current = instance;
    window.__onaGraph = instance.probe();
    onReady?.({
      exportPrintPng: (texts) => instance.exportPrintPng(texts),
      positions: () => instance.currentPositions(),
      resetCamera: () => instance.resetCamera(),
      focusNode: (nodeId) => instance.setFocusedNode(nodeId),
      viewportPositions: () => instance.viewportPositions(),
      viewportCentre: () => instance.viewportCentre(),
      focus: () => element.focus(),
    });
    return () => {
      onReady?.(null);
      if (window.__onaGraph) delete window.__onaGraph;
      instance.kill();
      renderer.current = null;
      drawn.current = { data: null, layout };
    };
    // The renderer lives as long as the canvas; data and style arrive through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    renderer.current?.setAppearance(appearance);
  }, [appearance]);

  useEffect(() => {
    renderer.current?.setDiff(diff);
  }, [diff]);

  useEffect(() => {
    const instance = renderer.current;
    if (!instance) return;
    const colors = new Map(data.units.map((u) => [u.id, u.color] as const));
    if (drawn.current.data !== data) {
      instance.setAppearance(appearance);
      instance.setData(data, layoutPositions(data.employees, layout), (unitId) => (unitId === null ? GRAPH_COLORS.noUnit : (colors.get(unitId) ?? GRAPH_COLORS.noUnit)));
      if (container.current) container.current.dataset.layout = layout;
    } else if (drawn.current.layout !== layout) {
      if (container.current) container.current.dataset.layout = layout;
      instance.moveTo(layoutPositions(data.employees, layout), true);
    }
    drawn.current = { data, layout };
    // Appearance has its own effect; here only what changes positions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, layout]);

  // With keys, the canvas is an application (a screen reader passes the arrow keys through) whose
  // person is announced by the page; without, a picture with a name.
  return onKeyDown ? (
    <div
      ref={container}
      role="application"
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={classes.canvas}
      data-testid="graph-canvas"
      style={{ position: 'absolute', inset: 0, ...style }}
    />
  ) : (
    <div ref={container} role="img" aria-label={label} data-testid="graph-canvas" style={{ position: 'absolute', inset: 0, ...style }} />
  );
}
