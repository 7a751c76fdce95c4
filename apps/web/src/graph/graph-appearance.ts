/** How the graph is drawn (the Style tab), applied through sigma's reducers and settings. */
export type TGraphAppearance = {
  edgeShape: 'straight' | 'curved';
  arrows: boolean;
  labels: boolean;
  labelScale: number;
  /** Node scale as a number of 15% steps (0 = the default size). */
  nodeScaleSteps: number;
  colorBy: 'unit' | 'keyPerson';
  dark: boolean;
};

/** Spec section 3 defaults: all edges, label scale 1, dark mode off, colouring by unit. */
export const DEFAULT_APPEARANCE: TGraphAppearance = {
  edgeShape: 'straight',
  arrows: true,
  labels: true,
  labelScale: 1,
  nodeScaleSteps: 0,
  colorBy: 'unit',
  dark: false,
};
