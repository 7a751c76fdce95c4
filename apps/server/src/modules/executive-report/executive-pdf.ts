import PDFDocument from 'pdfkit';
import { formatCount, formatDay, formatShare, type TLocale } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import type { WhatChanged } from '../wave-comparison/what-changed.ts';
import type { ExecutiveFigures } from './executive-figures.ts';
import { findPdfFonts, toLatin1 } from './pdf-font.ts';
import { drawWhatChangedPage, type PdfPen } from './what-changed-page.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#2563eb';
/** Risk level 0 (green) to 4 (dark red), for the bar chart. */
const RISK_COLOURS = ['#16a34a', '#84cc16', '#eab308', '#f97316', '#b91c1c'];

/** Legend lines under the network picture: three columns of this many rows at most. */
const LEGEND_COLUMNS = 3;
const LEGEND_ROWS = 8;

/**
 * The executive report: key figures and a risk chart, the causes (each with its manager sentence)
 * and people needing attention, and a picture of the network from the stored regular layout.
 * Three A4 pages, drawn with pdfkit's vector graphics so it prints sharply; a fourth says what
 * changed since the earlier wave when there is one.
 */
export async function executiveReportPdf(figures: ExecutiveFigures, label: Labeller, locale: TLocale, minGroupSize: number, whatChanged: WhatChanged | null = null): Promise<Buffer> {
  // Numbers as the reader's language writes them (90,3 % in German), through the functions the pages use.
  const percent = (value: number | null) => (value === null ? '–' : formatShare(value, locale));
  const count = (value: number) => formatCount(value, locale);
  const fonts = findPdfFonts();
  const text = (value: string) => (fonts.builtIn ? toLatin1(value) : value);
  const { t } = label;
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: text(`${t('analytics.executive.title')} – ${figures.engagementName}`), Author: 'ONA platform' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const regular = () => doc.font(fonts.regular).fillColor(INK);
  const bold = () => doc.font(fonts.bold).fillColor(INK);
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  const withheldText = t('analytics.executive.withheld', { min: minGroupSize });
  let page = 1;
  const footer = () => {
    // Writing below the bottom margin would make pdfkit start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    regular().fontSize(8).fillColor(MUTED).text(text(t('analytics.executive.page', { page })), PAGE.margin, PAGE.height - 35, { width: contentWidth, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  };
  const heading = (title: string) => {
    bold().fontSize(15).text(text(title), PAGE.margin, doc.y, { width: contentWidth });
    doc.moveDown(0.4);
  };

  // Page 1: title, key figures, employees by risk level.
  bold().fontSize(22).text(text(t('analytics.executive.title')), PAGE.margin, PAGE.margin);
  regular().fontSize(13).text(text(figures.engagementName));
  if (figures.analysedAt) regular().fontSize(10).fillColor(MUTED).text(text(t('analytics.executive.analysed_at', { date: formatDay(figures.analysedAt, locale) })));
  if (figures.confidence) {
    const { band, rate, asked, answered } = figures.confidence;
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(Math.floor(rate * 100 + 1e-9) / 100);
    regular().fontSize(10).fillColor(MUTED).text(text(t('analytics.executive.confidence', { band: t(`analytics.executive.confidence_bands.${band}`), rate: percent, asked, answered })));
  }
  doc.moveDown(1.2);
  heading(t('analytics.executive.key_figures'));
  const rows: [string, string][] = [
    [t('analytics.executive.employees'), count(figures.employees)],
    [t('analytics.executive.response_rate'), figures.withheld ? withheldText : percent(figures.responseRate)],
    [t('analytics.executive.key_people_in_danger'), count(figures.keyPeopleInDanger)],
    [t('analytics.executive.leaders_in_need'), count(figures.leadersInNeed.length)],
    [t('analytics.executive.network_density'), figures.withheld ? withheldText : percent(figures.density)],
    [t('analytics.executive.mutual_share'), figures.withheld ? withheldText : percent(figures.mutualShare)],
  ];
  for (const [name, value] of rows) {
    const y = doc.y;
    regular().fontSize(11).text(text(name), PAGE.margin, y, { width: 300 });
    bold().fontSize(11).text(text(value), PAGE.margin + 310, y, { width: contentWidth - 310 });
    doc.moveDown(0.35);
  }
  doc.moveDown(1);
  heading(t('analytics.executive.employees_by_risk'));
  if (figures.byRiskLevel === null) {
    regular().fontSize(11).fillColor(MUTED).text(text(withheldText));
  } else {
    const top = doc.y + 10;
    const chartHeight = 200;
    const max = Math.max(1, ...figures.byRiskLevel);
    const slot = contentWidth / figures.byRiskLevel.length;
    doc.moveTo(PAGE.margin, top + chartHeight).lineTo(PAGE.margin + contentWidth, top + chartHeight).lineWidth(0.8).strokeColor(MUTED).stroke();
    figures.byRiskLevel.forEach((count, level) => {
      const barHeight = (count / max) * (chartHeight - 20);
      const x = PAGE.margin + level * slot + slot * 0.2;
      doc.rect(x, top + chartHeight - barHeight, slot * 0.6, barHeight).fillColor(RISK_COLOURS[level] ?? ACCENT).fill();
      bold().fontSize(10).text(formatCount(count, locale), x, top + chartHeight - barHeight - 14, { width: slot * 0.6, align: 'center' });
      regular().fontSize(8).text(text(label.riskLevel(level)), PAGE.margin + level * slot, top + chartHeight + 6, { width: slot, align: 'center' });
    });
  }
  footer();

  // Page 2: most typical causes and the people who need attention.
  doc.addPage();
  page++;
  doc.y = PAGE.margin;
  heading(t('analytics.executive.typical_causes'));
  if (figures.typicalCauses === null) {
    regular().fontSize(11).fillColor(MUTED).text(text(withheldText));
  } else if (figures.typicalCauses.length === 0) {
    regular().fontSize(11).text(text(t('analytics.executive.none')));
  } else {
    const max = Math.max(1, ...figures.typicalCauses.map((c) => c.count));
    const labelWidth = 210;
    const barSpace = contentWidth - labelWidth - 40;
    for (const cause of figures.typicalCauses) {
      const y = doc.y;
      regular().fontSize(9).text(text(label.riskFactor(cause.factor)), PAGE.margin, y + 2, { width: labelWidth - 8 });
      const labelBottom = doc.y;
      doc.rect(PAGE.margin + labelWidth, y, (cause.count / max) * barSpace, 14).fillColor(ACCENT).fill();
      bold().fontSize(9).text(count(cause.count), PAGE.margin + labelWidth + (cause.count / max) * barSpace + 4, y + 2, { lineBreak: false });
      // The manager sentence of docs/methods.md says what the cause means.
      regular().fontSize(8).fillColor(MUTED).text(text(cause.explanation), PAGE.margin, Math.max(labelBottom, y + 16) + 1, { width: contentWidth });
      doc.y += 7;
    }
  }
  doc.moveDown(1.5);
  heading(t('analytics.executive.leaders_in_need'));
  if (figures.leadersInNeed.length === 0) regular().fontSize(11).text(text(t('analytics.executive.none')));
  // The list stops where the page ends: pdfkit would otherwise start a page of its own.
  const lastLine = PAGE.height - PAGE.margin - 2 * 14;
  for (const leader of figures.leadersInNeed.slice(0, 15)) {
    if (doc.y > lastLine) break;
    regular().fontSize(10).text(text(`• ${leader.name}: ${leader.reasons.map(label.supportReason).join(', ')}`), PAGE.margin, doc.y, { width: contentWidth });
  }
  footer();

  // Page 3: the network from the stored regular layout, coloured by unit.
  doc.addPage();
  page++;
  doc.y = PAGE.margin;
  heading(t('analytics.executive.network'));
  regular().fontSize(9).fillColor(MUTED).text(text(t('analytics.executive.network_caption')));
  const legendRows = Math.min(LEGEND_ROWS, Math.ceil(figures.network.legend.length / LEGEND_COLUMNS));
  const legendHeight = legendRows === 0 ? 0 : 22 + legendRows * 13 + 14;
  const pictureTop = doc.y + 15;
  const pictureHeight = PAGE.height - pictureTop - 70 - legendHeight;
  drawNetwork(doc, figures.network, { x: PAGE.margin, y: pictureTop, width: contentWidth, height: pictureHeight });
  drawLegend(figures.network.legend, pictureTop + pictureHeight + 12);
  footer();

  if (whatChanged) {
    doc.addPage();
    page++;
    doc.y = PAGE.margin;
    const pen: PdfPen = { doc, text, regular, bold, heading, left: PAGE.margin, width: contentWidth, muted: MUTED, withheldText };
    drawWhatChangedPage(pen, whatChanged, label, locale);
    footer();
  }

  doc.end();
  await finished;
  return Buffer.concat(chunks);

  /** What the colours of the picture mean: each unit in it with its swatch and head count, most people first. */
  function drawLegend(entries: ExecutiveFigures['network']['legend'], top: number): void {
    if (entries.length === 0) return;
    bold().fontSize(9).text(text(t('analytics.executive.legend_title')), PAGE.margin, top, { width: contentWidth, lineBreak: false });
    const shown = entries.slice(0, LEGEND_COLUMNS * LEGEND_ROWS - (entries.length > LEGEND_COLUMNS * LEGEND_ROWS ? 1 : 0));
    const columnWidth = contentWidth / LEGEND_COLUMNS;
    const rows = Math.ceil(Math.min(entries.length, LEGEND_COLUMNS * LEGEND_ROWS) / LEGEND_COLUMNS);
    shown.forEach((entry, i) => {
      const x = PAGE.margin + Math.floor(i / rows) * columnWidth;
      const y = top + 16 + (i % rows) * 13;
      doc.circle(x + 4, y + 4, 3.5).fillColor(entry.color).fill();
      const name = entry.unit ?? t('analytics.executive.legend_no_unit');
      // The head count keeps its own place at the column's end, so a long name is what gets cut.
      regular().fontSize(8).text(text(name), x + 12, y, { width: columnWidth - 52, height: 10, lineBreak: false, ellipsis: true });
      regular().fontSize(8).fillColor(MUTED).text(count(entry.count), x + columnWidth - 40, y, { width: 34, align: 'right', lineBreak: false });
    });
    const rest = entries.length - shown.length;
    if (rest > 0) {
      const i = shown.length;
      regular().fontSize(8).fillColor(MUTED).text(text(t('analytics.executive.legend_more', { count: rest })), PAGE.margin + Math.floor(i / rows) * columnWidth + 12, top + 16 + (i % rows) * 13, { width: columnWidth - 16, lineBreak: false });
    }
  }
}

function drawNetwork(doc: PDFKit.PDFDocument, network: ExecutiveFigures['network'], box: { x: number; y: number; width: number; height: number }): void {
  doc.rect(box.x, box.y, box.width, box.height).lineWidth(0.5).strokeColor('#d1d5db').stroke();
  if (network.nodes.length === 0) return;
  const xs = network.nodes.map((n) => n.x);
  const ys = network.nodes.map((n) => n.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = 14;
  const scale = Math.min((box.width - 2 * pad) / Math.max(maxX - minX, 1e-9), (box.height - 2 * pad) / Math.max(maxY - minY, 1e-9));
  const at = (i: number): [number, number] => {
    const node = network.nodes[i]!;
    return [box.x + pad + (node.x - minX) * scale + (box.width - 2 * pad - (maxX - minX) * scale) / 2, box.y + pad + (node.y - minY) * scale + (box.height - 2 * pad - (maxY - minY) * scale) / 2];
  };
  const radius = Math.max(1.2, Math.min(5, 220 / Math.sqrt(network.nodes.length) / 4));
  doc.save().lineWidth(0.2).strokeColor('#9ca3af').strokeOpacity(0.5);
  for (const [a, b] of network.edges) {
    const [x1, y1] = at(a);
    const [x2, y2] = at(b);
    doc.moveTo(x1, y1).lineTo(x2, y2);
  }
  doc.stroke().restore();
  network.nodes.forEach((node, i) => {
    const [x, y] = at(i);
    doc.circle(x, y, radius).fillColor(node.color).fill();
  });
}
