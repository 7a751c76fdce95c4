import type Sigma from 'sigma';
import type { Attributes } from 'graphology-types';
import type { Settings } from 'sigma/settings';
import type { CameraPreview } from './camera-preview.ts';
import { GRAPH_CONSTANTS } from './graph-constants.ts';
import { prefersReducedMotion } from './reduced-motion.ts';

/** The settings the people view and the overview of units share: labels, the frame's margin, thin ties, drawing order. */
export function sharedSigmaSettings<N extends Attributes, E extends Attributes>(): Partial<Settings<N, E>> {
  return {
    labelSize: GRAPH_CONSTANTS.labelFontSize,
    labelFont: 'Inter, system-ui, sans-serif',
    stagePadding: GRAPH_CONSTANTS.marginPx,
    minEdgeThickness: GRAPH_CONSTANTS.edgeWidthOneWay,
    zIndex: true,
  };
}

/**
 * New data is framed whole at once. On a large graph the ties and labels are left out while the
 * camera animates (a reset, a double click); panning and zooming go through the camera preview.
 */
export function frameNewData<N extends Attributes, E extends Attributes>(sigma: Sigma<N, E>, large: boolean): void {
  sigma.setCustomBBox(null);
  sigma.getCamera().setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 });
  sigma.setSetting('hideEdgesOnMove', large);
  sigma.setSetting('hideLabelsOnMove', large);
}

/** The "fit" button: the camera frames the whole graph again, animated unless motion is reduced. */
export function reframeWhole<N extends Attributes, E extends Attributes>(sigma: Sigma<N, E>, preview: CameraPreview<N, E>): void {
  preview.kill();
  sigma.setCustomBBox(null);
  void sigma.getCamera().animatedReset({ duration: prefersReducedMotion() ? 0 : 300 });
}
