import { Center, Group, Loader, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { NO_UNIT_ID, OVERVIEW_NODE_UNIT, type TGraphUnit } from '@ona/contracts';
import { useId, useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { OverviewCanvas } from '../../graph/overview-canvas.tsx';
import type { TDecodedOverview } from './graph-overview-api.ts';
import { RecalculatingOverlay } from './graph-frame.tsx';
import { useGraphViewStore } from './graph-store.ts';

const NO_UNITS: readonly TGraphUnit[] = [];

type TOverviewGraphProps = {
  overview: TDecodedOverview | undefined;
  recalculating: boolean;
  onReady?: (handle: { resetCamera: () => void } | null) => void;
  frameStyle: CSSProperties;
};

/**
 * The overview of units (docs/graph.md): a unit is opened into its people by a click on its
 * node, or from the list below the canvas (the way in for the keyboard and screen readers); the
 * switch keeps or leaves out the other units.
 */
export function OverviewGraph({ overview, recalculating, onReady, frameStyle }: TOverviewGraphProps) {
  const { t } = useTranslation('graph');
  const hintId = useId();
  const openUnits = useGraphViewStore((state) => state.openUnits);
  const rest = useGraphViewStore((state) => state.overviewRest);
  const setOpenUnits = useGraphViewStore((state) => state.setOpenUnits);
  const setRest = useGraphViewStore((state) => state.setOverviewRest);
  const unitName = (name: string) => name || t('overview.noUnit');

  // Every unit with people in the view can be opened: those drawn as units, and those already open.
  const options = useMemo(() => {
    if (!overview) return [];
    const { columns, answer } = overview;
    const names = new Map(answer.units.map((u) => [u.id, u.name] as const));
    const ids = new Set(answer.open);
    for (let i = 0; i < columns.kind.length; i++) if (columns.kind[i] === OVERVIEW_NODE_UNIT) ids.add(columns.id[i]!);
    return [...ids].map((id) => ({ value: String(id), label: id === NO_UNIT_ID ? t('overview.noUnit') : (names.get(id) ?? String(id)) })).sort((a, b) => a.label.localeCompare(b.label));
  }, [overview, t]);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" id={hintId}>
        {t('overview.hint')}
      </Text>
      <div style={{ position: 'relative', ...frameStyle }}>
        <OverviewCanvas
          columns={overview?.columns ?? null}
          units={overview?.answer.units ?? NO_UNITS}
          unitLabel={unitName}
          onOpenUnit={(unitId) => setOpenUnits([...new Set([...openUnits, unitId])])}
          onReady={onReady}
          label={overview ? t('overview.canvasLabel', { units: overview.columns.kind.filter((k) => k === OVERVIEW_NODE_UNIT).length, people: overview.answer.statistics.employee_count }) : t('loading')}
        />
        {!overview && (
          <Center pos="absolute" inset={0}>
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        )}
        {recalculating && <RecalculatingOverlay />}
      </div>
      <Group align="flex-end" gap="md">
        <MultiSelect
          label={t('overview.open')}
          description={t('overview.openHint')}
          placeholder={openUnits.length === 0 ? t('overview.openPlaceholder') : undefined}
          data={options}
          value={openUnits.map(String)}
          onChange={(values) => setOpenUnits(values.map(Number))}
          searchable
          clearable
          style={{ flex: 1, minWidth: 240 }}
          data-testid="graph-overview-open"
        />
        <Switch
          label={t('overview.rest')}
          checked={rest === 'units'}
          onChange={(event) => setRest(event.currentTarget.checked ? 'units' : 'none')}
          data-testid="graph-overview-rest"
        />
      </Group>
    </Stack>
  );
}
