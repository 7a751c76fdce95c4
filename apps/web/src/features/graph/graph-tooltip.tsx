import { Paper, Text } from '@mantine/core';
import type { TGraphNode } from '@ona/contracts';
import { useTranslation } from 'react-i18next';

/** The hover tooltip (shown 100 ms after the pointer rests on a node). */
export function GraphTooltip({ node, x, y }: { node: TGraphNode; x: number; y: number }) {
  const { t } = useTranslation('graph');
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="sm"
      px="xs"
      py={4}
      data-testid="graph-tooltip"
      role="tooltip"
      style={{ position: 'absolute', left: x + 14, top: y + 14, pointerEvents: 'none', zIndex: 5, maxWidth: 260 }}
    >
      <Text fz="sm" fw={600}>
        {node.label}
      </Text>
      <Text fz="xs" c="dimmed">
        {node.organizational_unit}
      </Text>
      <Text fz="xs">{t('tooltip.answers', { given: node.given, received: node.received })}</Text>
    </Paper>
  );
}
