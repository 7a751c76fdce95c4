import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TTieDiff } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';

const FIGURES = [
  ['kept', 'diff.ties.kept'],
  ['added', 'diff.ties.added'],
  ['lost', 'diff.ties.lost'],
  ['joined', 'diff.people.joined'],
  ['left', 'diff.people.left'],
] as const;

/** The diff's counts over the chosen questions: ties kept, added and lost, people who joined and left. */
export function DiffStatistics({ diff }: { diff: TTieDiff }) {
  const { t } = useTranslation('graph');
  const locale = activeLocale();
  return (
    <Paper withBorder radius="md" p="sm" shadow="xs" aria-label={t('diff.statisticsTitle')} data-testid="graph-diff-statistics">
      <Text fz="xs" c="dimmed" mb={4}>
        {t('diff.between', { earlier: diff.earlier.name, journey: diff.journey.name })}
      </Text>
      <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="lg" verticalSpacing="xs">
        {FIGURES.map(([key, label]) => (
          <Stack key={key} gap={0}>
            <Text fz={10} c="dimmed" tt="uppercase" fw={600} lts={0.3}>
              {t(label)}
            </Text>
            <Text fz="lg" fw={700} data-testid={`graph-diff-stat-${key}`} data-value={diff.statistics[key]}>
              {formatNumber(diff.statistics[key], locale)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
