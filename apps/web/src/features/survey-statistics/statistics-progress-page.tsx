import { Box, Paper, Stack, Table, Text } from '@mantine/core';
import type { TSurveyStatistics } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { AnswersChart } from './answers-chart.tsx';
import { StatisticsLayout } from './statistics-layout.tsx';

function Progress({ statistics }: { statistics: TSurveyStatistics }) {
  const { t } = useTranslation('surveyStatistics');
  const locale = activeLocale();
  const days = statistics.fill_statistics.over_time;
  const shortDay = (date: string) => formatDate(date, locale).replace(/,?\s*\d{4}\.?$/, '').replace(/^\d{4}\.\s*/, '');

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        {days.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="progress-empty">
            {t('progress.empty')}
          </Text>
        ) : (
          <AnswersChart
            days={days}
            participantCount={statistics.fill_statistics.participant_count}
            label={t('progress.chartLabel')}
            formatDay={shortDay}
            legend={{ daily: t('progress.daily'), cumulative: t('progress.cumulative'), participants: t('progress.participants') }}
          />
        )}
      </Paper>
      {days.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          {/* Keyboard users scroll the table too (WCAG 2.1.1): its viewport takes focus, and is named
              by the table. The browser's own scrollbars take room beside the table: Mantine's
              floated over its last column. */}
          <Box mah={360} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={t('progress.tableLabel')} data-testid="progress-scroll">
            <Table striped data-testid="progress-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('progress.date')}</Table.Th>
                  <Table.Th ta="right">{t('progress.daily')}</Table.Th>
                  <Table.Th ta="right">{t('progress.cumulative')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {days.map((day) => (
                  <Table.Tr key={day.date}>
                    <Table.Td>{formatDate(day.date, locale)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(day.answered, locale)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(day.cumulative, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Paper>
      )}
    </Stack>
  );
}

export function StatisticsProgressPage() {
  return <StatisticsLayout tab="progress">{(statistics) => <Progress statistics={statistics} />}</StatisticsLayout>;
}
