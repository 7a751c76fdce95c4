import type Sigma from 'sigma';
import type { Attributes } from 'graphology-types';
import type { CameraState, Coordinates } from 'sigma/types';

/**
 * Panning and zooming a large graph by moving the picture already drawn.
 *
 * Redrawing tens of thousands of ties costs a frame on a GPU but close to a second on a software
 * WebGL (a virtual desktop, a locked-down laptop). So while the user drags the stage or turns the
 * wheel, the renderer keeps sigma's camera where it was, and the drawn layers are moved and scaled
 * by a CSS transform to where the new camera would draw them: the browser's compositor does that
 * at screen rate, whatever the number of ties. When the gesture settles, sigma's camera takes the
 * new state and one real render replaces the transformed picture (nodes and labels then get their
 * proper size at the new zoom). Maps have always worked this way.
 */

/** A CSS matrix (a, b, c, d, e, f) mapping the drawn viewport onto the previewed one. */
export type TLayerMatrix = readonly [number, number, number, number, number, number];

export const IDENTITY_MATRIX: TLayerMatrix = [1, 0, 0, 1, 0, 0];

/**
 * The similarity (scale, rotation, translation) that carries a viewport point drawn under one
 * camera to where another camera puts the same graph point, read off two points of the viewport.
 */
export function layerMatrix(drawnToPreviewed: (viewportPoint: Coordinates) => Coordinates, width: number): TLayerMatrix {
  const origin = drawnToPreviewed({ x: 0, y: 0 });
  const right = drawnToPreviewed({ x: width, y: 0 });
  const a = (right.x - origin.x) / width;
  const b = (right.y - origin.y) / width;
  return [a, b, -b, a, origin.x, origin.y];
}

/** The camera that keeps the framed-graph point under the pointer in place while the ratio changes. */
export function zoomedAround(state: CameraState, anchor: Coordinates, ratio: number): CameraState {
  const factor = ratio / state.ratio;
  return { ...state, ratio, x: anchor.x + (state.x - anchor.x) * factor, y: anchor.y + (state.y - anchor.y) * factor };
}

/** The camera after the stage was dragged from one framed-graph point to another. */
export function pannedBy(state: CameraState, from: Coordinates, to: Coordinates): CameraState {
  return { ...state, x: state.x + from.x - to.x, y: state.y + from.y - to.y };
}

const sameState = (a: CameraState, b: CameraState) => a.x === b.x && a.y === b.y && a.ratio === b.ratio && a.angle === b.angle;

export class CameraPreview<N extends Attributes, E extends Attributes> {
  /** The camera the layers were last rendered with. */
  private drawn: CameraState;
  /** The camera the user has moved to and not yet rendered; null when the picture is current. */
  private pending: CameraState | null = null;
  private commitTimer: number | null = null;

  constructor(private readonly sigma: Sigma<N, E>) {
    this.drawn = sigma.getCamera().getState();
    // Whatever sigma renders (a hover, new data, the committed camera) is drawn under its camera, so
    // after every render the transform is recomputed from that camera to the one previewed.
    sigma.on('afterRender', () => {
      this.drawn = sigma.getCamera().getState();
      if (this.pending && sameState(this.pending, this.drawn)) this.pending = null;
      this.applyTransform();
    });
  }

  /** True while the picture on screen is a transformed older render. */
  active(): boolean {
    return this.pending !== null;
  }

  /** The camera the user sees: the previewed one, or sigma's own. */
  current(): CameraState {
    return this.pending ?? this.sigma.getCamera().getState();
  }

  /** Viewport to framed-graph coordinates under the camera the user sees. */
  viewportToFramedGraph(point: Coordinates): Coordinates {
    return this.sigma.viewportToFramedGraph(point, { cameraState: this.current() });
  }

  /** Framed-graph to viewport coordinates under the camera the user sees. */
  framedGraphToViewport(point: Coordinates): Coordinates {
    return this.sigma.framedGraphToViewport(point, { cameraState: this.current() });
  }

  /** Shows the graph as the given camera would draw it, without rendering. */
  show(state: CameraState): void {
    this.pending = state;
    this.applyTransform();
  }

  /** Renders the previewed camera once no further change came for the given time. */
  commitAfter(delayMs: number): void {
    if (this.commitTimer !== null) window.clearTimeout(this.commitTimer);
    this.commitTimer = window.setTimeout(() => this.commit(), delayMs);
  }

  /** Hands the previewed camera to sigma now; its render replaces the transformed picture. */
  commit(): void {
    if (this.commitTimer !== null) window.clearTimeout(this.commitTimer);
    this.commitTimer = null;
    if (!this.pending) return;
    const camera = this.sigma.getCamera();
    if (camera.hasState(this.pending)) {
      // Already sigma's camera (the wheel went back where it was): a render brings the picture there.
      this.sigma.scheduleRender();
      return;
    }
    camera.setState(this.pending);
  }

  kill(): void {
    if (this.commitTimer !== null) window.clearTimeout(this.commitTimer);
    this.commitTimer = null;
    this.pending = null;
  }

  private applyTransform(): void {
    const pending = this.pending;
    const matrix = pending
      ? layerMatrix((point) => this.sigma.framedGraphToViewport(this.sigma.viewportToFramedGraph(point, { cameraState: this.drawn }), { cameraState: pending }), Math.max(1, this.sigma.getDimensions().width))
      : IDENTITY_MATRIX;
    const identity = matrix.every((value, index) => value === IDENTITY_MATRIX[index]);
    const canvases = this.sigma.getCanvases();
    for (const [name, canvas] of Object.entries(canvases)) {
      // The mouse layer catches the pointer and must stay where it is.
      if (name === 'mouse') continue;
      canvas.style.transformOrigin = '0 0';
      canvas.style.transform = identity ? '' : `matrix(${matrix.join(',')})`;
    }
  }
}
