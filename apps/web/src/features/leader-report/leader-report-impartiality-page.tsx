import { Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { ACCEPT_LANGUAGE } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { Icon } from '../../shared/ui/icon.tsx';
import { FactorScorePanel } from './factor-score-panel.tsx';
import { LeaderReportLayout } from './leader-report-layout.tsx';
import { memberTies, tieCounts } from './leader-ties.ts';

function Named({ named, label }: { named: boolean; label: string }) {
  return named ? (
    <ThemeIcon size={22} radius="xl" variant="light" color="teal" role="img" aria-label={label} title={label}>
      <Icon name="check" size={14} />
    </ThemeIcon>
  ) : (
    <Text c="dimmed" fz="sm" role="img" aria-label={label} title={label}>
      –
    </Text>
  );
}

/** impartiality.html, labelled "Objectivity": the score and whom the leader named, member by member. */
export function LeaderReportImpartialityPage() {
  const { t } = useTranslation('leaderReport');
  return (
    <LeaderReportLayout page="impartiality">
      {(report) => {
        const rows = memberTies(report.result.impartiality.sympathy, report.result.impartiality.expertise, ACCEPT_LANGUAGE[activeLocale()]);
        const counts = tieCounts(rows);
        return (
          <Stack gap="md">
            <FactorScorePanel factor="impartiality" score={report.result.impartiality.score} />
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Title order={2} fz="md" mb={4}>
                {t('impartiality.ties')}
              </Title>
              <Text c="dimmed" fz="sm" mb="md">
                {t('impartiality.tiesHint')}
              </Text>
              {rows.length === 0 ? (
                <Text c="dimmed" ta="center" py="lg" data-testid="leader-ties-empty">
                  {t('impartiality.empty')}
                </Text>
              ) : (
                <>
                  <Text fz="sm" fw={600} mb="sm" data-testid="leader-ties-summary">
                    {t('impartiality.summary', counts)}
                  </Text>
                  <Table striped verticalSpacing={6} data-testid="leader-ties-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('impartiality.member')}</Table.Th>
                        <Table.Th ta="center">{t('impartiality.sympathy')}</Table.Th>
                        <Table.Th ta="center">{t('impartiality.expertise')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((row) => (
                        <Table.Tr key={row.employee.id} data-testid="leader-tie-row" data-sympathy={row.sympathy} data-expertise={row.expertise}>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.employee.name}</Table.Td>
                          <Table.Td>
                            <Stack align="center">
                              <Named named={row.sympathy} label={row.sympathy ? t('impartiality.named') : t('impartiality.notNamed')} />
                            </Stack>
                          </Table.Td>
                          <Table.Td>
                            <Stack align="center">
                              <Named named={row.expertise} label={row.expertise ? t('impartiality.named') : t('impartiality.notNamed')} />
                            </Stack>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </>
              )}
            </Paper>
          </Stack>
        );
      }}
    </LeaderReportLayout>
  );
}
