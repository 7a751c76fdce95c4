import Graph from 'graphology';
import Sigma from 'sigma';
import { NodeCircleProgram } from 'sigma/rendering';
import type { Attributes } from 'graphology-types';
import type { Settings } from 'sigma/settings';
import { OVERVIEW_NODE_UNIT, type GraphOverviewColumns } from '@ona/contracts';
import { CameraGestures } from './camera-gestures.ts';
import { createEdgeStraightProgram } from './edge-straight-program.ts';
import { GRAPH_COLORS, GRAPH_CONSTANTS } from './graph-constants.ts';
import { LARGE_GRAPH_EDGES } from './graph-renderer.ts';
import type { TPoint } from './layout-positions.ts';
import { unitLabelsForced } from './overview-labels.ts';
import { frameNewData, reframeWhole, sharedSigmaSettings } from './sigma-camera.ts';
import { lineEnds, premultipliedColor, TieLinesLayer } from './tie-lines-layer.ts';

type TOverviewNodeAttributes = { x: number; y: number; size: number; color: string; label: string; forceLabel: boolean; zIndex: number };
type TOverviewEdgeAttributes = { size: number; color: string };

export type TOverviewEvents = {
  /** A unit node was clicked: the page opens it into its people. */
  onOpenUnit: (unitId: number) => void;
};

/** Read-only probe of the overview for browser tests and the benchmark (`window.__onaOverview`). */
export type TOverviewProbe = {
  nodeCount: () => number;
  edgeCount: () => number;
  /** Where a unit node is drawn on the screen (null: not drawn as a unit). */
  unitViewportPosition: (unitId: number) => TPoint | null;
  renderCount: () => number;
  previewing: () => boolean;
};

/** A unit node's radius in pixels: its area grows with its people, capped so one big unit does not cover the rest. */
export function unitNodePixels(people: number): number {
  return Math.min(36, 5 + 2.2 * Math.sqrt(people));
}

/** A summed tie's width: one tie as thin as a tie between two people, growing with the logarithm of the count. */
export function summedTieWidth(weight: number): number {
  return GRAPH_CONSTANTS.edgeWidthOneWay + Math.log2(weight);
}

/** A one-pixel tie line's colour, at an opacity that leaves the people readable under 250,000 of them. */
const TIE_LINE_COLOR = premultipliedColor(GRAPH_COLORS.edgeDark, 0.7);

/**
 * The overview of units (docs/graph.md, "Overview of units") drawn by one sigma from the answer's
 * columns: unit nodes sized by their people, opened units' people, summed ties as straight lines
 * of a width by their count. Nodes are keyed by their index in the columns. The ties of one
 * (between two people, or one person and a unit) never become graphology edges: they go from the
 * columns into one WebGL buffer of lines (tie-lines-layer.ts); only summed ties (a width each)
 * are sigma edges. The same large-graph behaviour as the people view: ties drawn a frame after
 * the nodes, panning and zooming by the camera preview (camera-gestures.ts).
 */
export class OverviewRenderer {
  private readonly graph = new Graph<TOverviewNodeAttributes, TOverviewEdgeAttributes>({ type: 'directed', multi: false, allowSelfLoops: false });
  private readonly sigma: Sigma<TOverviewNodeAttributes, TOverviewEdgeAttributes>;
  private readonly gestures: CameraGestures<TOverviewNodeAttributes, TOverviewEdgeAttributes>;
  private readonly tieLines: TieLinesLayer<TOverviewNodeAttributes, TOverviewEdgeAttributes>;
  /** Whether the ties of the data last set are on the GPU (the line layer and the sigma edges). */
  private tiesAdded = false;
  private columns: GraphOverviewColumns | null = null;
  private large = false;
  private tiesTimer: number | null = null;
  private firstDraw = { nodes: false, ties: false };
  private renders = 0;

  constructor(
    private readonly container: HTMLElement,
    private readonly events: TOverviewEvents,
    private readonly largeGraphEdges: number = LARGE_GRAPH_EDGES,
  ) {
    const settings: Partial<Settings<TOverviewNodeAttributes, TOverviewEdgeAttributes>> = {
      defaultNodeType: 'circle',
      defaultEdgeType: 'straight',
      nodeProgramClasses: { circle: NodeCircleProgram },
      edgeProgramClasses: { straight: createEdgeStraightProgram<TOverviewNodeAttributes, TOverviewEdgeAttributes, Attributes>(0) },
      ...sharedSigmaSettings<TOverviewNodeAttributes, TOverviewEdgeAttributes>(),
      labelRenderedSizeThreshold: 6,
    };
    this.sigma = new Sigma(this.graph, container, settings);
    this.tieLines = new TieLinesLayer(this.sigma, 'overviewTies');
    this.gestures = new CameraGestures(this.sigma, container, () => this.large);
    this.sigma.on('afterRender', () => this.afterRender());
    this.sigma.on('clickNode', ({ node }) => {
      if (this.gestures.takePanned()) return;
      const columns = this.columns;
      const index = Number(node);
      if (columns && columns.kind[index] === OVERVIEW_NODE_UNIT) this.events.onOpenUnit(columns.id[index]!);
    });
    this.sigma.on('clickStage', () => this.gestures.takePanned());
  }

