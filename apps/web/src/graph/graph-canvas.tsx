import type { TGraphLayout, TGraphVisualization } from '@ona/contracts';
import { useEffect, useRef, type CSSProperties } from 'react';
import type { TGraphAppearance } from './graph-appearance.ts';
import { GRAPH_COLORS } from './graph-constants.ts';
import { GraphRenderer, type TGraphProbe } from './graph-renderer.ts';
import { layoutPositions, type TPoint } from './layout-positions.ts';
import type { TPrintTexts } from './print-picture.ts';

declare global {
  interface Window {
    /** Read-only probe of the drawn graph for browser tests and benchmarks. */
    __onaGraph?: TGraphProbe;
    /** Set by browser tests before the page loads, to try the large-graph behaviour on the demo. */
    __onaGraphTuning?: { largeGraphEdges?: number };
  }
}

export type TGraphCanvasHandle = {
  /** A4 landscape at 300 dpi with title, date and legend (print-picture.ts). */
  exportPrintPng: (texts: TPrintTexts) => Promise<Blob | null>;
  positions: () => ReadonlyMap<number, TPoint>;
  resetCamera: () => void;
};

type TGraphCanvasProps = {
  data: TGraphVisualization;
  layout: TGraphLayout;
  appearance: TGraphAppearance;
  onHover: (nodeId: number | null, at: TPoint) => void;
  onClickNode: (nodeId: number | null) => void;
  onReady?: (handle: TGraphCanvasHandle | null) => void;
  label: string;
  style?: CSSProperties;
};

/**
 * The sigma canvas. New data is drawn at the positions of the current layout; a change of layout
 * animates from wherever the nodes are (dragged ones included) to the new layout.
 */
export function GraphCanvas({ data, layout, appearance, onHover, onClickNode, onReady, label, style }: TGraphCanvasProps) {
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
    onReady?.({ exportPrintPng: (texts) => instance.exportPrintPng(texts), positions: () => instance.currentPositions(), resetCamera: () => instance.resetCamera() });
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

  return <div ref={container} role="img" aria-label={label} data-testid="graph-canvas" style={{ position: 'absolute', inset: 0, ...style }} />;
}
