import { formatChange, formatCount, formatDay, formatShare, type TLocale } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import type { ThenNow, WhatChanged } from '../wave-comparison/what-changed.ts';

/** What a page of the executive report draws with: the document and the report's text styles. */
export interface PdfPen {
  doc: PDFKit.PDFDocument;
  /** Makes a string printable in the font in use. */
  text: (value: string) => string;
  regular: () => PDFKit.PDFDocument;
  bold: () => PDFKit.PDFDocument;
  heading: (title: string) => void;
  left: number;
  width: number;
  muted: string;
  withheldText: string;
}

const MAX_UNITS_LISTED = 10;

/**
 * "What changed since the earlier wave": key figures then, now and their change, how risk moved
 * among the people who stayed, how many of those who left were at high risk, the work network's
 * ties, and units that are new or gone. One page: lists are cut where they would run over.
 */
export function drawWhatChangedPage(pen: PdfPen, figures: WhatChanged, label: Labeller, locale: TLocale): void {
  const { doc, text, regular, bold, left, width, muted, withheldText } = pen;
  const { t } = label;
  // Numbers and dates as the other pages of the report write them (67,4 % in German).
  const percent = (value: number | null) => (value === null ? '–' : formatShare(value, locale));
  const count = (value: number) => formatCount(value, locale);
  const signed = (value: number) => formatChange(value, locale);
  /** A change of shares in percentage points, with a sign and one decimal. */
  const points = (pair: ThenNow) => (pair.then === null || pair.now === null ? '–' : formatChange(Math.round((pair.now - pair.then) * 1000) / 10, locale, 1));
  const counts = <T extends Record<string, number>>(values: T): Record<keyof T, string> =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, count(value)])) as Record<keyof T, string>;
  pen.heading(t('waves.summary.title', { name: figures.earlierName }));
  if (figures.earlierAnalysedAt) regular().fontSize(10).fillColor(muted).text(text(t('waves.summary.earlier_analysed', { date: formatDay(figures.earlierAnalysedAt, locale) })), left, doc.y, { width });
  doc.moveDown(1);

  const columns = [left, left + 250, left + 330, left + 410];
  const row = (cells: string[], strong = false) => {
    const y = doc.y;
    cells.forEach((cell, i) => {
      (strong || i > 0 ? bold() : regular()).fontSize(10).text(text(cell), columns[i], y, { width: i === 0 ? 240 : 75, align: i === 0 ? 'left' : 'right' });
    });
    doc.y = Math.max(doc.y, y + 14);
    doc.moveDown(0.25);
  };
  row([t('waves.summary.figure'), t('waves.summary.then'), t('waves.summary.now'), t('waves.summary.change')], true);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor(muted).stroke();
  doc.moveDown(0.3);
  const { people } = figures;
  row([t('waves.summary.employees'), count(people.then), count(people.now), signed(people.now - people.then)]);
  const shares = (name: string, pair: ThenNow | null) =>
    row(pair ? [name, percent(pair.then), percent(pair.now), points(pair)] : [name, '–', '–', '–']);
  shares(t('waves.summary.response_rate'), figures.responseRate);
  shares(t('waves.summary.high_risk_share'), figures.highRiskShare);
  if (figures.work) {
    const before = figures.work.kept + figures.work.lost;
    const after = figures.work.kept + figures.work.added;
    row([t('waves.summary.work_ties'), count(before), count(after), signed(after - before)]);
  }
  if (!figures.responseRate) regular().fontSize(9).fillColor(muted).text(text(withheldText), left, doc.y, { width });
  doc.moveDown(1);

  const paragraph = (title: string, body: string) => {
    bold().fontSize(11).text(text(title), left, doc.y, { width });
    regular().fontSize(10).text(text(body), left, doc.y, { width });
    doc.moveDown(0.7);
  };
  paragraph(t('waves.summary.people_title'), t('waves.summary.people_body', counts({ stayed: people.stayed, joined: people.joined, left: people.left })));
  paragraph(
    t('waves.summary.risk_title'),
    figures.riskMoved ? t('waves.summary.risk_body', counts(figures.riskMoved)) : withheldText,
  );
  paragraph(
    t('waves.summary.leavers_title'),
    figures.leaversAtHighRisk ? t('waves.summary.leavers_body', counts({ left: figures.leaversAtHighRisk.of, atRisk: figures.leaversAtHighRisk.count })) : people.left === 0 ? t('waves.summary.nobody_left') : withheldText,
  );
  if (figures.work) {
    paragraph(t('waves.summary.network_title'), t('waves.summary.network_body', counts(figures.work)));
  }
  const units = (title: string, names: readonly string[]) => {
    if (names.length === 0) return;
    const shown = names.slice(0, MAX_UNITS_LISTED);
    const more = names.length - shown.length;
    paragraph(title, shown.join('; ') + (more > 0 ? ` ${t('waves.summary.and_more', { count: more })}` : ''));
  };
  units(t('waves.summary.units_new'), figures.unitsNew);
  units(t('waves.summary.units_gone'), figures.unitsGone);
}
