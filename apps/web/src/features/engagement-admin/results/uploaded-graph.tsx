import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { TGraphVisualization } from '@ona/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_APPEARANCE } from '../../../graph/graph-appearance.ts';
import { GraphCanvas } from '../../../graph/graph-canvas.tsx';
import { EmployeeCard } from '../../graph/employee-card.tsx';
import { GraphStatistics } from '../../graph/graph-statistics.tsx';
import { GraphTooltip } from '../../graph/graph-tooltip.tsx';

/** The network of an uploaded results workbook, drawn as the graph page draws an engagement's. */
export function UploadedGraph({ graph }: { graph: TGraphVisualization }) {
  const { t } = useTranslation(['admin', 'graph']);
  const [hover, setHover] = useState<{ id: number; x: number; y: number } | null>(null);
  const [clicked, setClicked] = useState<number | null>(null);
  const nodeById = useMemo(() => new Map(graph.employees.map((node) => [node.id, node] as const)), [graph]);
  const hovered = hover ? nodeById.get(hover.id) : undefined;
  const card = clicked === null ? undefined : nodeById.get(clicked);

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
        <Box pos="relative" h={480} style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }} onMouseLeave={() => setHover(null)}>
          <GraphCanvas
            data={graph}
            layout="regular"
            appearance={DEFAULT_APPEARANCE}
            label={t('graph:canvasLabel')}
            onHover={(id, at) => setHover(id === null ? null : { id, ...at })}
            onClickNode={setClicked}
          />
          {hovered && hover && <GraphTooltip node={hovered} x={hover.x} y={hover.y} />}
          {card && (
            <Box pos="absolute" top={10} right={10} style={{ zIndex: 6 }}>
              <EmployeeCard node={card} onClose={() => setClicked(null)} />
            </Box>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