  /** Draws a new answer: its nodes at once, its ties in the same frame or (a large answer) the next. */
  setData(columns: GraphOverviewColumns, colorOfUnit: (unitId: number) => string, unitLabel: (label: string) => string): void {
    this.cancelTies();
    this.gestures.preview.kill();
    this.graph.clear();
    this.tieLines.setLines(new Float32Array(0), TIE_LINE_COLOR);
    this.tiesAdded = false;
    this.columns = columns;
    const personPixels = GRAPH_CONSTANTS.defaultNodeSize * GRAPH_CONSTANTS.nodePixelsPerSize;
    let unitCount = 0;
    for (let i = 0; i < columns.kind.length; i++) if (columns.kind[i] === OVERVIEW_NODE_UNIT) unitCount++;
    const forceUnitLabels = unitLabelsForced(unitCount);
    for (let i = 0; i < columns.kind.length; i++) {
      const unit = columns.kind[i] === OVERVIEW_NODE_UNIT;
      this.graph.addNode(String(i), {
        x: columns.x[i]!,
        y: columns.y[i]!,
        size: unit ? unitNodePixels(columns.people[i]!) : personPixels,
        color: colorOfUnit(columns.unit[i]!),
        label: unit ? unitLabel(columns.labels[i]!) : columns.labels[i]!,
        forceLabel: unit && forceUnitLabels,
        zIndex: unit ? 1 : 0,
      });
    }
    this.large = columns.source.length > this.largeGraphEdges;
    this.firstDraw = { nodes: columns.kind.length > 0, ties: columns.source.length > 0 };
    this.container.dataset.nodes = String(columns.kind.length);
    performance.mark('ona:overview-nodes-added');
    if (!this.large) this.addTies();
    frameNewData(this.sigma, this.large);
  }

  resetCamera(): void {
    reframeWhole(this.sigma, this.gestures.preview);
  }

  probe(): TOverviewProbe {
    return {
      nodeCount: () => this.graph.order,
      edgeCount: () => this.graph.size + this.tieLines.count(),
      unitViewportPosition: (unitId) => {
        const columns = this.columns;
        if (!columns) return null;
        for (let i = 0; i < columns.kind.length; i++) {
          if (columns.kind[i] !== OVERVIEW_NODE_UNIT || columns.id[i] !== unitId) continue;
          const data = this.sigma.getNodeDisplayData(String(i));
          return data ? this.gestures.preview.framedGraphToViewport(data) : null;
        }
        return null;
      },
      renderCount: () => this.renders,
      previewing: () => this.gestures.preview.active(),
    };
  }

  kill(): void {
    this.cancelTies();
    this.gestures.kill();
    this.tieLines.kill();
    this.sigma.kill();
  }

  /** The ties of one as lines in one buffer, the summed ones as sigma edges of a width by their count. */
  private addTies(): void {
    const columns = this.columns;
    if (!columns) return;
    const { x, y, source, target, weight } = columns;
    this.tieLines.setLines(lineEnds(x, y, source, target, (t) => weight[t] === 1), TIE_LINE_COLOR);
    for (let t = 0; t < source.length; t++) {
      const w = weight[t]!;
      if (w > 1) this.graph.addDirectedEdge(String(source[t]), String(target[t]), { size: summedTieWidth(w), color: GRAPH_COLORS.edgeDark });
    }
    this.tiesAdded = true;
    this.container.dataset.edges = String(this.graph.size + this.tieLines.count());
    performance.mark('ona:overview-ties-added');
  }

  private cancelTies(): void {
    if (this.tiesTimer !== null) window.clearTimeout(this.tiesTimer);
    this.tiesTimer = null;
  }

  /**
   * Marks the first frames showing the nodes and the ties of new data (user timing, read by the
   * benchmark) and, for a large answer, adds the ties once the frame with the nodes was presented
   * (a task posted from a render runs after that frame is on the screen).
   */
  private afterRender(): void {
    this.renders++;
    if (this.firstDraw.nodes) performance.mark('ona:overview-nodes-rendered');
    // Sigma's render cleared nothing of the line layer; it is drawn again under the new camera,
    // or (a large answer, as sigma's hideEdgesOnMove) left out while the camera animates.
    if (this.large && this.sigma.getCamera().isAnimated()) this.tieLines.clear();
    else this.tieLines.draw();
    if (this.firstDraw.nodes && this.graph.order > 0) {
      this.firstDraw.nodes = false;
      markNextFrame('ona:overview-nodes-shown', this.graph.order);
      if (this.large && !this.tiesAdded && this.tiesTimer === null) {
        this.tiesTimer = window.setTimeout(() => {
          this.tiesTimer = null;
          this.addTies();
          // Summed ties added to the graph make sigma render (and so this method run) again; the
          // lines alone need no render of sigma's.
          if (this.graph.size === 0) {
            this.tieLines.draw();
            this.markTiesShown();
          }
        }, 0);
      }
    }
    if (this.tiesAdded) this.markTiesShown();
  }

  private markTiesShown(): void {
    if (!this.firstDraw.ties) return;
    this.firstDraw.ties = false;
    markNextFrame('ona:overview-ties-shown', this.graph.size + this.tieLines.count());
  }
}

/** A user timing mark in the frame after the one being drawn, so that the drawn one was rasterised and is on the screen. */
function markNextFrame(name: string, count: number): void {
  window.requestAnimationFrame(() => performance.mark(name, { detail: count }));
}
