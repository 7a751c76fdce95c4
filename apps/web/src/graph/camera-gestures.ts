import type Sigma from 'sigma';
import type { Attributes } from 'graphology-types';
import { CameraPreview, pannedBy, zoomedAround } from './camera-preview.ts';
import type { TPoint } from './layout-positions.ts';
import { wheelZoomRatio } from './wheel-zoom.ts';

/** How long the wheel must rest before a large graph is drawn anew at the new zoom. */
export const WHEEL_SETTLE_MS = 200;

/**
 * The wheel and stage-drag controller of one sigma (docs/graph.md, "Large graphs"): the wheel
 * zooms about 3% a notch towards the pointer; on a large graph the wheel and a drag of the stage
 * move the drawn picture (camera preview) and render once the gesture settles. Shared by the people
 * view and the overview of units, one controller per concern as ARCHITECTURE.md asks.
 *
 * sigma 3.0.3 cannot be kept from zooming on the wheel: preventSigmaDefault() on its wheel event
 * marks a copy of the event, so its own 1.7× animated zoom ran on top of ours. The wheel is
 * therefore taken from the DOM in the capture phase, before sigma's listener on the same
 * container, which stopPropagation() then skips.
 */
export class CameraGestures<N extends Attributes, E extends Attributes> {
  readonly preview: CameraPreview<N, E>;
  /** Where the pointer last was while it drags the stage of a large graph. */
  private panFrom: TPoint | null = null;
  private endPan: (() => void) | null = null;
  /** A stage drag just ended: the click that ends it is not a click on the stage. */
  private panned = false;

  constructor(
    private readonly sigma: Sigma<N, E>,
    private readonly container: HTMLElement,
    private readonly isLarge: () => boolean,
  ) {
    this.preview = new CameraPreview(sigma);
    this.container.addEventListener('wheel', this.onWheel, { capture: true, passive: false });
    sigma.on('downNode', () => {
      this.panned = false;
    });
    // On a large graph a drag of the stage moves the drawn picture and renders when released.
    sigma.on('downStage', ({ event }) => {
      this.panned = false;
      const button = event.original instanceof MouseEvent ? event.original.button : 0;
      if (this.isLarge() && button === 0) this.startPan({ x: event.x, y: event.y });
    });
  }

  /** True while a stage drag goes on or the picture on screen waits for its render. */
  moving(): boolean {
    return this.preview.active() || this.panFrom !== null;
  }

  /** Whether a click just ended a drag of the stage (then it picks nothing); answers once. */
  takePanned(): boolean {
    const panned = this.panned;
    this.panned = false;
    return panned;
  }

  kill(): void {
    this.endPan?.();
    this.preview.kill();
    this.container.removeEventListener('wheel', this.onWheel, { capture: true });
  }

  private readonly onWheel = (wheel: WheelEvent): void => {
    wheel.preventDefault();
    wheel.stopPropagation();
    const bounds = this.container.getBoundingClientRect();
    const at = { x: wheel.clientX - bounds.left, y: wheel.clientY - bounds.top };
    const camera = this.sigma.getCamera();
    if (!this.isLarge()) {
      const ratio = camera.getBoundedRatio(wheelZoomRatio(camera.getState().ratio, wheel.deltaY, wheel.deltaMode));
      camera.setState(this.sigma.getViewportZoomedState(at, ratio));
      return;
    }
    // A large graph: the drawn picture is scaled at once, and rendered when the wheel rests.
    const state = this.preview.current();
    const ratio = camera.getBoundedRatio(wheelZoomRatio(state.ratio, wheel.deltaY, wheel.deltaMode));
    this.preview.show(zoomedAround(state, this.preview.viewportToFramedGraph(at), ratio));
    this.preview.commitAfter(WHEEL_SETTLE_MS);
  };

  /**
   * A drag of a large graph's stage. Its pointer moves are taken on the window in the capture
   * phase and kept from sigma: sigma would pan (and render) itself, and would look for a hovered
   * node in its last render, which the moved picture no longer matches.
   */
  private startPan(from: TPoint): void {
    this.endPan?.();
    this.panFrom = from;
    const move = (pointer: MouseEvent) => {
      pointer.stopPropagation();
      pointer.preventDefault();
      if (this.panFrom === null) return;
      const bounds = this.container.getBoundingClientRect();
      const to = { x: pointer.clientX - bounds.left, y: pointer.clientY - bounds.top };
      this.preview.show(pannedBy(this.preview.current(), this.preview.viewportToFramedGraph(this.panFrom), this.preview.viewportToFramedGraph(to)));
      this.panFrom = to;
      this.panned = true;
    };
    const end = () => {
      window.removeEventListener('mousemove', move, true);
      window.removeEventListener('mouseup', end, true);
      this.panFrom = null;
      this.endPan = null;
      this.preview.commit();
    };
    window.addEventListener('mousemove', move, true);
    window.addEventListener('mouseup', end, true);
    this.endPan = end;
  }
}
