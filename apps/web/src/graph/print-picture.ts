/**
 * The PNG of the graph for print: an A4 landscape page at 300 dpi (3508 × 2480 pixels) laid out
 * in CSS pixels of a 96-dpi page (1123 × 794) and drawn at 3508/1123 ≈ 3.12 pixels each, with a
 * title, the date, a colour legend and the network drawn by sigma at the same pixel ratio.
 */
export const PRINT_PAGE = { width: 1123, height: 794, scale: 3508 / 1123, margin: 36, legendWidth: 290, gap: 24, headerHeight: 82 } as const;

export type TPrintLegendEntry = { color: string; label: string; count: string };

/** Every text of the picture, already in the reader's language and number format. */
export type TPrintTexts = {
  title: string;
  subtitle: string;
  date: string;
  legendTitle: string;
  entries: readonly TPrintLegendEntry[];
  /** "and 12 more" for the entries that do not fit. */
  more: (count: number) => string;
  /** Lines under the colours: the triangle, the mutual ties. */
  notes: readonly string[];
};

/** Where sigma draws the network on the page, in CSS pixels. */
export function graphArea(): { x: number; y: number; width: number; height: number } {
  const { width, height, margin, legendWidth, gap, headerHeight } = PRINT_PAGE;
  return { x: margin, y: margin + headerHeight, width: width - 2 * margin - legendWidth - gap, height: height - 2 * margin - headerHeight };
}

const FONT = 'Inter, system-ui, sans-serif';
const INK = '#212529';
const MUTED = '#6b7280';

function fitted(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Draws the page around the network: white ground, title and date, legend on the right. */
export function drawPrintPage(context: CanvasRenderingContext2D, texts: TPrintTexts, drawGraph: (area: ReturnType<typeof graphArea>) => void): void {
  const { width, height, scale, margin, legendWidth } = PRINT_PAGE;
  context.save();
  context.scale(scale, scale);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.textBaseline = 'alphabetic';

  context.fillStyle = INK;
  context.font = `700 24px ${FONT}`;
  context.fillText(fitted(context, texts.title, width - 2 * margin - 200), margin, margin + 24);
  context.font = `400 14px ${FONT}`;
  context.fillStyle = MUTED;
  context.fillText(fitted(context, texts.subtitle, width - 2 * margin), margin, margin + 48);
  context.textAlign = 'right';
  context.fillText(texts.date, width - margin, margin + 24);
  context.textAlign = 'left';

  const area = graphArea();
  context.strokeStyle = '#dee2e6';
  context.lineWidth = 0.75;
  context.strokeRect(area.x, area.y, area.width, area.height);
  context.restore();
  drawGraph(area);
  context.save();
  context.scale(scale, scale);

  const left = width - margin - legendWidth;
  let y = area.y + 14;
  context.fillStyle = INK;
  context.font = `700 13px ${FONT}`;
  context.fillText(fitted(context, texts.legendTitle, legendWidth), left, y);
  y += 10;
  const lineHeight = 17;
  const notesHeight = texts.notes.length * lineHeight + 16;
  const room = Math.max(0, Math.floor((area.y + area.height - notesHeight - y) / lineHeight));
  const shown = texts.entries.length > room ? texts.entries.slice(0, Math.max(0, room - 1)) : texts.entries;
  context.font = `400 12px ${FONT}`;
  for (const entry of shown) {
    y += lineHeight;
    context.fillStyle = entry.color;
    context.beginPath();
    context.arc(left + 5, y - 4, 5, 0, 2 * Math.PI);
    context.fill();
    context.fillStyle = MUTED;
    context.textAlign = 'right';
    context.fillText(entry.count, left + legendWidth, y);
    context.textAlign = 'left';
    context.fillStyle = INK;
    context.fillText(fitted(context, entry.label, legendWidth - 60), left + 16, y);
  }
  if (shown.length < texts.entries.length) {
    y += lineHeight;
    context.fillStyle = MUTED;
    context.fillText(fitted(context, texts.more(texts.entries.length - shown.length), legendWidth - 16), left + 16, y);
  }
  y += 16;
  context.fillStyle = MUTED;
  for (const note of texts.notes) {
    y += lineHeight;
    context.fillText(fitted(context, note, legendWidth), left, y);
  }
  context.restore();
}
