import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TLeaderReport } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { FactorScorePanel } from './factor-score-panel.tsx';
import { LeaderReportLayout } from './leader-report-layout.tsx';

type TTieKind = 'sympathy' | 'expertise';

function TieKindPanel({ kind, report }: { kind: TTieKind; report: TLeaderReport }) {
  const { t } = useTranslation('leaderReport');
  const lists = report.result.relationship[kind];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid={`leader-relationship-${kind}`}>
      <Title order={2} fz="md" mb="md">
        {t(`relationship.${kind}`)}
      </Title>
      <Stack gap="md">
        <div>
          <Text fz="sm" fw={600} mb={6}>
            {t('relationship.received')}
          </Text>
          {lists.received_count === null ? (
            <Text c="dimmed" fz="sm" data-testid={`leader-received-${kind}`} data-withheld="true">
              {t('relationship.receivedWithheld')}
            </Text>
          ) : (
            <Text fz="xl" fw={700} data-testid={`leader-received-${kind}`}>
              {t('relationship.receivedCount', { received: lists.received_count, teamSize: report.team_size })}
            </Text>
          )}
        </div>
        <div>
          <Text fz="sm" fw={600} mb={6}>
            {t('relationship.given')} ({lists.given.length})
          </Text>
          {lists.given.length === 0 ? (
            <Text c="dimmed" fz="sm">
              {t('relationship.givenEmpty')}
            </Text>
          ) : (
            <Group gap={6} data-testid={`leader-given-${kind}`}>
              {lists.given.map((employee) => (
                <Badge key={employee.id} variant="light" color="gray" tt="none" size="lg" fw={500} style={{ maxWidth: '100%' }}>
                  {employee.name}
                </Badge>
              ))}
            </Group>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

/** relationship.html, labelled "Integration": the score and the given and received ties of both kinds. */
export function LeaderReportRelationshipPage() {
  const { t } = useTranslation('leaderReport');
  return (
    <LeaderReportLayout page="relationship">
      {(report) => (
        <Stack gap="md">
          <FactorScorePanel factor="relationship" score={report.result.relationship.score} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TieKindPanel kind="sympathy" report={report} />
            <TieKindPanel kind="expertise" report={report} />
          </SimpleGrid>
          <Text c="dimmed" fz="xs">
            {t('relationship.privacy')}
          </Text>
        </Stack>
      )}
    </LeaderReportLayout>
  );
}
