import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatShare, type TGraphStatistics } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text fz={10} c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * Employee count, connection count, mutual count and share, for what is shown (the share through the
 * formatter the executive report PDF uses). An undirected network (collaboration) has no reciprocity:
 * its mutual figures read "not applicable" with the reason, never 100 %.
 */
export function GraphStatistics({ statistics }: { statistics: TGraphStatistics }) {
  const { t } = useTranslation('graph');
  const locale = activeLocale();
  return (
    <Paper withBorder radius="md" p="sm" shadow="xs" aria-label={t('statistics.title')} data-testid="graph-statistics">
      {/* Two by two on a phone: four figures in a row pushed "67.4%" past the card's edge. */}
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="lg" verticalSpacing="xs">
        <Figure label={t('statistics.employees')} value={formatNumber(statistics.employee_count, locale)} testId="graph-stat-employees" />
        <Figure label={t('statistics.connections')} value={formatNumber(statistics.connection_count, locale)} testId="graph-stat-connections" />
        <Figure label={t('statistics.mutual')} value={statistics.mutual_count === null ? t('statistics.notApplicable') : formatNumber(statistics.mutual_count, locale)} testId="graph-stat-mutual" />
        <Figure
          label={t('statistics.mutualPercentage')}
          value={statistics.mutual_percentage === null ? t('statistics.notApplicable') : formatShare(statistics.mutual_percentage / 100, locale)}
          testId="graph-stat-mutual-percentage"
        />
      </SimpleGrid>
      {!statistics.directed && (
        <Text fz="xs" c="dimmed" mt={4} data-testid="graph-stat-undirected">
          {t('statistics.undirectedNote')}
        </Text>
      )}
    </Paper>
  );
}
