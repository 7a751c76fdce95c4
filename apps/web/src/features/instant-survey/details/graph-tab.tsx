import { Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveNetworkGraph } from '../../../graph/instant/live-network-graph.tsx';
import { choiceTies } from '../survey-analysis.ts';
import { useSurveyOutlet } from './use-survey-outlet.ts';

/** The graph of userSelect answers, growing as answers arrive. */
export function GraphTab() {
  const { t } = useTranslation('instantSurvey');
  const { survey } = useSurveyOutlet();
  const people = useMemo(() => survey.participants.map((p) => ({ id: p.id, name: p.name })), [survey.participants]);
  const ties = useMemo(() => choiceTies(survey), [survey]);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <div>
          <Text fw={600}>{t('graph.title')}</Text>
          <Text fz="sm" c="dimmed">
            {ties.length === 0 ? t('graph.empty') : t('graph.hint')}
          </Text>
        </div>
        <LiveNetworkGraph people={people} ties={ties} />
        <Group gap="lg" fz="sm">
          <Group gap={6}>
            <span style={{ width: 24, height: 3, background: '#e8590c', display: 'inline-block' }} />
            <Text fz="sm">{t('graph.mutual')}</Text>
          </Group>
          <Group gap={6}>
            <span style={{ width: 24, height: 2, background: '#ced4da', display: 'inline-block' }} />
            <Text fz="sm">{t('graph.oneWay')}</Text>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
