import { ActionIcon, Group, SegmentedControl, Slider, Stack, Switch, Text } from '@mantine/core';
import { EDGE_VISIBILITY_MODES, GRAPH_LAYOUTS, type TEdgeVisibility, type TGraphLayout } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { GRAPH_CONSTANTS } from '../../graph/graph-constants.ts';
import { useGraphViewStore } from './graph-store.ts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Style: layout, edge shape, arrows, edge visibility, labels, node size, colouring, dark mode. */
export function StyleTab() {
  const { t } = useTranslation('graph');
  const layout = useGraphViewStore((state) => state.layout);
  const appearance = useGraphViewStore((state) => state.appearance);
  const edges = useGraphViewStore((state) => state.filters.edges);
  const { setLayout, setAppearance, setFilters } = useGraphViewStore.getState();
  const scalePercent = Math.round((1 + appearance.nodeScaleSteps * GRAPH_CONSTANTS.nodeScaleStep) * 100);

  return (
    <Stack gap="md">
      <Field label={t('style.layout')}>
        <SegmentedControl
          fullWidth
          size="xs"
          value={layout}
          onChange={(value) => setLayout(value as TGraphLayout)}
          data={GRAPH_LAYOUTS.map((code) => ({ value: code, label: <span data-testid={`graph-layout-${code}`}>{t(`layouts.${code}`)}</span> }))}
        />
      </Field>
      <Field label={t('style.edgeShape')}>
        <SegmentedControl
          fullWidth
          size="xs"
          value={appearance.edgeShape}
          onChange={(value) => setAppearance({ edgeShape: value === 'curved' ? 'curved' : 'straight' })}
          data={(['straight', 'curved'] as const).map((code) => ({ value: code, label: <span data-testid={`graph-edges-${code}`}>{t(`edgeShapes.${code}`)}</span> }))}
        />
      </Field>
      <Switch label={t('style.arrows')} checked={appearance.arrows} onChange={(event) => setAppearance({ arrows: event.currentTarget.checked })} data-testid="graph-arrows" />
      <Field label={t('style.edgeVisibility')}>
        <SegmentedControl
          fullWidth
          size="xs"
          value={edges}
          onChange={(value) => setFilters({ edges: value as TEdgeVisibility })}
          data={EDGE_VISIBILITY_MODES.map((code) => ({ value: code, label: <span data-testid={`graph-visibility-${code}`}>{t(`edgeVisibility.${code}`)}</span> }))}
        />
      </Field>
      <Switch label={t('style.labels')} checked={appearance.labels} onChange={(event) => setAppearance({ labels: event.currentTarget.checked })} data-testid="graph-labels" />
      <Field label={t('style.labelScale')}>
        <Slider
          min={0.5}
          max={2.5}
          step={0.1}
          value={appearance.labelScale}
          onChange={(value) => setAppearance({ labelScale: value })}
          disabled={!appearance.labels}
          label={(value) => `${value.toFixed(1)}×`}
          aria-label={t('style.labelScale')}
        />
      </Field>
      <Field label={t('style.nodeScale')}>
        <Group gap="xs">
          <ActionIcon variant="default" aria-label={t('style.smaller')} onClick={() => setAppearance({ nodeScaleSteps: Math.max(-5, appearance.nodeScaleSteps - 1) })}>
            −
          </ActionIcon>
          <Text fz="sm" w={56} ta="center" data-testid="graph-node-scale">
            {scalePercent}%
          </Text>
          <ActionIcon variant="default" aria-label={t('style.larger')} onClick={() => setAppearance({ nodeScaleSteps: Math.min(20, appearance.nodeScaleSteps + 1) })}>
            +
          </ActionIcon>
        </Group>
      </Field>
      <Field label={t('style.colorBy')}>
        <SegmentedControl
          fullWidth
          size="xs"
          value={appearance.colorBy}
          onChange={(value) => setAppearance({ colorBy: value === 'keyPerson' ? 'keyPerson' : 'unit' })}
          data={(['unit', 'keyPerson'] as const).map((code) => ({ value: code, label: <span data-testid={`graph-color-by-${code}`}>{t(`colorBy.${code}`)}</span> }))}
        />
      </Field>
      <Switch label={t('style.darkMode')} checked={appearance.dark} onChange={(event) => setAppearance({ dark: event.currentTarget.checked })} data-testid="graph-dark" />
    </Stack>
  );
}
