import type { GraphOverviewColumns, TGraphUnit } from '@ona/contracts';
import { useEffect, useRef, type CSSProperties } from 'react';
import { GRAPH_COLORS } from './graph-constants.ts';
import { OverviewRenderer } from './overview-renderer.ts';

type TOverviewCanvasProps = {
  /** null while the answer is on its way: the canvas is set up meanwhile (see below). */
  columns: GraphOverviewColumns | null;
  units: readonly TGraphUnit[];
  /** A unit's label on the canvas (the page names the people without a unit). */
  unitLabel: (name: string) => string;
  onOpenUnit: (unitId: number) => void;
  onReady?: (handle: { resetCamera: () => void } | null) => void;
  label: string;
  style?: CSSProperties;
};

/**
 * The sigma canvas of the overview of units (overview-renderer.ts). It is mounted before the
 * answer arrives, so that creating sigma's WebGL contexts and compiling its programs (a software
 * WebGL compiles each one itself) happens while the request is in flight, not after the answer.
 */
export function OverviewCanvas({ columns, units, unitLabel, onOpenUnit, onReady, label, style }: TOverviewCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const renderer = useRef<OverviewRenderer | null>(null);
  const handlers = useRef({ onOpenUnit, unitLabel });
  handlers.current = { onOpenUnit, unitLabel };

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const instance = new OverviewRenderer(element, { onOpenUnit: (unitId) => handlers.current.onOpenUnit(unitId) }, window.__onaGraphTuning?.largeGraphEdges);
    renderer.current = instance;
    window.__onaOverview = instance.probe();
    onReady?.({ resetCamera: () => instance.resetCamera() });
    return () => {
      onReady?.(null);
      if (window.__onaOverview) delete window.__onaOverview;
      instance.kill();
      renderer.current = null;
    };
    // The renderer lives as long as the canvas; data arrives through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!columns) return;
    const colors = new Map(units.map((u) => [u.id, u.color] as const));
    renderer.current?.setData(columns, (unitId) => colors.get(unitId) ?? GRAPH_COLORS.noUnit, (name) => handlers.current.unitLabel(name));
  }, [columns, units]);

  return <div ref={container} role="img" aria-label={label} data-testid="graph-overview-canvas" style={{ position: 'absolute', inset: 0, ...style }} />;
}
