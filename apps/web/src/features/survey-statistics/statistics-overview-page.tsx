import { Group, Paper, Progress, RingProgress, ScrollArea, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { ANSWER_COUNT_LEGEND, type TSurveyStatistics } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { ResponseLegend, BAND_COLORS, HIGH_COLOR, LOW_COLOR } from './response-legend.tsx';
import { formatRate, responseBand } from './response-rate.ts';
import { StatisticsLayout } from './statistics-layout.tsx';
import { useWithheldReasonText } from '../../shared/ui/withheld-reason-note.tsx';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function Overview({ statistics }: { statistics: TSurveyStatistics }) {
  const { t, i18n } = useTranslation('surveyStatistics');
  const reasonText = useWithheldReasonText();
  const locale = activeLocale();
  const fill = statistics.fill_statistics;
  const count = (value: number | null) => (value === null ? '–' : formatNumber(value, locale));
  const rate = fill.response_rate;
  const answeredTotal = (fill.low_answer_count ?? 0) + (fill.high_answer_count ?? 0);

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Paper withBorder radius="lg" p="md">
          <Stack gap={4} align="center">
            <RingProgress
              size={96}
              thickness={10}
              roundCaps
              sections={rate === null ? [] : [{ value: rate * 100, color: BAND_COLORS[responseBand(rate)] }]}
              label={
                <Text ta="center" fw={700} data-testid="response-rate">
                  {formatRate(rate, i18n.language)}
                </Text>
              }
            />
            <Text fz="sm" c="dimmed">
              {t('figures.responseRate')}
            </Text>
          </Stack>
        </Paper>
        <Figure label={t('figures.participants')} value={count(fill.participant_count)} testId="participant-count" />
        <Figure label={t('figures.answered')} value={count(fill.answered_count)} testId="answered-count" />
        <Figure label={t('figures.finished')} value={count(fill.finished_count)} testId="finished-count" />
      </SimpleGrid>
      {fill.withheld && (
        <Text c="dimmed" fz="sm" data-testid="statistics-withheld" data-reason={fill.withheld_reason?.code}>
          {reasonText(fill.withheld_reason) ?? t('withheld')}
        </Text>
      )}
      <Paper withBorder radius="lg" p="md">
        <Title order={2} fz="md" mb="sm">
          {t('answerCounts.title')}
        </Title>
        {/* The counts stand in the legend, not in the bar: a section of 3 in 300 is too narrow for its label. */}
        <Progress.Root size={18} mb="sm" role="group" aria-label={t('answerCounts.title')}>
          {answeredTotal > 0 && (
            <>
              <Progress.Section value={((fill.low_answer_count ?? 0) / answeredTotal) * 100} color={LOW_COLOR} aria-label={`${t('legend.low', { from: 0, to: ANSWER_COUNT_LEGEND.lowMax })} (${count(fill.low_answer_count)})`} />
              <Progress.Section value={((fill.high_answer_count ?? 0) / answeredTotal) * 100} color={HIGH_COLOR} aria-label={`${t('legend.high', { from: ANSWER_COUNT_LEGEND.highMin })} (${count(fill.high_answer_count)})`} />
            </>
          )}
        </Progress.Root>
        <ResponseLegend counts={{ low: count(fill.low_answer_count), high: count(fill.high_answer_count) }} />
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} fz="md" mb="sm">
          {t('units.title')}
        </Title>
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={560} data-testid="unit-statistics">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('units.unit')}</Table.Th>
                <Table.Th ta="right">{t('units.participants')}</Table.Th>
                <Table.Th ta="right">{t('units.answered')}</Table.Th>
                <Table.Th>{t('units.rate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fill.units.map((unit) => {
                const unitRate = unit.subtree_response_rate;
                return (
                  <Table.Tr key={unit.id} data-testid="unit-statistics-row" data-reason={unit.subtree_withheld_reason?.code}>
                    <Table.Td>{unit.name}</Table.Td>
                    <Table.Td ta="right">{count(unit.subtree_participant_count)}</Table.Td>
                    <Table.Td ta="right">{count(unit.subtree_answered_count)}</Table.Td>
                    <Table.Td miw={160}>
                      {unitRate === null ? (
                        <Tooltip label={reasonText(unit.subtree_withheld_reason) ?? t('withheldUnit')} multiline w={280}>
                          <Text fz="sm" c="dimmed" component="span" tabIndex={0}>
                            –
                          </Text>
                        </Tooltip>
                      ) : (
                        // The rate stands beside its bar: inside, a low rate's section is too narrow for it.
                        <Group gap="xs" wrap="nowrap">
                          <Progress.Root size={12} style={{ flex: 1 }}>
                            <Progress.Section value={unitRate * 100} color={BAND_COLORS[responseBand(unitRate)]} aria-label={`${unit.name}: ${formatRate(unitRate, i18n.language)}`} />
                          </Progress.Root>
                          <Text fz="sm" miw={44} ta="right">
                            {formatRate(unitRate, i18n.language)}
                          </Text>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Text fz="xs" c="dimmed" mt="xs">
          {t('units.subtreeNote')}
        </Text>
      </Paper>
    </Stack>
  );
}

export function StatisticsOverviewPage() {
  return <StatisticsLayout tab="overview">{(statistics) => <Overview statistics={statistics} />}</StatisticsLayout>;
}
