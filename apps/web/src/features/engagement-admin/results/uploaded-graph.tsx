import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TGraphVisualization } from '@ona/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_APPEARANCE } from '../../../graph/graph-appearance.ts';
import { GraphStatistics } from '../../graph/graph-statistics.tsx';
import { InteractiveGraph } from '../../graph/interactive-graph.tsx';

/** The network of an uploaded results workbook, drawn as the graph page draws an engagement's. */
export function UploadedGraph({ graph }: { graph: TGraphVisualization }) {
  const { t } = useTranslation(['admin', 'graph']);
  const nodeById = useMemo(() => new Map(graph.employees.map((node) => [node.id, node] as const)), [graph]);

  return (
    <Paper withBorder radius="lg" p="md" data-testid="uploaded-graph">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            {t('admin:results.graphTitle')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('admin:results.graphNote')}
          </Text>
        </div>
        <GraphStatistics statistics={graph.statistics} />
        <InteractiveGraph
          data={graph}
          nodeById={nodeById}
          layout="regular"
          appearance={DEFAULT_APPEARANCE}
          frameStyle={{ height: 480, borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
        />
      </Stack>
    </Paper>
  );
}
