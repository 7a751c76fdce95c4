import Graph from 'graphology';
import Sigma from 'sigma';
import { NodeCircleProgram } from 'sigma/rendering';
import type { Attributes } from 'graphology-types';
import type { NodeDisplayData, EdgeDisplayData } from 'sigma/types';
import type { Settings } from 'sigma/settings';
import type { TGraphVisualization } from '@ona/contracts';
import type { CameraPreview } from './camera-preview.ts';
import { CameraGestures } from './camera-gestures.ts';
import { frameNewData, reframeWhole, sharedSigmaSettings } from './sigma-camera.ts';
import { createEdgeCurvedArrowProgram, createEdgeCurveProgram } from './edge-curve-program.ts';
import { createEdgeStraightProgram } from './edge-straight-program.ts';
import type { TGraphAppearance } from './graph-appearance.ts';
import { DEFAULT_APPEARANCE } from './graph-appearance.ts';
import { DIFF_COLORS, DIFF_WIDTHS, LOST_DASH, type TDiffMarks } from './diff-appearance.ts';
import { GRAPH_COLORS, GRAPH_CONSTANTS } from './graph-constants.ts';
import { keyRoleColor } from '@ona/contracts';
import { easeInOutCubic, interpolatePositions, type TPoint, type TPositions } from './layout-positions.ts';
import { NodeTriangleProgram } from './node-triangle-program.ts';
import { prefersReducedMotion } from './reduced-motion.ts';
import { drawPrintPage, graphArea, PRINT_PAGE, type TPrintTexts } from './print-picture.ts';

/**
 * Above this many ties a graph is "large": its ties are drawn a frame after its people, panning
 * and zooming move the drawn picture (camera preview) and render once the gesture settles, and
 * camera animations leave the ties out.
 */
export const LARGE_GRAPH_EDGES = 20_000;

type TNodeAttributes = {
  x: number;
  y: number;
  label: string;
  baseSize: number;
  unitColor: string;
  /** The colour when colouring by key person (its role, several roles, or none). */
  keyRoleColor: string;
  zeroAnswers: boolean;
  selected: boolean;
};
/**
 * `pair` tells the two ties of a mutual pair apart once both are drawn: with straight edges the
 * first draws the pair (one line, an arrowhead at each end) and the second is hidden, so the
 * same line is not rasterised twice; curved edges draw both, bending apart.
 */
type TEdgeAttributes = { mutual: boolean; selected: boolean; pair: 'single' | 'first' | 'second' };

export type TGraphEvents = {
  /** A node under the pointer for the tooltip delay (null when it leaves), with viewport coordinates. */
  onHover: (nodeId: number | null, at: TPoint) => void;
  onClickNode: (nodeId: number | null) => void;
};

/** Read-only view for browser tests and benchmarks (window.__onaGraph). */
export type TGraphProbe = {
  nodeIds(): number[];
  nodeCount(): number;
  edgeCount(): number;
  /** How many people and ties sigma's last finished render drew (benchmarks time the first draw by it). */
  rendered(): { nodes: number; edges: number };
  /** How many WebGL renders sigma has finished (a hover on a large graph adds none). */
  renders(): number;
  /** Lines drawn for the ties: a mutual pair is one line when edges are straight, two when curved. */
  drawnEdgeCount(): number;
  edgeType(): string;
  position(nodeId: number): TPoint | null;
  viewportPosition(nodeId: number): TPoint | null;
  animating(): boolean;
  cameraRatio(): number;
  /** True while a large graph shows a moved picture that waits for its render (camera preview). */
  previewing(): boolean;
  /** Nodes drawn faint because others are selected (spec: opacity 0.1). */
  faintNodeIds(): number[];
  /** The colour sigma draws a node with, after the reducers. */
  displayedColor(nodeId: number): string | null;
  /** The person the keyboard is on (highlighted in the drawing), or null. */
  focusedNodeId(): number | null;
  /** Whether sigma draws a node highlighted (its label boxed on the hover layer). */
  highlighted(nodeId: number): boolean;
  /** The graph diff's ties drawn, per status, after the reader's filters; null without a diff. */
  diffTies(): { kept: number; added: number; lost: number } | null;
  /** The diff's people marked as joined and left; null without a diff. */
  diffPeople(): { joined: number; left: number } | null;
};

/**
 * A colour seen at some opacity over the background, as an opaque colour. sigma blends with
 * premultiplied alpha, so a plain rgba colour would brighten instead of fading on a dark canvas.
 */
