/**
 * The datasheet's column widths, from what its columns hold. Its rows are windowed (only the rows
 * in view exist), so no column can size itself to its content as a table does: each column gets
 * the width of its widest text over every employee and its header, in the reader's language, and
 * nothing is ever cut off. A wide column makes the sheet scroll sideways instead.
 */

/** How a piece of text is set: body text, bold, small, a badge (its own case) or a capitals badge. */
export type TTextFont = 'text' | 'strong' | 'small' | 'badge' | 'badgeCaps';

/** One piece of a cell, laid out on one line after the previous one; `extra` is its padding and border. */
export type TSegment = { text: string; font: TTextFont; extra: number };

/** One line of a cell: its pieces side by side. A cell of two lines (name and a note) is two lines. */
export type TLine = readonly TSegment[];

export type TMeasure = (text: string, font: TTextFont) => number;

/** Space between two pieces of one line (the badges' gap, the header's sort arrow). */
export const SEGMENT_GAP = 4;
/** Rounding of measured text and sub-pixel layout: a few pixels, so a width never falls short. */
export const WIDTH_SLACK = 8;

function lineWidth(line: TLine, measure: TMeasure): number {
  let width = 0;
  line.forEach((segment, index) => {
    width += measure(segment.text, segment.font) + segment.extra + (index > 0 ? SEGMENT_GAP : 0);
  });
  return width;
}

/**
 * The width of each column: its widest line (header included), plus the slack, and never below
 * `minimum`. `columns[c]` lists every line column `c` shows.
 */
export function columnWidths(columns: readonly (readonly TLine[])[], measure: TMeasure, minimum = 48): number[] {
  return columns.map((lines) => Math.ceil(Math.max(minimum, ...lines.map((line) => lineWidth(line, measure))) + WIDTH_SLACK));
}

/**
 * The grid of header and rows: each column at least its width, and sharing out the room a wide
 * screen leaves in proportion to it.
 */
export function gridTemplate(widths: readonly number[]): string {
  return widths.map((width) => `minmax(${width}px, ${width}fr)`).join(' ');
}

/** A measurer that asks a canvas once per distinct text and font (unit and role names repeat). */
export function cachedMeasure(measureOnce: TMeasure): TMeasure {
  const cache = new Map<string, number>();
  return (text, font) => {
    const key = `${font}\u0000${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      width = measureOnce(text, font);
      cache.set(key, width);
    }
    return width;
  };
}
