/** The graph constants of the spec (section 9), in one place. */
export const GRAPH_CONSTANTS = {
  /** Default node size of the data (spec: 0.15); drawn as NODE_PIXELS_PER_SIZE × size pixels. */
  defaultNodeSize: 0.15,
  nodePixelsPerSize: 40,
  /** Nodes not selected while some are: this opacity. */
  faintOpacity: 0.1,
  edgeWidthOneWay: 0.5,
  edgeWidthMutual: 2,
  layoutAnimationMs: 2400,
  layoutAnimationDelayMs: 500,
  hoverTooltipDelayMs: 100,
  /** Zoom per wheel step (about 3%), scaled by the wheel's intensity. */
  wheelZoomStep: 0.03,
  /** One wheel notch: deltaY 100 in Chromium and Firefox (line mode × 33 in Firefox). */
  wheelNotchDelta: 100,
  nodeScaleStep: 0.15,
  labelFontSize: 10,
  marginPx: 14,
} as const;

/** Node and edge colours beyond the unit palette and the key roles' colours (contracts: key-role-colors.ts). */
export const GRAPH_COLORS = {
  edgeLight: '#495057',
  edgeDark: '#ced4da',
  edgeHovered: '#1c7ed6',
  /** The ring around the person the keyboard is on (3:1 against both backgrounds). */
  keyboardRing: '#1c7ed6',
  backgroundLight: '#ffffff',
  backgroundDark: '#1a1b1e',
  labelLight: '#212529',
  labelDark: '#e9ecef',
  noUnit: '#868e96',
} as const;