const fadedColors = new Map<string, string>();
export function fadeOver(hex: string, background: string, opacity: number): string {
  const key = `${hex}|${background}|${opacity}`;
  const known = fadedColors.get(key);
  if (known !== undefined) return known;
  const faded = blend(hex, background, opacity);
  fadedColors.set(key, faded);
  return faded;
}

function blend(hex: string, background: string, opacity: number): string {
  const parse = (value: string) => {
    const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
    return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : [128, 128, 128];
  };
  const [fr, fg, fb] = parse(hex) as [number, number, number];
  const [br, bg, bb] = parse(background) as [number, number, number];
  const mix = (f: number, b: number) => Math.round(f * opacity + b * (1 - opacity)).toString(16).padStart(2, '0');
  return `#${mix(fr, br)}${mix(fg, bg)}${mix(fb, bb)}`;
}

/** Makes window.devicePixelRatio read `ratio` until the returned function puts the browser's own back. */
function withPixelRatio(ratio: number): () => void {
  const own = Object.getOwnPropertyDescriptor(window, 'devicePixelRatio');
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, get: () => ratio });
  return () => {
    if (own) Object.defineProperty(window, 'devicePixelRatio', own);
    else Reflect.deleteProperty(window, 'devicePixelRatio');
  };
}

/**
 * The engagement graph on a sigma (WebGL) renderer. The graphology graph is derived from the data
 * and the positions and never edited otherwise; appearance and emphasis go through the reducers.
 */
