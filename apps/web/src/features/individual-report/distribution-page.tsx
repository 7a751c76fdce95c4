import { Alert, Group, Paper, Progress, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { TIndividualReport } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { formatShare, levelRows } from './report-figures.ts';
import { ReportLayout } from './report-layout.tsx';

function RelationsByLevel({ report }: { report: TIndividualReport }) {
  const { t, i18n } = useTranslation('individualReport');
  const locale = activeLocale();
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb={4}>
        {t('distribution.levelsTitle')}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('distribution.levelsIntro')}
      </Text>
      <ScrollArea type="auto">
        <Table miw={420} data-testid="relations-by-level">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('distribution.level')}</Table.Th>
              <Table.Th ta="right">{t('distribution.people')}</Table.Th>
              <Table.Th>{t('distribution.share')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {levelRows(report).map((row) => (
              <Table.Tr key={row.level} data-testid="relations-level-row" data-level={row.level}>
                <Table.Td>{t(`hierarchyLevels.${row.level}`)}</Table.Td>
                <Table.Td ta="right" data-testid="relations-level-count">
                  {formatNumber(row.count, locale)}
                </Table.Td>
                <Table.Td miw={200}>
                  <Group gap="xs" wrap="nowrap">
                    <Progress value={row.share * 100} size="md" style={{ flex: 1 }} aria-hidden="true" />
                    <Text fz="sm" w={44} ta="right" data-testid="relations-level-share">
                      {formatShare(row.share, i18n.language)}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {report.operative_balance_ok !== null && (
        <Alert mt="sm" variant="light" color={report.operative_balance_ok ? 'teal' : 'yellow'} data-testid="operative-balance" data-ok={report.operative_balance_ok}>
          <Text fz="sm">{report.operative_balance_ok ? t('distribution.operativeOk') : t('distribution.operativeLow')}</Text>
        </Alert>
      )}
    </Paper>
  );
}

function ReceivedNominations({ report }: { report: TIndividualReport }) {
  const { t } = useTranslation('individualReport');
  const locale = activeLocale();
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb={4}>
        {t('distribution.receivedTitle')}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('distribution.receivedIntro')}
      </Text>
      <ScrollArea type="auto">
        <Table striped miw={420} data-testid="received-nominations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('distribution.question')}</Table.Th>
              <Table.Th ta="right">{t('distribution.count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.received.map((row) => (
              <Table.Tr key={row.question.id} data-testid="received-row" data-question-id={row.question.id}>
                <Table.Td>{row.question.label}</Table.Td>
                <Table.Td ta="right" data-testid="received-count">
                  {formatNumber(row.count, locale)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}

function GivenNominations({ report }: { report: TIndividualReport }) {
  const { t } = useTranslation('individualReport');
  const locale = activeLocale();
  // The API names the colleagues only in one's own report (their own answers); others see counts.
  const namesShown = report.given.some((row) => row.colleagues !== null);
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb={4}>
        {t('distribution.givenTitle')}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('distribution.givenIntro')} {!namesShown && t('distribution.givenNamesHidden')}
      </Text>
      <ScrollArea type="auto">
        <Table striped miw={namesShown ? 640 : 420} data-testid="given-nominations" data-names-shown={namesShown}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('distribution.question')}</Table.Th>
              <Table.Th ta="right">{t('distribution.count')}</Table.Th>
              {namesShown && <Table.Th>{t('distribution.colleagues')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.given.map((row) => (
              <Table.Tr key={row.question.id} data-testid="given-row" data-question-id={row.question.id}>
                <Table.Td>{row.question.label}</Table.Td>
                <Table.Td ta="right" data-testid="given-count">
                  {formatNumber(row.count, locale)}
                </Table.Td>
                {namesShown && (
                  <Table.Td fz="sm" data-testid="given-colleagues">
                    {row.colleagues && row.colleagues.length > 0 ? row.colleagues.map((colleague) => colleague.name).join(', ') : t('distribution.none')}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}

/** distribution.html: relations by hierarchy level (§3) and the received and given nominations per question. */
export function DistributionPage() {
  return (
    <ReportLayout page="distribution">
      {(report) => (
        <Stack gap="lg">
          <RelationsByLevel report={report} />
          <ReceivedNominations report={report} />
          <GivenNominations report={report} />
        </Stack>
      )}
    </ReportLayout>
  );
}
