import { Group, Text } from '@mantine/core';
import { ANSWER_COUNT_LEGEND } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import type { TResponseBand } from './response-rate.ts';

export const BAND_COLORS: Record<TResponseBand, string> = {
  low: 'var(--mantine-color-red-5)',
  medium: 'var(--mantine-color-yellow-5)',
  good: 'var(--mantine-color-teal-5)',
};
export const LOW_COLOR = 'var(--mantine-color-orange-4)';
export const HIGH_COLOR = 'var(--mantine-color-brand-5)';

function Swatch({ color }: { color: string }) {
  return <span aria-hidden="true" style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 3, background: color }} />;
}

/**
 * The spec's legend (§9): 0 to 13 answers is low, 14 and over high; and the response-rate colours.
 * With `counts`, each answer band says how many people are in it.
 */
export function ResponseLegend({ withBands = false, counts }: { withBands?: boolean; counts?: { low: string; high: string } }) {
  const { t } = useTranslation('surveyStatistics');
  return (
    <Group gap="lg" data-testid="statistics-legend" fz="sm" role="list" aria-label={t('legend.title')}>
      <Group gap={6} role="listitem">
        <Swatch color={LOW_COLOR} />
        <Text fz="sm">
          {t('legend.low', { from: 0, to: ANSWER_COUNT_LEGEND.lowMax })}
          {counts && <Text span fz="sm" fw={700} data-testid="legend-count-low">{` (${counts.low})`}</Text>}
        </Text>
      </Group>
      <Group gap={6} role="listitem">
        <Swatch color={HIGH_COLOR} />
        <Text fz="sm">
          {t('legend.high', { from: ANSWER_COUNT_LEGEND.highMin })}
          {counts && <Text span fz="sm" fw={700} data-testid="legend-count-high">{` (${counts.high})`}</Text>}
        </Text>
      </Group>
      {withBands &&
        (['low', 'medium', 'good'] as const).map((band) => (
          <Group gap={6} key={band} role="listitem">
            <Swatch color={BAND_COLORS[band]} />
            <Text fz="sm">{t(`legend.band.${band}`)}</Text>
          </Group>
        ))}
    </Group>
  );
}
