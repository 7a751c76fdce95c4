/** The vertices of a straight edge with its arrowheads, for edge-straight-program.ts (pure, testable without WebGL). */

/** sigma's arrowhead proportions (DEFAULT_EDGE_ARROW_HEAD_PROGRAM_OPTIONS). */
export const LENGTH_TO_THICKNESS = 2.5;

export type TEnd = 'source' | 'target';
/**
 * One vertex of an edge: which end it hangs on, whether it stands back from that end by the
 * node's radius and by an arrowhead's length, and how far it sits beside the axis in edge
 * thicknesses (±1 the body's sides, ±2 a head's base corners, 0 a head's tip).
 */
export type TCorner = { end: TEnd; radius: 0 | 1; head: 0 | 1; side: -2 | -1 | 0 | 1 | 2 };

export type TArrowHeads = 0 | 1 | 2;

export function edgeCorners(heads: TArrowHeads): TCorner[] {
  const back = (end: TEnd): Pick<TCorner, 'radius' | 'head'> => (end === 'target' ? heads >= 1 : heads === 2) ? { radius: 1, head: 1 } : { radius: 0, head: 0 };
  const s = back('source');
  const t = back('target');
  const body: TCorner[] = [
    { end: 'source', ...s, side: 1 },
    { end: 'source', ...s, side: -1 },
    { end: 'target', ...t, side: 1 },
    { end: 'target', ...t, side: 1 },
    { end: 'source', ...s, side: -1 },
    { end: 'target', ...t, side: -1 },
  ];
  const headAt = (end: TEnd): TCorner[] => [
    { end, radius: 1, head: 0, side: 0 },
    { end, radius: 1, head: 1, side: 2 },
    { end, radius: 1, head: 1, side: -2 },
  ];
  return [...body, ...(heads >= 1 ? headAt('target') : []), ...(heads === 2 ? headAt('source') : [])];
}

/**
 * A corner packed as four normalised bytes in one float (how sigma packs colours): radius, head,
 * side + 2 in steps of 60, and the end (0 source, 1 target). The last byte stays below 0x7f so the
 * float is never a NaN, whose bits a JavaScript engine need not keep.
 */
const packBytes = new Uint8Array(4);
const packFloat = new Float32Array(packBytes.buffer);
export function packCorner(corner: TCorner): number {
  packBytes[0] = corner.radius * 255;
  packBytes[1] = corner.head * 255;
  packBytes[2] = (corner.side + 2) * 60;
  packBytes[3] = corner.end === 'target' ? 1 : 0;
  return packFloat[0]!;
}