export class GraphRenderer {
  private readonly graph = new Graph<TNodeAttributes, TEdgeAttributes>({ type: 'directed', multi: false, allowSelfLoops: false });
  private readonly sigma: Sigma<TNodeAttributes, TEdgeAttributes>;
  private appearance: TGraphAppearance = DEFAULT_APPEARANCE;
  private anySelected = false;
  private hovered: string | null = null;
  /** The person the keyboard is on: drawn like a hovered one, label included when faint. */
  private focused: string | null = null;
  private dragged: string | null = null;
  private dragMoved = false;
  private hoverTimer: number | null = null;
  private animationFrame: number | null = null;
  private animationDelay: number | null = null;
  private positions = new Map<number, TPoint>();
  private readonly gestures: CameraGestures<TNodeAttributes, TEdgeAttributes>;
  private readonly preview: CameraPreview<TNodeAttributes, TEdgeAttributes>;
  /** Whether the drawn data has more ties than largeGraphEdges. */
  private large = false;
  /** A large graph's ties, waiting for its people to be drawn. */
  private pendingTies: TGraphVisualization['relations'] | null = null;
  /** The task that adds a large graph's ties once the frame with its people was presented. */
  private tiesTimer: number | null = null;
  /** What of the data last set has not been drawn yet (for the user timing marks of the first draw). */
  private firstDraw = { people: false, ties: false };
  private lastRender = { nodes: 0, edges: 0 };
  private renderCount = 0;
  /** What setData drew last, for the print picture (a second renderer draws it again). */
  private drawn: { data: TGraphVisualization; colorOfUnit: (unitId: number | null) => string } | null = null;
  /** The graph diff's statuses (waves compared), or null for a single wave. */
  private diff: TDiffMarks | null = null;
  /** A 2D layer over the ties and people for what WebGL draws solid only: dashed lost ties, the rings of joiners and leavers. */
  private overlay: HTMLCanvasElement | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly events: TGraphEvents,
    /** From how many ties on a graph is large (LARGE_GRAPH_EDGES; browser tests lower it). */
    private readonly largeGraphEdges: number = LARGE_GRAPH_EDGES,
  ) {
    const settings: Partial<Settings<TNodeAttributes, TEdgeAttributes>> = {
      defaultNodeType: 'circle',
      defaultEdgeType: 'arrow',
      nodeProgramClasses: { circle: NodeCircleProgram, triangle: NodeTriangleProgram },
      edgeProgramClasses: {
        straight: createEdgeStraightProgram<TNodeAttributes, TEdgeAttributes, Attributes>(0),
        arrow: createEdgeStraightProgram<TNodeAttributes, TEdgeAttributes, Attributes>(1),
        doubleArrow: createEdgeStraightProgram<TNodeAttributes, TEdgeAttributes, Attributes>(2),
        curved: createEdgeCurveProgram<TNodeAttributes, TEdgeAttributes, Attributes>(),
        curvedArrow: createEdgeCurvedArrowProgram<TNodeAttributes, TEdgeAttributes, Attributes>(),
      },
      ...sharedSigmaSettings<TNodeAttributes, TEdgeAttributes>(),
      labelRenderedSizeThreshold: 4,
      hideEdgesOnMove: false,
      defaultDrawNodeHover: (context, data, settings) => {
        if (this.isLarge() && typeof data.key === 'string') this.drawHoveredTies(context, data.key, data);
        if (data.key === this.focused) this.drawKeyboardRing(context, data);
        this.drawHover(context, data, settings.labelSize, settings.labelFont);
      },
      nodeReducer: (node, attributes) => this.reduceNode(node, attributes),
      edgeReducer: (edge, attributes) => this.reduceEdge(edge, attributes),
    };
    this.sigma = new Sigma(this.graph, container, settings);
    this.gestures = new CameraGestures(this.sigma, container, () => this.isLarge());
    this.preview = this.gestures.preview;
    this.wireEvents();
  }

  /** Replaces the drawn graph with new data at the given positions. */
  setData(data: TGraphVisualization, positions: TPositions, colorOfUnit: (unitId: number | null) => string): void {
    this.cancelAnimation();
    this.cancelTies();
    this.preview.kill();
    this.graph.clear();
    this.positions = new Map(positions);
    this.drawn = { data, colorOfUnit };
    this.anySelected = data.employees.some((e) => !e.isSelected);
    for (const node of data.employees) {
      const p = positions.get(node.id) ?? { x: 0, y: 0 };
      this.graph.addNode(String(node.id), {
        x: p.x,
        y: p.y,
        label: node.label,
        baseSize: node.size,
        unitColor: colorOfUnit(node.unit),
        keyRoleColor: keyRoleColor(node.key_roles),
        zeroAnswers: node.answer_count === 0,
        selected: node.isSelected,
      });
    }
    // The keyboard stays on its person through new data (another filter) while they are still drawn.
    if (this.focused !== null && !this.graph.hasNode(this.focused)) this.focused = null;
    this.large = data.relations.length > this.largeGraphEdges;
    this.firstDraw = { people: data.employees.length > 0, ties: data.relations.length > 0 };
    // A large graph is drawn in two frames: its people first, their ties once that frame is on
    // the screen (see afterRender). On a software WebGL the ties take a second or more to draw,
    // and the organisation is worth seeing meanwhile.
    if (this.large) this.pendingTies = data.relations;
    else this.addTies(data.relations);
    frameNewData(this.sigma, this.isLarge());
    this.refreshSettings();
  }

  /** Draws the graph as a diff of two waves (null: a single wave again). */
  setDiff(diff: TDiffMarks | null): void {
    if (diff === this.diff) return;
    this.diff = diff;
    if (diff === null) this.clearOverlay();
    this.container.dataset.diff = diff === null ? 'false' : 'true';
    this.sigma.scheduleRefresh();
  }

  setAppearance(appearance: TGraphAppearance): void {
    if (appearance === this.appearance) return;
    this.appearance = appearance;
    this.refreshSettings();
    this.sigma.scheduleRefresh();
  }

  /**
   * Moves the nodes to new positions: at once, or (a layout change) after the first-step delay,
   * animated over the layout animation time from wherever the nodes are now.
   */
  moveTo(target: TPositions, animate: boolean, onDone?: () => void): void {
    this.cancelAnimation();
    // A user who asks the system for reduced motion gets the new layout at once (WCAG 2.3.3).
    if (!animate || prefersReducedMotion()) {
      this.applyPositions(target);
      onDone?.();
      return;
    }
    const from = new Map(this.positions);
    this.container.dataset.animating = 'true';
    this.animationDelay = window.setTimeout(() => {
      this.animationDelay = null;
      const started = performance.now();
      const step = () => {
        const t = (performance.now() - started) / GRAPH_CONSTANTS.layoutAnimationMs;
        this.applyPositions(interpolatePositions(from, target, easeInOutCubic(t)));
        if (t < 1) this.animationFrame = window.requestAnimationFrame(step);
        else {
          this.animationFrame = null;
          this.container.dataset.animating = 'false';
          onDone?.();
        }
      };
      step();
    }, GRAPH_CONSTANTS.layoutAnimationDelayMs);
  }

  currentPositions(): TPositions {
    return this.positions;
  }

  /** Where each person is on the screen now (what the arrow keys move along). */
  viewportPositions(): Map<number, TPoint> {
    const result = new Map<number, TPoint>();
    this.graph.forEachNode((node) => {
      const data = this.sigma.getNodeDisplayData(node);
      if (data) result.set(Number(node), this.preview.framedGraphToViewport(data));
    });
    return result;
  }

  /** The middle of the canvas, in viewport coordinates (where a first arrow key starts). */
  viewportCentre(): TPoint {
    const { width, height } = this.sigma.getDimensions();
    return { x: width / 2, y: height / 2 };
  }

  /**
   * Highlights the person the keyboard is on (null: nobody) and brings them into view when they
   * are drawn outside the canvas or under its edge.
   */
  setFocusedNode(nodeId: number | null): void {
    const next = nodeId !== null && this.graph.hasNode(String(nodeId)) ? String(nodeId) : null;
    const previous = this.focused;
    if (previous === next) return;
    this.focused = next;
    for (const node of [previous, next]) if (node !== null) this.refreshNode(node);
    if (next !== null) this.reveal(next);
  }

  /** Lets the camera frame the whole graph again. */
  resetCamera(): void {
    reframeWhole(this.sigma, this.preview);
  }

  /**
   * The graph for print (print-picture.ts): an A4 landscape page at 300 dpi with title, date and
   * legend. A second sigma draws the same data, positions and style, framed whole and on a white
   * ground, in a container out of sight, at the print pixel ratio (about 3.12) — sigma reads the ratio from
   * window.devicePixelRatio when it sizes its canvases, so nodes, ties and labels come out as on
   * a high-density screen, not as the small picture blown up.
   */
  exportPrintPng(texts: TPrintTexts): Promise<Blob | null> {
    const drawn = this.drawn;
    if (!drawn) return Promise.resolve(null);
    const { scale } = PRINT_PAGE;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(PRINT_PAGE.width * scale);
    canvas.height = Math.round(PRINT_PAGE.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return Promise.resolve(null);
    const area = graphArea();
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    Object.assign(host.style, { position: 'fixed', left: '-20000px', top: '0', width: `${area.width}px`, height: `${area.height}px`, pointerEvents: 'none' });
    document.body.append(host);
    const restoreRatio = withPixelRatio(scale);
    let printer: GraphRenderer | null = null;
    try {
      // Every tie at once: the two-frame drawing of large graphs is for the screen.
      printer = new GraphRenderer(host, { onHover: () => undefined, onClickNode: () => undefined }, Number.POSITIVE_INFINITY);
      printer.setAppearance({ ...this.appearance, dark: false });
      printer.setData(drawn.data, this.positions, drawn.colorOfUnit);
      printer.sigma.refresh();
      const source = printer;
      drawPrintPage(context, texts, (at) => source.drawLayers(context, at.x * scale, at.y * scale, at.width * scale, at.height * scale));
    } finally {
      printer?.kill();
      restoreRatio();
      host.remove();
    }
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  }

  /** sigma's layers (ties, people, labels) onto a 2D canvas; right after a synchronous render they are still readable. */
  private drawLayers(context: CanvasRenderingContext2D, x: number, y: number, width: number, height: number): void {
    const layers = this.sigma.getCanvases();
    for (const name of ['edges', 'nodes', 'edgeLabels', 'labels']) {
      const layer = layers[name];
      if (layer) context.drawImage(layer, x, y, width, height);
    }
  }

  probe(): TGraphProbe {
    return {
      nodeIds: () => this.graph.nodes().map(Number),
      nodeCount: () => this.graph.order,
      edgeCount: () => this.graph.size,
      rendered: () => ({ ...this.lastRender }),
      renders: () => this.renderCount,
      drawnEdgeCount: () => this.graph.filterEdges((edge) => this.sigma.getEdgeDisplayData(edge)?.hidden === false).length,
      edgeType: () => this.edgeType(),
      position: (id) => this.positions.get(id) ?? null,
      viewportPosition: (id) => {
        const key = String(id);
        if (!this.graph.hasNode(key)) return null;
        const data = this.sigma.getNodeDisplayData(key);
        return data ? this.preview.framedGraphToViewport(data) : null;
      },
      animating: () => this.animationFrame !== null || this.animationDelay !== null,
      cameraRatio: () => this.preview.current().ratio,
      previewing: () => this.preview.active(),
      faintNodeIds: () => (this.anySelected ? this.graph.filterNodes((_, a) => !a.selected).map(Number) : []),
      displayedColor: (id) => this.sigma.getNodeDisplayData(String(id))?.color ?? null,
      focusedNodeId: () => (this.focused === null ? null : Number(this.focused)),
      highlighted: (id) => this.sigma.getNodeDisplayData(String(id))?.highlighted === true,
      diffTies: () => this.diffTieCounts(),
      diffPeople: () => {
        const diff = this.diff;
        if (diff === null) return null;
        let joined = 0;
        let left = 0;
        this.graph.forEachNode((node) => {
          const status = diff.people.get(Number(node));
          if (status === 'joined') joined++;
          if (status === 'left') left++;
        });
        return { joined, left };
      },
    };
  }

  kill(): void {
    this.cancelAnimation();
    this.cancelTies();
    this.gestures.kill();
    if (this.hoverTimer !== null) window.clearTimeout(this.hoverTimer);
    this.clearOverlay();
    this.sigma.kill();
  }

  private applyPositions(target: TPositions): void {
    this.positions = new Map(target);
    this.graph.updateEachNodeAttributes((node, attributes) => {
      const p = target.get(Number(node));
      return p ? { ...attributes, x: p.x, y: p.y } : attributes;
    }, { attributes: ['x', 'y'] });
  }

  /**
   * Re-applies the reducers to one person (and, below the large-graph size, their ties) and
   * schedules one render, so a held arrow key costs a render per frame at most.
   */
  private refreshNode(node: string): void {
    if (!this.graph.hasNode(node)) return;
    const edges = this.isLarge() ? [] : this.graph.edges(node);
    this.sigma.refresh({ partialGraph: { nodes: [node], edges }, skipIndexation: true, schedule: true });
  }

  /**
   * Pans a person drawn outside the canvas, or within its margin, just far enough in (the rest of
   * the picture moves as little as it can, so the reader keeps their bearings).
   */
  private reveal(node: string): void {
    const data = this.sigma.getNodeDisplayData(node);
    if (!data) return;
    const at = this.preview.framedGraphToViewport(data);
    const { width, height } = this.sigma.getDimensions();
    const margin = Math.min(60, width / 4, height / 4);
    const shift = (value: number, size: number) => (value < margin ? value - margin : value > size - margin ? value - (size - margin) : 0);
    const dx = shift(at.x, width);
    const dy = shift(at.y, height);
    if (dx === 0 && dy === 0) return;
    this.preview.commit();
    const camera = this.sigma.getCamera();
    const centre = this.sigma.viewportToFramedGraph({ x: width / 2 + dx, y: height / 2 + dy });
    const target = { ...camera.getState(), x: centre.x, y: centre.y };
    if (prefersReducedMotion()) camera.setState(target);
    else void camera.animate(target, { duration: 300 });
  }

  private cancelAnimation(): void {
    if (this.animationDelay !== null) window.clearTimeout(this.animationDelay);
    if (this.animationFrame !== null) window.cancelAnimationFrame(this.animationFrame);
    this.animationDelay = null;
    this.animationFrame = null;
    this.container.dataset.animating = 'false';
  }

  private isLarge(): boolean {
    return this.large;
  }

  private addTies(relations: TGraphVisualization['relations']): void {
    for (const edge of relations) {
      const source = String(edge.source);
      const target = String(edge.target);
      if (!this.graph.hasNode(source) || !this.graph.hasNode(target) || this.graph.hasDirectedEdge(source, target)) continue;
      const partner = edge.mutual ? this.graph.directedEdge(target, source) : undefined;
      if (partner !== undefined && this.graph.getEdgeAttribute(partner, 'mutual')) {
        this.graph.setEdgeAttribute(partner, 'pair', 'first');
        this.graph.addDirectedEdge(source, target, { mutual: true, selected: edge.isSelected, pair: 'second' });
      } else this.graph.addDirectedEdge(source, target, { mutual: edge.mutual, selected: edge.isSelected, pair: 'single' });
    }
    this.container.dataset.edges = String(this.graph.size);
  }

  private cancelTies(): void {
    if (this.tiesTimer !== null) window.clearTimeout(this.tiesTimer);
    this.tiesTimer = null;
    this.pendingTies = null;
  }

  /**
   * After each render: marks the first frames that show the people and the ties of new data
   * (user timing marks, read by the benchmark), and adds a large graph's ties once its people
   * were drawn. A task posted from a render runs after that frame was rasterised and presented; a
   * frame requested from it starts after that.
   */
  private afterRender(): void {
    if (this.diff !== null) this.drawDiffOverlay(this.diff);
    this.lastRender = { nodes: this.graph.order, edges: this.graph.size };
    this.renderCount++;
    const shown = (name: string, count: number) => window.requestAnimationFrame(() => performance.mark(name, { detail: count }));
    if (this.firstDraw.people && this.graph.order > 0) {
      this.firstDraw.people = false;
      shown('ona:graph-people-shown', this.graph.order);
    }
    if (this.firstDraw.ties && this.graph.size > 0) {
      this.firstDraw.ties = false;
      shown('ona:graph-ties-shown', this.graph.size);
    }
    const ties = this.pendingTies;
    if (ties !== null && this.graph.order > 0 && this.tiesTimer === null) {
      this.tiesTimer = window.setTimeout(() => {
        this.tiesTimer = null;
        this.pendingTies = null;
        this.addTies(ties);
      }, 0);
    }
  }

  private edgeType(): string {
    const { edgeShape, arrows } = this.appearance;
    if (edgeShape === 'curved') return arrows ? 'curvedArrow' : 'curved';
    return arrows ? 'arrow' : 'straight';
  }

  private refreshSettings(): void {
    const { labels, labelScale, dark } = this.appearance;
    // One settings update and one scheduled render: a synchronous render of 50,000 edges on a
    // software WebGL takes hundreds of milliseconds, so never render twice for one change.
    this.sigma.setSettings({
      renderLabels: labels,
      labelSize: GRAPH_CONSTANTS.labelFontSize * labelScale,
      labelColor: { color: dark ? GRAPH_COLORS.labelDark : GRAPH_COLORS.labelLight },
    });
    this.container.style.background = dark ? GRAPH_COLORS.backgroundDark : GRAPH_COLORS.backgroundLight;
    this.container.dataset.edgeType = this.edgeType();
    this.container.dataset.nodes = String(this.graph.order);
    this.container.dataset.edges = String(this.graph.size);
  }

  private reduceNode(node: string, a: TNodeAttributes): Partial<NodeDisplayData> {
    const { colorBy, nodeScaleSteps } = this.appearance;
    const waveStatus = this.diff?.people.get(Number(node));
    const base = waveStatus !== undefined ? DIFF_COLORS[waveStatus] : colorBy === 'unit' ? a.unitColor : a.keyRoleColor;
    const faint = this.anySelected && !a.selected;
    const background = this.appearance.dark ? GRAPH_COLORS.backgroundDark : GRAPH_COLORS.backgroundLight;
    return {
      x: a.x,
      y: a.y,
      label: faint && node !== this.focused ? null : a.label,
      size: a.baseSize * GRAPH_CONSTANTS.nodePixelsPerSize * Math.max(0.1, 1 + nodeScaleSteps * GRAPH_CONSTANTS.nodeScaleStep),
      color: faint ? fadeOver(base, background, GRAPH_CONSTANTS.faintOpacity) : base,
      type: a.zeroAnswers ? 'triangle' : 'circle',
      highlighted: node === this.hovered || node === this.dragged || node === this.focused,
      zIndex: node === this.focused ? 2 : faint ? 0 : 1,
    };
  }

  private reduceEdge(edge: string, a: TEdgeAttributes): Partial<EdgeDisplayData> {
    if (this.diff !== null) return this.reduceDiffEdge(edge, this.diff);
    const background = this.appearance.dark ? GRAPH_COLORS.backgroundDark : GRAPH_COLORS.backgroundLight;
    const base = this.appearance.dark ? GRAPH_COLORS.edgeDark : GRAPH_COLORS.edgeLight;
    const faint = this.anySelected && !a.selected;
    const touches = (node: string | null) => node !== null && (this.graph.source(edge) === node || this.graph.target(edge) === node);
    const touchesHovered = !this.large && (touches(this.hovered) || touches(this.focused));
    const type = this.edgeType();
    const straight = type === 'arrow' || type === 'straight';
    // The hidden half of a mutual pair still takes a place in its program: the smallest one.
    const hidden = straight && a.pair === 'second';
    return {
      type: hidden ? 'straight' : straight && a.pair === 'first' && type === 'arrow' ? 'doubleArrow' : type,
      hidden,
      size: a.mutual ? GRAPH_CONSTANTS.edgeWidthMutual : GRAPH_CONSTANTS.edgeWidthOneWay,
      color: faint ? fadeOver(base, background, GRAPH_CONSTANTS.faintOpacity) : touchesHovered ? GRAPH_COLORS.edgeHovered : fadeOver(base, background, 0.45),
      zIndex: touchesHovered ? 2 : faint ? 0 : 1,
    };
  }

  private tieStatus(edge: string, diff: TDiffMarks) {
    return diff.ties.get(`${this.graph.source(edge)}>${this.graph.target(edge)}`) ?? 'kept';
  }

  /** A tie of the diff: coloured and sized by its status; lost ties are drawn dashed on the overlay instead. */
  private reduceDiffEdge(edge: string, diff: TDiffMarks): Partial<EdgeDisplayData> {
    const status = this.tieStatus(edge, diff);
    const touches = (node: string | null) => node !== null && (this.graph.source(edge) === node || this.graph.target(edge) === node);
    const touchesHovered = !this.large && (touches(this.hovered) || touches(this.focused));
    const type = this.edgeType();
    return {
      type,
      hidden: status === 'lost' || !diff.show[status],
      size: DIFF_WIDTHS[status],
      color: touchesHovered ? GRAPH_COLORS.edgeHovered : status === 'kept' ? fadeOver(DIFF_COLORS.kept, this.appearance.dark ? GRAPH_COLORS.backgroundDark : GRAPH_COLORS.backgroundLight, 0.7) : DIFF_COLORS[status],
      zIndex: touchesHovered ? 3 : status === 'added' ? 2 : 1,
    };
  }

  private diffTieCounts(): { kept: number; added: number; lost: number } | null {
    const diff = this.diff;
    if (diff === null) return null;
    const counts = { kept: 0, added: 0, lost: 0 };
    this.graph.forEachEdge((edge) => {
      const status = this.tieStatus(edge, diff);
      if (diff.show[status]) counts[status]++;
    });
    return counts;
  }

  private clearOverlay(): void {
    this.overlay?.remove();
    this.overlay = null;
  }

  /**
   * The overlay of the diff, redrawn after each render: lost ties dashed (WebGL draws no dashes),
   * a solid ring around each person who joined and a dashed one around each who left. It lies
   * over sigma's people layer, under its labels and hover layers, and lets the pointer through.
   */
  private drawDiffOverlay(diff: TDiffMarks): void {
    const layers = this.sigma.getCanvases();
    const labels = layers.labels;
    if (!this.overlay) {
      const canvas = document.createElement('canvas');
      canvas.dataset.testid = 'graph-diff-overlay';
      canvas.setAttribute('aria-hidden', 'true');
      Object.assign(canvas.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
      if (labels?.parentElement) labels.parentElement.insertBefore(canvas, labels);
      else this.container.append(canvas);
      this.overlay = canvas;
    }
    const canvas = this.overlay;
    const { width, height } = this.sigma.getDimensions();
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const at = (node: string) => {
      const data = this.sigma.getNodeDisplayData(node);
      if (!data || data.hidden) return null;
      const point = this.sigma.framedGraphToViewport(data);
      return { ...point, radius: this.sigma.scaleSize(data.size) };
    };
    let lost = 0;
    if (diff.show.lost) {
      context.save();
      context.setLineDash([...LOST_DASH]);
      context.strokeStyle = DIFF_COLORS.lost;
      context.lineWidth = DIFF_WIDTHS.lost;
      context.beginPath();
      this.graph.forEachEdge((edge, _attributes, source, target) => {
        if (this.tieStatus(edge, diff) !== 'lost') return;
        const from = at(source);
        const to = at(target);
        if (!from || !to) return;
        const length = Math.hypot(to.x - from.x, to.y - from.y);
        // From rim to rim, so the dashes do not run over the people; two people drawn over each
        // other (zoomed far out) get the line between their middles.
        const clear = length > from.radius + to.radius;
        const ux = length > 0 ? (to.x - from.x) / length : 0;
        const uy = length > 0 ? (to.y - from.y) / length : 0;
        context.moveTo(from.x + (clear ? ux * from.radius : 0), from.y + (clear ? uy * from.radius : 0));
        context.lineTo(to.x - (clear ? ux * to.radius : 0), to.y - (clear ? uy * to.radius : 0));
        lost++;
      });
      context.stroke();
      context.restore();
    }
    context.save();
    context.lineWidth = 2;
    this.graph.forEachNode((node) => {
      const status = diff.people.get(Number(node));
      if (status !== 'joined' && status !== 'left') return;
      const point = at(node);
      if (!point) return;
      context.setLineDash(status === 'left' ? [3, 2] : []);
      context.strokeStyle = DIFF_COLORS[status];
      context.beginPath();
      context.arc(point.x, point.y, point.radius + 3, 0, Math.PI * 2);
      context.stroke();
    });
    context.restore();
    canvas.dataset.lost = String(lost);
  }

  /**
   * A large graph's hovered person's ties, drawn on sigma's hover layer (a 2D canvas redrawn on
   * its own) instead of recoloured in the WebGL edges: recolouring re-renders every tie, about a
   * fifth of a second for 56,000 ties on a software WebGL, at every node the pointer crosses.
   */
  private drawHoveredTies(context: CanvasRenderingContext2D, node: string, at: TPoint): void {
    if (!this.graph.hasNode(node)) return;
    context.strokeStyle = GRAPH_COLORS.edgeHovered;
    this.graph.forEachEdge(node, (_edge, attributes, source, target) => {
      const other = this.sigma.getNodeDisplayData(source === node ? target : source);
      if (!other || other.hidden) return;
      const to = this.sigma.framedGraphToViewport(other);
      context.lineWidth = attributes.mutual ? GRAPH_CONSTANTS.edgeWidthMutual : 1;
      context.beginPath();
      context.moveTo(at.x, at.y);
      context.lineTo(to.x, to.y);
      context.stroke();
    });
  }

  /** A ring around the person the keyboard is on, so the place is seen at a glance, whatever the colours. */
  private drawKeyboardRing(context: CanvasRenderingContext2D, data: { x: number; y: number; size: number }): void {
    context.save();
    context.lineWidth = 3;
    context.strokeStyle = this.appearance.dark ? GRAPH_COLORS.backgroundLight : GRAPH_COLORS.keyboardRing;
    context.beginPath();
    context.arc(data.x, data.y, data.size + 5, 0, Math.PI * 2);
    context.stroke();
    context.restore();
  }

  private drawHover(context: CanvasRenderingContext2D, data: { x: number; y: number; size: number; label?: string | null }, size: number, font: string): void {
    if (!data.label) return;
    context.font = `600 ${size}px ${font}`;
    const width = context.measureText(data.label).width;
    context.fillStyle = this.appearance.dark ? '#2c2e33' : '#ffffff';
    context.shadowColor = 'rgba(0,0,0,0.35)';
    context.shadowBlur = 6;
    context.fillRect(data.x + data.size + 2, data.y - size / 2 - 3, width + 8, size + 6);
    context.shadowBlur = 0;
    context.fillStyle = this.appearance.dark ? GRAPH_COLORS.labelDark : GRAPH_COLORS.labelLight;
    context.fillText(data.label, data.x + data.size + 6, data.y + size / 3);
  }

  private wireEvents(): void {
    const sigma = this.sigma;
    sigma.on('afterRender', () => this.afterRender());
    // Hovering changes the look of one node and its ties only: refresh just those, so that on a
    // graph of tens of thousands of ties the pointer does not wait for a whole redraw.
    const refreshAround = (node: string) => {
      // A large graph shows the hovered ties on the hover layer (drawHoveredTies): no render.
      if (!this.graph.hasNode(node) || this.isLarge()) return;
      sigma.refresh({ partialGraph: { nodes: [node], edges: this.graph.edges(node) }, skipIndexation: true });
    };
    sigma.on('enterNode', ({ node, event }) => {
      // While the picture is moved, sigma's picking still reads the last render: no hover then.
      if (this.gestures.moving()) return;
      const previous = this.hovered;
      this.hovered = node;
      if (previous !== null && previous !== node) refreshAround(previous);
      refreshAround(node);
      if (this.hoverTimer !== null) window.clearTimeout(this.hoverTimer);
      const at = { x: event.x, y: event.y };
      this.hoverTimer = window.setTimeout(() => this.events.onHover(Number(node), at), GRAPH_CONSTANTS.hoverTooltipDelayMs);
    });
    sigma.on('leaveNode', ({ node }) => {
      if (this.hovered !== node) return;
      this.hovered = null;
      if (this.hoverTimer !== null) window.clearTimeout(this.hoverTimer);
      this.hoverTimer = null;
      this.events.onHover(null, { x: 0, y: 0 });
      refreshAround(node);
    });
    sigma.on('clickNode', ({ node }) => {
      // The click that ends a drag of the stage lands wherever the pointer stopped: not a pick.
      if (!this.gestures.takePanned() && !this.dragMoved) this.events.onClickNode(Number(node));
    });
    sigma.on('clickStage', () => {
      if (!this.gestures.takePanned()) this.events.onClickNode(null);
    });

    // Dragging a node moves it; dragging elsewhere pans (sigma's default).
    sigma.on('downNode', ({ node }) => {
      this.dragged = node;
      this.dragMoved = false;
      if (!sigma.getCustomBBox()) sigma.setCustomBBox(sigma.getBBox());
    });
    const captor = sigma.getMouseCaptor();
    captor.on('mousemovebody', (event) => {
      if (this.dragged === null) return;
      const point = sigma.viewportToGraph(event);
      this.dragMoved = true;
      this.graph.mergeNodeAttributes(this.dragged, { x: point.x, y: point.y });
      this.positions.set(Number(this.dragged), point);
      event.preventSigmaDefault();
      event.original.preventDefault();
      event.original.stopPropagation();
    });
    const release = () => {
      this.dragged = null;
    };
    captor.on('mouseup', release);
    captor.on('mouseleave', release);
  }
}
