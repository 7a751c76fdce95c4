import type { TMetricFormat } from '@ona/contracts';

/** A figure as the reader's locale writes it: shares as percentages, decimals to four places. */
export function formatMetric(value: number | null, format: TMetricFormat, locale: string): string {
  if (value === null) return '–';
  switch (format) {
    case 'percent':
      // A share under a tenth of a percent keeps two significant digits: a 100,000-person network's
      // density (0.0117 %) read "0%", as if nobody named anyone.
      return new Intl.NumberFormat(locale, value !== 0 && Math.abs(value) < 0.001 ? { style: 'percent', maximumSignificantDigits: 2 } : { style: 'percent', maximumFractionDigits: 1 }).format(value);
    case 'decimal': {
      // Small scores (PageRank, constraint) need four places to differ; large ones (raw betweenness) two.
      const places = Math.abs(value) < 10 ? 4 : 2;
      return new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places }).format(value);
    }
    default:
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
  }
}
