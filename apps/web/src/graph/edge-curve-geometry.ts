/**
 * How far a curved edge's control point sits from the chord, as a share of the chord's length (to
 * the left of the tie's direction, so the two ties of a mutual pair bend apart). Shared by the
 * curve's shader and the program that aims its arrowhead along the curve's end.
 */
export const EDGE_CURVATURE = 0.2;
