/** How a figure is written on the Compare page: shares as percentages, indices to two places. */
export type TFigureFormat = 'count' | 'share' | 'index';

export function formatFigure(value: number | null, format: TFigureFormat, locale: string): string {
  if (value === null) return '–';
  if (format === 'share') return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  if (format === 'index') return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A change with its sign (+0.05, −2, ±0); shares change in percentage points (`points`: the localized unit). */
export function formatChange(value: number | null, format: TFigureFormat, locale: string, points = ''): string {
  if (value === null) return '–';
  const magnitude =
    format === 'share'
      ? new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.abs(value) * 100)
      : format === 'index'
        ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(value))
        : new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(Math.abs(value));
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return `${sign}${magnitude}${format === 'share' && points ? ` ${points}` : ''}`;
}

/** "then → now" for one figure. */
export function formatThenNow(then: number | null, now: number | null, format: TFigureFormat, locale: string): string {
  if (then === null && now === null) return '–';
  return `${formatFigure(then, format, locale)} → ${formatFigure(now, format, locale)}`;
}
